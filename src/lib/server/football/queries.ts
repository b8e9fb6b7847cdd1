// Reads of the football tables, mapped to the shapes pages and the API use. No caching here:
// the service decides what to cache.
import { and, asc, desc, eq, gt, gte, inArray, lt, min, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import {
  auditLog,
  footballLeagues,
  footballMatches,
  footballPredictions,
  footballStandings,
  footballTeams,
  type FootballPredictionRow,
} from '../db/schema/index.ts';
import type {
  MatchDetail,
  MatchState,
  MatchStatus,
  MatchSummary,
  Prediction,
  ScorePair,
  Side,
  StandingsGroup,
  StandingsTable,
  TeamRef,
} from '../../shared/football/types.ts';
import * as standings from './standings.ts';
import { abandonedOn, awardedTo, resolveDecisions } from './data/table-decisions.ts';

const home = alias(footballTeams, 'home_team');
const away = alias(footballTeams, 'away_team');
const m = footballMatches;

const summaryColumns = {
  id: m.id,
  season: m.season,
  round: m.round,
  kickoffAt: m.kickoffAt,
  timeKnown: m.timeKnown,
  status: m.status,
  minute: m.minute,
  homeScore: m.homeScore,
  awayScore: m.awayScore,
  htHome: m.htHome,
  htAway: m.htAway,
  etHome: m.etHome,
  etAway: m.etAway,
  penHome: m.penHome,
  penAway: m.penAway,
  leagueId: footballLeagues.id,
  leagueName: footballLeagues.name,
  leagueCountry: footballLeagues.country,
  leagueLogo: footballLeagues.logo,
  homeId: home.id,
  homeName: home.name,
  homeBadge: home.badge,
  awayId: away.id,
  awayName: away.name,
  awayBadge: away.badge,
};

type SummaryRow = {
  id: number;
  season: string;
  round: string;
  kickoffAt: Date;
  timeKnown: boolean;
  status: MatchStatus;
  minute: string;
  homeScore: number | null;
  awayScore: number | null;
  htHome: number | null;
  htAway: number | null;
  etHome: number | null;
  etAway: number | null;
  penHome: number | null;
  penAway: number | null;
  leagueId: number;
  leagueName: string;
  leagueCountry: string;
  leagueLogo: string;
  homeId: number;
  homeName: string;
  homeBadge: string;
  awayId: number;
  awayName: string;
  awayBadge: string;
};

function pair(h: number | null, a: number | null): ScorePair | null {
  return h === null || a === null ? null : { home: h, away: a };
}

/**
 * A match stored as live this long after its kick-off is no longer shown as live: its provider
 * dropped it without a result (a 90-minute match with extra time, penalties and a long break is
 * over within about three hours). It shows 'Hasil belum tersedia' instead of a frozen minute.
 */
export const LIVE_MAX_MS = 4 * 3_600_000;

/**
 * A match whose kick-off time is not known is stored at the start of its day (the league's local
 * day in the open data, the WIB day with apifootball.com): it has not begun until that day is over.
 */
export const UNTIMED_DAY_MS = 86_400_000;

/** Whether a match's kick-off has passed at `now` (for one without a time: its whole day). */
export function kickedOff(kickoffAt: Date, timeKnown: boolean, now: Date): boolean {
  return kickoffAt.getTime() + (timeKnown ? 0 : UNTIMED_DAY_MS) <= now.getTime();
}

/**
 * What a reader sees: a scheduled match whose kick-off has passed without a result is 'no_result',
 * and so is one left live for LIVE_MAX_MS.
 */
export function stateOf(status: MatchStatus, kickoffAt: Date, timeKnown: boolean, now: Date): MatchState {
  switch (status) {
    case 'live':
      // One without a time may have kicked off at any hour of its day.
      return now.getTime() - kickoffAt.getTime() < LIVE_MAX_MS + (timeKnown ? 0 : UNTIMED_DAY_MS) ? 'live' : 'no_result';
    case 'finished':
    case 'awarded':
      return 'finished';
    case 'postponed':
      return 'postponed';
    case 'cancelled':
      return 'cancelled';
    case 'abandoned':
      // Kicked off and stopped for good (weather, crowd): not the same as called off beforehand.
      return 'abandoned';
    default:
      return kickedOff(kickoffAt, timeKnown, now) ? 'no_result' : 'upcoming';
  }
}

/** A score is shown for a match that was played, is being played, or was stopped (the score when it stopped, where the data has one). */
const scoreShown = (state: MatchState) => state === 'finished' || state === 'live' || state === 'abandoned';

function toSummary(r: SummaryRow, now: Date): MatchSummary {
  const state = stateOf(r.status, r.kickoffAt, r.timeKnown, now);
  const shown = scoreShown(state);
  return {
    id: r.id,
    league: { id: r.leagueId, name: r.leagueName, country: r.leagueCountry, logo: r.leagueLogo },
    season: r.season,
    round: r.round,
    kickoffAt: r.kickoffAt.toISOString(),
    timeKnown: r.timeKnown,
    home: { id: r.homeId, name: r.homeName, badge: r.homeBadge },
    away: { id: r.awayId, name: r.awayName, badge: r.awayBadge },
    status: r.status,
    state,
    minute: r.minute,
    score: shown ? pair(r.homeScore, r.awayScore) : null,
    halftime: shown ? pair(r.htHome, r.htAway) : null,
    extraTime: shown ? pair(r.etHome, r.etAway) : null,
    penalties: shown ? pair(r.penHome, r.penAway) : null,
  };
}

function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(m)
    .innerJoin(footballLeagues, eq(footballLeagues.id, m.leagueId))
    .innerJoin(home, eq(home.id, m.homeTeamId))
    .innerJoin(away, eq(away.id, m.awayTeamId));
}

export interface ListOptions {
  where: SQL | undefined;
  order: 'asc' | 'desc';
  limit: number;
}

export async function listMatches(db: Db, now: Date, opts: ListOptions): Promise<MatchSummary[]> {
  const rows = await selectSummaries(db)
    .where(opts.where)
    .orderBy(opts.order === 'asc' ? asc(m.kickoffAt) : desc(m.kickoffAt), asc(m.id))
    .limit(opts.limit);
  return rows.map((r) => toSummary(r, now));
}

export const where = {
  between: (from: Date, to: Date) => and(gte(m.kickoffAt, from), lt(m.kickoffAt, to)),
  league: (leagueId: number | undefined) => (leagueId === undefined ? undefined : eq(m.leagueId, leagueId)),
  leagues: (ids: number[]) => inArray(m.leagueId, ids),
  /** Live and within LIVE_MAX_MS of its kick-off (stateOf; for one without a time, of its day's end). */
  live: (now: Date) =>
    and(
      eq(m.status, 'live'),
      gt(m.kickoffAt, new Date(now.getTime() - LIVE_MAX_MS - UNTIMED_DAY_MS)),
      or(gt(m.kickoffAt, new Date(now.getTime() - LIVE_MAX_MS)), eq(m.timeKnown, false)),
    ),
  /** Scheduled and not begun (kickedOff); the range on kick-off keeps the index usable. */
  upcoming: (now: Date) =>
    and(
      eq(m.status, 'scheduled'),
      gt(m.kickoffAt, new Date(now.getTime() - UNTIMED_DAY_MS)),
      or(gt(m.kickoffAt, now), eq(m.timeKnown, false)),
    ),
  played: (before: Date, since?: Date) =>
    and(inArray(m.status, ['finished', 'awarded']), lt(m.kickoffAt, before), since && gte(m.kickoffAt, since)),
  team: (teamId: number) => or(eq(m.homeTeamId, teamId), eq(m.awayTeamId, teamId)),
  pair: (a: number, b: number) =>
    or(and(eq(m.homeTeamId, a), eq(m.awayTeamId, b)), and(eq(m.homeTeamId, b), eq(m.awayTeamId, a))),
};

/** An awarded result's winner: the side ahead (0-3), or on a level score the ruling the data lacks (table-decisions). */
function awardedSide(r: Pick<SummaryRow, 'homeScore' | 'awayScore' | 'leagueId' | 'season' | 'homeName' | 'awayName'>): Side | null {
  if (r.homeScore === null || r.awayScore === null) return null;
  if (r.homeScore !== r.awayScore) return r.homeScore > r.awayScore ? 'home' : 'away';
  return awardedTo(r.leagueId, r.season, r.homeName, r.awayName) ?? null;
}

export async function matchDetail(db: Db, id: number, now: Date): Promise<MatchDetail | null> {
  const [r] = await db
    .select({
      ...summaryColumns,
      groupName: m.groupName,
      ftHome: m.ftHome,
      ftAway: m.ftAway,
      penFromReports: m.penFromReports,
      statistics: m.statistics,
      events: m.events,
      lineups: m.lineups,
      referee: m.referee,
      venue: m.venue,
    })
    .from(m)
    .innerJoin(footballLeagues, eq(footballLeagues.id, m.leagueId))
    .innerJoin(home, eq(home.id, m.homeTeamId))
    .innerJoin(away, eq(away.id, m.awayTeamId))
    .where(eq(m.id, id));
  if (!r) return null;
  const summary = toSummary(r, now);
  const shown = scoreShown(summary.state);
  return {
    ...summary,
    groupName: r.groupName,
    fulltime: shown ? pair(r.ftHome, r.ftAway) : null,
    awardedTo: summary.state === 'finished' && r.status === 'awarded' ? awardedSide(r) : null,
    ...(summary.penalties && r.penFromReports && { penaltiesFromReports: true as const }),
    statistics: r.statistics,
    events: r.events,
    lineups: r.lineups,
    referee: r.referee,
    venue: r.venue,
  };
}

/** External id and teams of a match: what a provider call about it needs. */
export async function matchKeys(db: Db, id: number) {
  const [r] = await db
    .select({
      externalId: m.externalId,
      leagueId: m.leagueId,
      homeKey: home.externalId,
      awayKey: away.externalId,
      homeTeamId: m.homeTeamId,
      awayTeamId: m.awayTeamId,
      kickoffAt: m.kickoffAt,
      status: m.status,
    })
    .from(m)
    .innerJoin(home, eq(home.id, m.homeTeamId))
    .innerJoin(away, eq(away.id, m.awayTeamId))
    .where(eq(m.id, id));
  return r ?? null;
}

export async function seasons(db: Db, leagueId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ season: m.season })
    .from(m)
    // Seasons known only from head-to-head rows have no table to show.
    .where(and(eq(m.leagueId, leagueId), eq(m.countsForTable, true)));
  return rows.map((r) => r.season).sort((a, b) => b.localeCompare(a));
}

/**
 * The kick-off of the latest match with a result (finished or awarded) from the data, if any: not
 * one an admin entered (a 'match.result' in the audit log), which FOOTBALL_CLOCK's running clock
 * allowed after the instant it started from. A match without a time counts at the end of its day
 * (UNTIMED_DAY_MS after the start it is stored at), as `kickedOff` counts it: any time that day.
 */
export async function lastDataResultAt(db: Db): Promise<Date | null> {
  const [r] = await db
    .select({
      at: sql<Date | string | null>`max(${m.kickoffAt} + case when ${m.timeKnown} then interval '0' else ${`${UNTIMED_DAY_MS} milliseconds`}::interval end)`,
    })
    .from(m)
    .where(
      and(
        inArray(m.status, ['finished', 'awarded']),
        sql`${m.homeScore} is not null`,
        sql`not exists (select 1 from ${auditLog} where ${auditLog.action} = 'match.result' and ${auditLog.target} = 'match:' || ${m.id})`,
      ),
    );
  return r?.at ? new Date(r.at) : null;
}

/** Match ids, latest kick-off first, at most `limit` of them: the sitemap's match pages. */
export async function matchIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db.select({ id: m.id }).from(m).orderBy(desc(m.kickoffAt), desc(m.id)).limit(limit);
  return rows.map((r) => r.id);
}

export async function leaguesWithData(db: Db): Promise<{ id: number; name: string; country: string; logo: string }[]> {
  return db
    .select({ id: footballLeagues.id, name: footballLeagues.name, country: footballLeagues.country, logo: footballLeagues.logo })
    .from(footballLeagues)
    .where(sql`exists (select 1 from ${m} where ${m.leagueId} = ${footballLeagues.id})`);
}

export async function league(db: Db, leagueId: number) {
  const [r] = await db.select().from(footballLeagues).where(eq(footballLeagues.id, leagueId));
  return r ?? null;
}

/** The provider's published table when there is one, else the table computed from results. */
export async function standingsGroups(
  db: Db,
  leagueId: number,
  season: string,
  now: Date = new Date(),
): Promise<Pick<StandingsTable, 'groups' | 'source' | 'results' | 'tieBreak' | 'deductions' | 'playoffs' | 'unmatchedDecisions' | 'abandoned' | 'notCounted' | 'awarded'>> {
  const published = await db
    .select({
      groupName: footballStandings.groupName,
      position: footballStandings.position,
      played: footballStandings.played,
      won: footballStandings.won,
      drawn: footballStandings.drawn,
      lost: footballStandings.lost,
      goalsFor: footballStandings.goalsFor,
      goalsAgainst: footballStandings.goalsAgainst,
      points: footballStandings.points,
      teamId: footballTeams.id,
      teamName: footballTeams.name,
      teamBadge: footballTeams.badge,
    })
    .from(footballStandings)
    .innerJoin(footballTeams, eq(footballTeams.id, footballStandings.teamId))
    .where(and(eq(footballStandings.leagueId, leagueId), eq(footballStandings.season, season)))
    .orderBy(asc(footballStandings.groupName), asc(footballStandings.position));
  if (published.length) {
    const groups = new Map<string, StandingsGroup>();
    for (const r of published) {
      const g = groups.get(r.groupName) ?? { name: r.groupName, rows: [] };
      groups.set(r.groupName, g);
      g.rows.push({
        position: r.position,
        team: { id: r.teamId, name: r.teamName, badge: r.teamBadge },
        played: r.played,
        won: r.won,
        drawn: r.drawn,
        lost: r.lost,
        goalsFor: r.goalsFor,
        goalsAgainst: r.goalsAgainst,
        goalDifference: r.goalsFor - r.goalsAgainst,
        points: r.points,
      });
    }
    return { groups: [...groups.values()], source: 'provider' };
  }

  const rows = await db
    .select({
      homeTeamId: m.homeTeamId,
      awayTeamId: m.awayTeamId,
      homeScore: m.homeScore,
      awayScore: m.awayScore,
      groupName: m.groupName,
      countsForTable: m.countsForTable,
      status: m.status,
      kickoffAt: m.kickoffAt,
      timeKnown: m.timeKnown,
      homeName: home.name,
      homeBadge: home.badge,
      awayName: away.name,
      awayBadge: away.badge,
    })
    .from(m)
    .innerJoin(home, eq(home.id, m.homeTeamId))
    .innerJoin(away, eq(away.id, m.awayTeamId))
    // Called-off matches too (the importer keeps them out of the table): the note names them.
    .where(and(eq(m.leagueId, leagueId), eq(m.season, season), or(eq(m.countsForTable, true), eq(m.status, 'cancelled'))));
  const teams = new Map<number, TeamRef>();
  for (const r of rows) {
    teams.set(r.homeTeamId, { id: r.homeTeamId, name: r.homeName, badge: r.homeBadge });
    teams.set(r.awayTeamId, { id: r.awayTeamId, name: r.awayName, badge: r.awayBadge });
  }
  const tieBreak = standings.ruleFor(leagueId, season);
  const { deductions, playoffs, unmatched } = resolveDecisions(leagueId, season, now, new Map([...teams.values()].map((t) => [t.name, t])));
  const groups = standings.compute(
    rows.filter((r) => r.countsForTable).map((r) => ({
      ...r,
      played: r.status === 'finished' || r.status === 'awarded',
      awardedTo: r.status === 'awarded' && r.homeScore === r.awayScore ? awardedTo(leagueId, season, r.homeName, r.awayName) : undefined,
    })),
    teams,
    tieBreak,
    { deducted: new Map(deductions.map((d) => [d.team.id, d.points])), playoffs: playoffs.map((p) => [p.winner.id, p.loser.id] as const) },
  );
  // How far the results go: a computed table is only as current as its data (the open data stops
  // giving results during a season), which the page says.
  let last: Date | null = null;
  let missing = 0;
  for (const r of rows) {
    const state = stateOf(r.status, r.kickoffAt, r.timeKnown, now);
    if (state === 'finished' && (!last || r.kickoffAt > last)) last = r.kickoffAt;
    if (state === 'no_result') missing += 1;
  }
  // Whether the season is over: none of its matches, knock-out rounds included, is still to be
  // played or without a result; and its last match played, the final of a cup (the table's own
  // last match, above, is the league phase's). The page says so when the latest season in the data
  // is over (La Liga's 2025-26 in November 2026), rather than let its final table pass for the
  // current one.
  const [whole] = await db
    .select({
      open: sql<number>`count(*) filter (where ${m.status} not in ('finished', 'awarded', 'cancelled', 'abandoned'))`.mapWith(Number),
      lastPlayed: sql<Date | null>`max(${m.kickoffAt}) filter (where ${m.status} in ('finished', 'awarded'))`.mapWith(m.kickoffAt),
    })
    .from(m)
    .where(and(eq(m.leagueId, leagueId), eq(m.season, season)));
  const abandoned = abandonedOn(leagueId, season);
  // A table with fewer games than its fixtures says why: matches called off or stopped and never
  // completed (Nantes v Toulouse 2025-26). A season abandoned as a whole has its own note.
  const notCounted = abandoned
    ? []
    : rows
        .filter((r) => r.status === 'cancelled' || r.status === 'abandoned')
        .map((r) => ({
          home: teams.get(r.homeTeamId)!,
          away: teams.get(r.awayTeamId)!,
          kickoffAt: r.kickoffAt.toISOString(),
          state: r.status === 'cancelled' ? ('cancelled' as const) : ('abandoned' as const),
        }))
        .sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt));
  // Wins given by a ruling (a match stopped, a side fielding an ineligible player), counted as the
  // ruling says, not as the score stood: the note names them (Bastia v Lyon 2017, 0-0 when stopped).
  const awarded = rows
    .filter((r) => r.countsForTable && r.status === 'awarded')
    .flatMap((r) => {
      const side = awardedSide({ ...r, leagueId, season });
      if (!side) return [];
      const [winner, loser] = side === 'home' ? [r.homeTeamId, r.awayTeamId] : [r.awayTeamId, r.homeTeamId];
      return [{ winner: teams.get(winner)!, loser: teams.get(loser)!, kickoffAt: r.kickoffAt.toISOString() }];
    })
    .sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt));
  return {
    groups,
    source: 'computed',
    results: {
      last: last?.toISOString() ?? null,
      missing,
      open: whole?.open ?? 0,
      seasonLast: whole?.lastPlayed ? new Date(whole.lastPlayed).toISOString() : null,
    },
    ...(notCounted.length > 0 && { notCounted }),
    ...(awarded.length > 0 && { awarded }),
    tieBreak,
    deductions,
    playoffs,
    ...(unmatched && { unmatchedDecisions: true }),
    ...(abandoned && { abandoned }),
  };
}

export function toPrediction(p: FootballPredictionRow): Prediction {
  return {
    source: p.source,
    homeWin: p.probHomeWin,
    draw: p.probDraw,
    awayWin: p.probAwayWin,
    homeOrDraw: p.probHomeOrDraw,
    awayOrDraw: p.probAwayOrDraw,
    homeOrAway: p.probHomeOrAway,
    over15: p.probOver15,
    under15: p.probUnder15,
    over25: p.probOver25,
    under25: p.probUnder25,
    over35: p.probOver35,
    under35: p.probUnder35,
  };
}

export async function prediction(db: Db, matchId: number): Promise<Prediction | null> {
  const [p] = await db.select().from(footballPredictions).where(eq(footballPredictions.matchId, matchId));
  return p ? toPrediction(p) : null;
}

/**
 * The kick-off of the first predicted match at or after `from` (of one league), if any. An
 * aggregate, not ORDER BY … LIMIT 1, which walks the kick-off index from `from` through every match
 * without a forecast: from 2019 that read 21,000 matches in 33 ms on PostgreSQL 15, the aggregate
 * over the 892 forecasts 12 ms (from tomorrow both take under a millisecond).
 */
export async function nextPredictedKickoff(db: Db, from: Date, leagueId: number | undefined): Promise<Date | null> {
  const [row] = await db
    .select({ kickoffAt: min(m.kickoffAt) })
    .from(footballPredictions)
    .innerJoin(m, eq(m.id, footballPredictions.matchId))
    .where(and(gte(m.kickoffAt, from), leagueId === undefined ? undefined : eq(m.leagueId, leagueId)));
  return row?.kickoffAt ?? null;
}

export async function predictedMatches(
  db: Db,
  now: Date,
  from: Date,
  to: Date,
  leagueId: number | undefined,
): Promise<{ match: MatchSummary; prediction: Prediction }[]> {
  const rows = await db
    .select({ ...summaryColumns, p: footballPredictions })
    .from(footballPredictions)
    .innerJoin(m, eq(m.id, footballPredictions.matchId))
    .innerJoin(footballLeagues, eq(footballLeagues.id, m.leagueId))
    .innerJoin(home, eq(home.id, m.homeTeamId))
    .innerJoin(away, eq(away.id, m.awayTeamId))
    .where(and(gte(m.kickoffAt, from), lt(m.kickoffAt, to), leagueId === undefined ? undefined : eq(m.leagueId, leagueId)))
    .orderBy(asc(m.kickoffAt), asc(m.id));
  return rows.map(({ p, ...r }) => ({ match: toSummary(r, now), prediction: toPrediction(p) }));
}
