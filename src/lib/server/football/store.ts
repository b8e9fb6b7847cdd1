// Writes source records into the database. Every write is an upsert on the source's identity
// that touches a row only when a value differs, so importing the same data twice changes nothing
// (no row rewritten, updated_at untouched) and the counts say what really changed.
import { and, eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import {
  footballLeagues,
  footballMatches,
  footballPredictions,
  footballStandings,
  footballTeams,
} from '../db/schema/index.ts';
import type {
  ImportBatch,
  LeagueRecord,
  MatchRecord,
  PredictionRecord,
  StandingRecord,
  StoreResult,
  TeamRecord,
} from './sources/types.ts';

const CHUNK = 500;

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** SET clause (every column but the excluded ones) plus the "only when something differs" guard. */
function changedOnly<T extends PgTable>(table: T, skip: string[], keepIfEmpty: string[] = []) {
  const cols = Object.entries(getTableColumns(table)).filter(([key]) => !skip.includes(key)) as [string, PgColumn][];
  const set: Record<string, SQL> = {};
  // A column in keepIfEmpty keeps its stored value when the new one is '' (a partial row).
  const incoming = (key: string, col: PgColumn) =>
    keepIfEmpty.includes(key) ? sql`coalesce(nullif(${sql.raw(`excluded."${col.name}"`)}, ''), ${col})` : sql.raw(`excluded."${col.name}"`);
  for (const [key, col] of cols) set[key] = incoming(key, col);
  const mine = sql.join(
    cols.map(([, col]) => sql`${col}`),
    sql`, `,
  );
  const theirs = sql.join(
    cols.map(([key, col]) => incoming(key, col)),
    sql`, `,
  );
  const setWhere = sql`(${mine}) is distinct from (${theirs})`;
  return { set: { ...set, updatedAt: sql`now()` }, setWhere };
}

/**
 * INSERT … ON CONFLICT DO UPDATE for many rows sent as one JSON parameter (jsonb_to_recordset):
 * one bound value instead of one per cell, which makes a full import several times faster on
 * PGlite. `rows` use the table's property names; `conflict` lists the conflict target's.
 * Returns one flag per inserted or changed row: true when inserted.
 */
async function upsertJson<T extends PgTable>(
  db: Db,
  table: T,
  rows: Record<string, unknown>[],
  conflict: string[],
  skip: string[],
  /** When given, an existing row only has these columns updated. */
  only?: string[],
): Promise<boolean[]> {
  if (!rows.length) return [];
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in rows[0]!) as [string, PgColumn][];
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(columns.map(([key, col]) => [col.name, r[key] ?? null]))));
  const names = columns.map(([, col]) => `"${col.name}"`).join(', ');
  const types = columns.map(([, col]) => `"${col.name}" ${col.getSQLType()}`).join(', ');
  const byKey = Object.fromEntries(columns);
  const target = conflict.map((k) => `"${byKey[k]!.name}"`).join(', ');
  const updatable = columns.filter(([key]) => !skip.includes(key) && !conflict.includes(key) && (!only || only.includes(key)));
  const set = [...updatable.map(([, c]) => `"${c.name}" = excluded."${c.name}"`), 'updated_at = now()'].join(', ');
  const mine = updatable.map(([, c]) => `t."${c.name}"`).join(', ');
  const theirs = updatable.map(([, c]) => `excluded."${c.name}"`).join(', ');
  const tableName = sql.raw(`"${getTableName(table)}"`);
  const query = sql`insert into ${tableName} as t (${sql.raw(names)})
    select ${sql.raw(names)} from jsonb_to_recordset(${json}::jsonb) as x(${sql.raw(types)})
    on conflict (${sql.raw(target)}) do update set ${sql.raw(set)}
    where (${sql.raw(mine)}) is distinct from (${sql.raw(theirs)})
    returning (xmax = 0) as inserted`;
  // Both drivers (PGlite, node-postgres) answer with { rows }.
  const result = (await db.execute(query)) as unknown as { rows: { inserted: boolean }[] };
  return result.rows.map((r) => r.inserted);
}

export async function upsertLeagues(db: Db, leagues: LeagueRecord[]): Promise<number> {
  if (!leagues.length) return 0;
  // Rows of get_standings and get_predictions carry no league logo: they must not erase it.
  const { set, setWhere } = changedOnly(footballLeagues, ['id', 'updatedAt'], ['logo']);
  const rows = await db
    .insert(footballLeagues)
    .values(leagues.map((l) => ({ id: l.id, name: l.name, country: l.country, logo: l.logo })))
    .onConflictDoUpdate({ target: footballLeagues.id, set, setWhere })
    .returning({ id: footballLeagues.id });
  return rows.length;
}

/** Upserts teams and returns the id of every given key. */
export async function upsertTeams(db: Db, teams: TeamRecord[]): Promise<{ ids: Map<string, number>; changed: number }> {
  const unique = [...new Map(teams.map((t) => [t.key, t])).values()];
  // Rows of get_predictions carry no team badges: they must not erase them. Nor may a row whose
  // team name came empty blank the team on every page.
  const { set, setWhere } = changedOnly(footballTeams, ['id', 'externalId', 'updatedAt'], ['badge', 'name']);
  let changed = 0;
  for (const part of chunks(unique)) {
    const rows = await db
      .insert(footballTeams)
      .values(part.map((t) => ({ externalId: t.key, name: t.name, country: t.country, badge: t.badge })))
      .onConflictDoUpdate({ target: footballTeams.externalId, set, setWhere })
      .returning({ id: footballTeams.id });
    changed += rows.length;
  }
  const ids = new Map<string, number>();
  for (const part of chunks(unique.map((t) => t.key), 5000)) {
    const rows = await db
      .select({ id: footballTeams.id, key: footballTeams.externalId })
      .from(footballTeams)
      .where(inArray(footballTeams.externalId, part));
    for (const r of rows) ids.set(r.key, r.id);
  }
  return { ids, changed };
}

function matchRow(m: MatchRecord, teamIds: Map<string, number>) {
  return {
    externalId: m.key,
    leagueId: m.leagueId,
    season: m.season,
    round: m.round,
    groupName: m.groupName,
    countsForTable: m.countsForTable,
    kickoffAt: m.kickoffAt,
    timeKnown: m.timeKnown,
    homeTeamId: teamIds.get(m.home.key)!,
    awayTeamId: teamIds.get(m.away.key)!,
    status: m.status,
    minute: m.minute,
    homeScore: m.score?.home ?? null,
    awayScore: m.score?.away ?? null,
    htHome: m.halftime?.home ?? null,
    htAway: m.halftime?.away ?? null,
    ftHome: m.fulltime?.home ?? null,
    ftAway: m.fulltime?.away ?? null,
    etHome: m.extraTime?.home ?? null,
    etAway: m.extraTime?.away ?? null,
    penHome: m.penalties?.home ?? null,
    penAway: m.penalties?.away ?? null,
    penFromReports: m.penaltiesFromReports ?? false,
    statistics: m.statistics,
    events: m.events,
    lineups: m.lineups,
    referee: m.referee,
    venue: m.venue,
  };
}

/**
 * Summary rows (head-to-head, a team's history, prediction lists) carry no events, lineups or
 * statistics: for a match already stored they update only the state and the score.
 */
const SUMMARY_COLUMNS = ['status', 'minute', 'homeScore', 'awayScore'];

export async function upsertMatches(
  db: Db,
  matches: MatchRecord[],
  teamIds: Map<string, number>,
  opts: { summaryOnly?: boolean } = {},
): Promise<{ inserted: number; updated: number; ids: Map<string, number> }> {
  // One statement cannot touch a row twice: a match listed twice (head-to-head and a team's
  // history) is written once, its last occurrence winning.
  matches = [...new Map(matches.map((m) => [m.key, m])).values()];
  let inserted = 0;
  let updated = 0;
  // PGlite's memory grows to the largest statement's needs and never shrinks: 8000 matches at a time
  // (statistics, events and lineups in one JSON value) kept 140 MB more for the process's life, 500
  // keep 57 MB, as fast.
  for (const part of chunks(matches)) {
    const flags = await upsertJson(
      db,
      footballMatches,
      part.map((m) => matchRow(m, teamIds)),
      ['externalId'],
      ['id', 'updatedAt'],
      opts.summaryOnly ? SUMMARY_COLUMNS : undefined,
    );
    for (const isNew of flags) {
      if (isNew) inserted++;
      else updated++;
    }
  }
  const ids = new Map<string, number>();
  for (const part of chunks(matches.map((m) => m.key), 5000)) {
    const rows = await db
      .select({ id: footballMatches.id, key: footballMatches.externalId })
      .from(footballMatches)
      .where(inArray(footballMatches.externalId, part));
    for (const r of rows) ids.set(r.key, r.id);
  }
  return { inserted, updated, ids };
}

export async function upsertStandings(db: Db, standings: StandingRecord[], teamIds: Map<string, number>): Promise<number> {
  if (!standings.length) return 0;
  const { set, setWhere } = changedOnly(footballStandings, ['leagueId', 'season', 'groupName', 'teamId', 'updatedAt']);
  const rows = await db
    .insert(footballStandings)
    .values(
      standings.map((s) => ({
        leagueId: s.leagueId,
        season: s.season,
        groupName: s.groupName,
        teamId: teamIds.get(s.team.key)!,
        position: s.position,
        played: s.played,
        won: s.won,
        drawn: s.drawn,
        lost: s.lost,
        goalsFor: s.goalsFor,
        goalsAgainst: s.goalsAgainst,
        points: s.points,
      })),
    )
    .onConflictDoUpdate({
      target: [footballStandings.leagueId, footballStandings.season, footballStandings.groupName, footballStandings.teamId],
      set,
      setWhere,
    })
    .returning({ position: footballStandings.position });
  return rows.length;
}

export async function upsertPredictions(db: Db, predictions: PredictionRecord[], matchIds: Map<string, number>): Promise<number> {
  const rows = [...new Map(predictions.map((p) => [p.matchKey, p])).values()]
    .filter((p) => matchIds.has(p.matchKey))
    .map(({ matchKey, ...p }) => ({ matchId: matchIds.get(matchKey)!, ...p }));
  return upsertPredictionRows(db, rows);
}

export type PredictionRow = Omit<PredictionRecord, 'matchKey'> & { matchId: number };

/**
 * Upserts predictions by match id; a row changes only when a value differs. With `replaceOnly`,
 * an existing row is replaced only when its source is that one (the model keeps a provider's
 * prediction when the provider is the configured source).
 */
export async function upsertPredictionRows(db: Db, rows: PredictionRow[], opts: { replaceOnly?: string } = {}): Promise<number> {
  if (!rows.length) return 0;
  const changed = changedOnly(footballPredictions, ['matchId', 'updatedAt']);
  const setWhere = opts.replaceOnly === undefined ? changed.setWhere : and(changed.setWhere, eq(footballPredictions.source, opts.replaceOnly))!;
  let count = 0;
  for (const part of chunks(rows)) {
    const out = await db
      .insert(footballPredictions)
      .values(part)
      .onConflictDoUpdate({ target: footballPredictions.matchId, set: changed.set, setWhere })
      .returning({ matchId: footballPredictions.matchId });
    count += out.length;
  }
  return count;
}

/** Deletes the predictions of these matches written by `source` (by anyone when undefined); returns how many went. */
export async function deletePredictionRows(db: Db, matchIds: number[], source: string | undefined): Promise<number> {
  let count = 0;
  for (const part of chunks(matchIds, 5000)) {
    const out = await db
      .delete(footballPredictions)
      .where(and(inArray(footballPredictions.matchId, part), source === undefined ? undefined : eq(footballPredictions.source, source)))
      .returning({ matchId: footballPredictions.matchId });
    count += out.length;
  }
  return count;
}

/**
 * Writes a whole batch: leagues, then teams, then matches (full records, then summary records),
 * standings and predictions. A prediction's match must be in the batch or already stored.
 */
export async function write(db: Db, batch: ImportBatch): Promise<StoreResult & { matchIds: Map<string, number> }> {
  const summaries = batch.summaries ?? [];
  const leagueIds = new Set(batch.leagues.map((l) => l.id));
  const missing = [...new Set([...batch.matches, ...summaries].map((m) => m.leagueId))].filter((id) => !leagueIds.has(id));
  if (missing.length) throw new Error(`matches of unknown leagues: ${missing.join(', ')}`);
  const leagues = await upsertLeagues(db, batch.leagues);
  const teamRecords = [
    ...[...batch.matches, ...summaries].flatMap((m) => [m.home, m.away]),
    ...(batch.standings ?? []).map((s) => s.team),
  ];
  const teams = await upsertTeams(db, teamRecords);
  const full = await upsertMatches(db, batch.matches, teams.ids);
  const fullKeys = new Set(batch.matches.map((m) => m.key));
  const partial = await upsertMatches(
    db,
    summaries.filter((m) => !fullKeys.has(m.key)),
    teams.ids,
    { summaryOnly: true },
  );
  const matchIds = new Map([...partial.ids, ...full.ids]);
  const predictionKeys = (batch.predictions ?? []).map((p) => p.matchKey).filter((k) => !matchIds.has(k));
  for (const part of chunks(predictionKeys, 5000)) {
    const rows = await db
      .select({ id: footballMatches.id, key: footballMatches.externalId })
      .from(footballMatches)
      .where(inArray(footballMatches.externalId, part));
    for (const r of rows) matchIds.set(r.key, r.id);
  }
  const standings = await upsertStandings(db, batch.standings ?? [], teams.ids);
  const predictions = await upsertPredictions(db, batch.predictions ?? [], matchIds);
  return {
    leagues,
    teams: teams.changed,
    matchesInserted: full.inserted + partial.inserted,
    matchesUpdated: full.updated + partial.updated,
    standings,
    predictions,
    matchIds,
  };
}
