// The embedded source: real open data shipped beside the project (../shared/data/football, see its
// README): openfootball fixtures and results, the World Cups with goal scorers, and the datahub
// (football-data.co.uk) match statistics. `load` turns the folder into records; it is pure apart
// from reading files, so the quirks below are tested without a database.
//
// Quirks handled (README and found in the files):
// - score as an object {ht, ft, et, p}, as a list [0, 0] (2025-26 0-0 games), as {} or absent
//   (no result: the 2024-25 es.1/it.1 final rounds, whose scores the datahub rows give, and the
//   2024-25 Champions League final, which stays without one);
// - ht omitted for 0-0 games (then 0-0 at half time too); otherwise taken from datahub;
// - status cancelled/canceled, awarded, postponed; cancelled games without a time;
// - fixtures not yet timed written at a placeholder time (2026-27 Premier League and Championship:
//   12:00 UTC for every game from January 2027, whole rounds at one time of day before that):
//   taken as without a time (data/openfootball-quirks.ts);
// - team names spelt differently across seasons (data/team-aliases.ts) and " (ENG)" suffixes in
//   the Champions League files;
// - national teams named in English ("France"): shown in Indonesian (data/nation-names.ts), keyed
//   by the English name;
// - Premier League and Championship 2019-20 restart games dated a year early (2019-07-01 for
//   2020-07-01), before the season's first match day: moved a year on (data/openfootball-quirks.ts);
//   a datahub row of the same match on another date would still win;
// - the Championship play-offs labelled four ways across seasons (data/openfootball-quirks.ts):
//   never in the league table;
// - datahub CSVs in ISO-8859-1 with empty statistic cells;
// - World Cup minutes as numbers with an `offset` (2018, 2022) or strings '90+4' (2026), kick-off
//   times with or without a 'UTC+3' suffix (2022 has none: Qatar, UTC+3);
// - six World Cup half-time scores that contradict the match's own goal list: the half time is
//   counted from a whole goal list (halftimeFromGoals);
// - two level shoot-outs ('p': [4, 4], Champions League 2024-25): their real scores from the match
//   reports (SHOOTOUT_CORRECTIONS in data/openfootball-quirks.ts), marked penaltiesFromReports so that
//   their page says where the score comes from; any other would be dropped, as no shoot-out ends so;
// - two half-time scores that contradict the datahub row of the same result (Sassuolo v Cagliari
//   2020-21, Fiorentina v Inter 2024-25, both 0-0 at half time by the match reports): where the two
//   files agree on the full time but not on the half time, the datahub row's half time is taken.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LEAGUE_CATALOGUE } from '../../../shared/football/leagues.ts';
import type { GoalEvent, ScorePair, StatisticRow } from '../../../shared/football/types.ts';
import { nationName } from '../data/nation-names.ts';
import { isPlayoff, placeholderRounds, placeholderTimes, SHOOTOUT_CORRECTIONS, shootoutKey, yearEarlyCorrection } from '../data/openfootball-quirks.ts';
import { COUNTRY_CODES, TEAM_ALIASES } from '../data/team-aliases.ts';
import { offsetToUtc, parseTimeWithOffset, zonedToUtc, type LeagueZone } from '../time.ts';
import type { ImportBatch, LeagueRecord, MatchRecord, TeamRecord } from './types.ts';

/**
 * Bumped whenever the mapping below changes, so that a new release re-imports data whose files
 * did not change.
 */
export const IMPORTER_VERSION = 9;

interface Competition {
  code: string;
  leagueId: number;
  zone: LeagueZone;
  country: string;
  /** datahub folder with the statistics of this league, if any. */
  datahub?: string;
}

/** The league a competition code backs, from the catalogue (its one list of ids); a code it lacks is a mistake here. */
function catalogueId(code: string): number {
  const league = LEAGUE_CATALOGUE.find((l) => l.embedded === code);
  if (!league) throw new Error(`no league in LEAGUE_CATALOGUE has embedded: '${code}'`);
  return league.id;
}

/** Every club competition of the embedded data (the World Cup has its own reader, below). */
export const COMPETITIONS: readonly Competition[] = (
  [
    { code: 'en.1', zone: 'Europe/London', country: 'England', datahub: 'premier-league' },
    { code: 'en.2', zone: 'Europe/London', country: 'England' },
    { code: 'es.1', zone: 'Europe/Paris', country: 'Spain', datahub: 'la-liga' },
    { code: 'it.1', zone: 'Europe/Paris', country: 'Italy', datahub: 'serie-a' },
    { code: 'de.1', zone: 'Europe/Paris', country: 'Germany', datahub: 'bundesliga' },
    { code: 'fr.1', zone: 'Europe/Paris', country: 'France', datahub: 'ligue-1' },
    { code: 'nl.1', zone: 'Europe/Paris', country: 'Netherlands' },
    { code: 'pt.1', zone: 'Europe/Lisbon', country: 'Portugal' },
    { code: 'uefa.cl', zone: 'Europe/Paris', country: '' },
  ] as const
).map((c) => ({ ...c, leagueId: catalogueId(c.code) }));
export const WORLD_CUP_CODE = 'worldcup';
const WORLD_CUP_LEAGUE_ID = catalogueId(WORLD_CUP_CODE);
/** Kick-off offsets of World Cup files whose times carry none. */
const WORLD_CUP_DEFAULT_OFFSET: Record<string, number> = { '2022': 180 };

export interface LoadResult {
  batch: ImportBatch;
  fingerprint: string;
  /** Counts of quirks met, for the import log and tests. */
  notes: Record<string, number>;
}

interface SourceFile {
  rel: string;
  content: Buffer;
}

// ---------------------------------------------------------------------------------------------
// Files

async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}

async function listDir(p: string): Promise<string[]> {
  return (await exists(p)) ? (await fs.readdir(p)).sort() : [];
}

/** Every file the import reads, in a stable order. */
async function readSourceFiles(dir: string): Promise<SourceFile[]> {
  const rels: string[] = [];
  const fj = 'openfootball/football.json';
  for (const season of await listDir(path.join(dir, fj))) {
    if (!/^\d{4}-\d{2}$/.test(season)) continue;
    for (const c of COMPETITIONS) {
      const rel = `${fj}/${season}/${c.code}.json`;
      if (await exists(path.join(dir, rel))) rels.push(rel);
    }
  }
  const wc = 'openfootball/worldcup.json';
  for (const year of await listDir(path.join(dir, wc))) {
    const rel = `${wc}/${year}/worldcup.json`;
    if (/^\d{4}$/.test(year) && (await exists(path.join(dir, rel)))) rels.push(rel);
  }
  for (const c of COMPETITIONS) {
    if (!c.datahub) continue;
    for (const file of await listDir(path.join(dir, 'datahub-football-datasets', c.datahub))) {
      if (/^season-\d{4}\.csv$/.test(file)) rels.push(`datahub-football-datasets/${c.datahub}/${file}`);
    }
  }
  return Promise.all(rels.map(async (rel) => ({ rel, content: await fs.readFile(path.join(dir, rel)) })));
}

function fingerprintOf(files: SourceFile[]): string {
  const hash = crypto.createHash('sha256').update(`importer:${IMPORTER_VERSION}\n`);
  for (const f of files) hash.update(`${f.rel}\n${f.content.length}\n`).update(f.content);
  return hash.digest('hex');
}

/** The fingerprint alone: what boot compares to decide whether to import. */
export async function fingerprint(dir: string): Promise<string> {
  return fingerprintOf(await readSourceFiles(dir));
}

export async function isAvailable(dir: string): Promise<boolean> {
  return exists(path.join(dir, 'openfootball/football.json'));
}

// ---------------------------------------------------------------------------------------------
// Values

type RawScore = { ht?: number[]; ft?: number[]; et?: number[]; p?: number[] } | number[] | null | undefined;

function pair(v: unknown): ScorePair | null {
  if (!Array.isArray(v) || v.length !== 2) return null;
  const [home, away] = v;
  return Number.isInteger(home) && Number.isInteger(away) ? { home: home as number, away: away as number } : null;
}

interface Scores {
  halftime: ScorePair | null;
  fulltime: ScorePair | null;
  extraTime: ScorePair | null;
  penalties: ScorePair | null;
  /** `penalties` is the correction, not the file's score. */
  penaltiesFromReports?: true;
}

/** `correction`: the real shoot-out score of a match whose file has a level one (SHOOTOUT_CORRECTIONS). */
export function parseScore(raw: RawScore, notes: Record<string, number>, correction?: ScorePair): Scores {
  if (Array.isArray(raw)) {
    note(notes, 'scoreAsList');
    const ft = pair(raw);
    return { halftime: ft && ft.home === 0 && ft.away === 0 ? { home: 0, away: 0 } : null, fulltime: ft, extraTime: null, penalties: null };
  }
  if (!raw || typeof raw !== 'object') return { halftime: null, fulltime: null, extraTime: null, penalties: null };
  const fulltime = pair(raw.ft);
  let halftime = pair(raw.ht);
  if (!halftime && fulltime && fulltime.home === 0 && fulltime.away === 0) {
    note(notes, 'halftimeInferredFromNilNil');
    halftime = { home: 0, away: 0 };
  }
  // A shoot-out ends with a winner. The data has two Champions League ties of 2024-25 with 'p': [4, 4]
  // (Liverpool v Paris, Atlético v Real Madrid); shown, they would read as a result no shoot-out has.
  const penalties = pair(raw.p);
  if (penalties && penalties.home === penalties.away) {
    note(notes, correction ? 'levelShootoutCorrected' : 'levelShootoutDropped');
    return { halftime, fulltime, extraTime: pair(raw.et), penalties: correction ?? null, ...(correction && { penaltiesFromReports: true as const }) };
  }
  return { halftime, fulltime, extraTime: pair(raw.et), penalties };
}

function note(notes: Record<string, number>, key: string, n = 1): void {
  notes[key] = (notes[key] ?? 0) + n;
}

const COUNTRY_SUFFIX = / \(([A-Z]{3})\)$/;

export function canonicalClub(raw: string): { name: string; countryCode: string | undefined } {
  const m = COUNTRY_SUFFIX.exec(raw);
  const bare = m ? raw.slice(0, m.index) : raw;
  return { name: TEAM_ALIASES.get(bare) ?? bare, countryCode: m?.[1] };
}

/** '90+4' | 90 with offset 4 → { minute: '90+4', sort: 90.04 }. */
export function parseMinute(minute: unknown, offset?: unknown): { minute: string; sort: number } {
  let base: number;
  let extra = 0;
  if (typeof minute === 'number') {
    base = minute;
    extra = typeof offset === 'number' ? offset : 0;
  } else {
    const m = /^(\d+)(?:\+(\d+))?'?$/.exec(String(minute).trim());
    if (!m) return { minute: String(minute), sort: Number.MAX_SAFE_INTEGER };
    base = Number(m[1]);
    extra = Number(m[2] ?? 0);
  }
  return { minute: extra ? `${base}+${extra}` : String(base), sort: base + extra / 100 };
}

function seasonOfCsv(file: string): string {
  // season-2425.csv → 2024-25
  const m = /season-(\d{2})(\d{2})\.csv$/.exec(file)!;
  return `20${m[1]}-${m[2]}`;
}

/** A small RFC 4180 reader: the datahub files quote nothing today, but may. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((c) => c !== '')) rows.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    if (row.some((c) => c !== '')) rows.push(row);
  }
  const [header, ...body] = rows;
  if (!header) return [];
  return body.map((cells) => Object.fromEntries(header.map((h, i) => [h.trim(), (cells[i] ?? '').trim()])));
}

// ---------------------------------------------------------------------------------------------
// openfootball leagues and the Champions League

interface OfMatch {
  round?: string;
  stage?: string;
  group?: string;
  date: string;
  time?: string;
  team1: string;
  team2: string;
  score?: RawScore;
  status?: string;
  goals1?: OfGoal[];
  goals2?: OfGoal[];
  ground?: string;
  num?: number;
}

interface OfGoal {
  name: string;
  minute: number | string;
  offset?: number;
  penalty?: boolean;
  owngoal?: boolean;
}

function clubRecord(raw: string, fallbackCountry: string): TeamRecord {
  const { name, countryCode } = canonicalClub(raw);
  const country = (countryCode && COUNTRY_CODES.get(countryCode)) || fallbackCountry;
  return { key: `of:club:${name}`, name, country, badge: '' };
}

function statusOf(m: OfMatch, hasResult: boolean, notes: Record<string, number>): MatchRecord['status'] {
  switch (m.status?.toLowerCase()) {
    case undefined:
      return hasResult ? 'finished' : 'scheduled';
    case 'cancelled':
    case 'canceled':
      note(notes, 'statusCancelled');
      return 'cancelled';
    case 'postponed':
      note(notes, 'statusPostponed');
      return 'postponed';
    case 'awarded':
      note(notes, 'statusAwarded');
      return hasResult ? 'awarded' : 'scheduled';
    case 'abandoned':
      return 'abandoned';
    default:
      note(notes, 'statusUnknown');
      return hasResult ? 'finished' : 'scheduled';
  }
}

/** Matches in the league table: the regular season, group stages and the league phase. */
function countsForTable(c: Competition, m: OfMatch): { counts: boolean; group: string | null } {
  if (c.code === 'uefa.cl') {
    const round = m.round ?? '';
    if (round.startsWith('Group ')) return { counts: true, group: round };
    return { counts: round.startsWith('League'), group: null };
  }
  return { counts: (!m.stage || m.stage === 'Regular') && !isPlayoff(m), group: null };
}

const hasTime = (m: OfMatch): m is OfMatch & { time: string } => typeof m.time === 'string' && /^\d{1,2}:\d{2}$/.test(m.time);

function leagueMatch(
  c: Competition,
  season: string,
  m: OfMatch,
  notes: Record<string, number>,
  placeholderTime: boolean,
): MatchRecord {
  const scores = parseScore(m.score, notes, SHOOTOUT_CORRECTIONS.get(shootoutKey(m)));
  if (m.score && !Array.isArray(m.score) && Object.keys(m.score).length === 0) note(notes, 'emptyScore');
  const hasResult = scores.fulltime !== null;
  const timeKnown = hasTime(m) && !placeholderTime;
  if (!hasTime(m)) note(notes, 'timeMissing');
  if (placeholderTime) note(notes, 'timePlaceholder');
  const { counts, group } = countsForTable(c, m);
  const status = statusOf(m, hasResult, notes);
  return {
    key: ['of', c.code, season, m.stage ?? '', m.round ?? '', m.team1, m.team2].join(':'),
    leagueId: c.leagueId,
    season,
    round: m.round ?? m.stage ?? '',
    groupName: group,
    countsForTable: counts && status !== 'cancelled',
    kickoffAt: zonedToUtc(m.date, timeKnown ? m.time! : '00:00', c.zone),
    timeKnown,
    home: clubRecord(m.team1, c.country),
    away: clubRecord(m.team2, c.country),
    status,
    minute: '',
    score: hasResult && status !== 'cancelled' ? (scores.extraTime ?? scores.fulltime) : null,
    ...(hasResult && status !== 'cancelled' ? scores : { halftime: null, fulltime: null, extraTime: null, penalties: null }),
    statistics: [],
    events: null,
    lineups: null,
    referee: '',
    venue: m.ground ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// datahub statistics, joined to openfootball matches

const STAT_COLUMNS: [type: string, home: string, away: string][] = [
  ['Shots Total', 'HS', 'AS'],
  ['Shots On Goal', 'HST', 'AST'],
  ['Fouls', 'HF', 'AF'],
  ['Corners', 'HC', 'AC'],
  ['Yellow Cards', 'HY', 'AY'],
  ['Red Cards', 'HR', 'AR'],
];

/** A statistics row's full-time score, with its half-time one where the row has it. */
function resultOf(row: Record<string, string>): { fulltime: ScorePair; halftime: ScorePair | null } | null {
  const [fthg, ftag, hthg, htag] = [int(row['FTHG']), int(row['FTAG']), int(row['HTHG']), int(row['HTAG'])];
  if (fthg === null || ftag === null) return null;
  return { fulltime: { home: fthg, away: ftag }, halftime: hthg === null || htag === null ? null : { home: hthg, away: htag } };
}

const samePair = (a: ScorePair, b: ScorePair) => a.home === b.home && a.away === b.away;

function int(v: string | undefined): number | null {
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : null;
}

function statisticsOf(row: Record<string, string>): StatisticRow[] {
  const out: StatisticRow[] = [];
  for (const [type, h, a] of STAT_COLUMNS) {
    const home = int(row[h]);
    const away = int(row[a]);
    if (home !== null && away !== null) out.push({ type, home, away });
  }
  return out;
}

/**
 * datahub abbreviates club names ("Man United", "Nott'm Forest"). The mapping is learnt from the
 * data itself: a CSV row and an openfootball match on the same date with the same full-time score,
 * when exactly one match fits, vote for the pairing of their names. Games are then joined by the
 * (home, away) pair, which is unique within a league season.
 */
function joinStatistics(
  matches: MatchRecord[],
  rawLocal: Map<MatchRecord, { date: string; time: string }>,
  rows: Record<string, string>[],
  c: Competition,
  notes: Record<string, number>,
): void {
  const byDate = new Map<string, MatchRecord[]>();
  for (const m of matches) {
    const d = rawLocal.get(m)!.date;
    const list = byDate.get(d) ?? [];
    list.push(m);
    byDate.set(d, list);
  }
  const votes = new Map<string, Map<string, number>>();
  const vote = (from: string, to: string) => {
    const v = votes.get(from) ?? new Map<string, number>();
    v.set(to, (v.get(to) ?? 0) + 1);
    votes.set(from, v);
  };
  for (const row of rows) {
    const fthg = int(row['FTHG']);
    const ftag = int(row['FTAG']);
    const candidates = (byDate.get(row['Date'] ?? '') ?? []).filter(
      (m) => m.fulltime && m.fulltime.home === fthg && m.fulltime.away === ftag,
    );
    if (candidates.length === 1) {
      vote(row['HomeTeam']!, candidates[0]!.home.name);
      vote(row['AwayTeam']!, candidates[0]!.away.name);
    }
  }
  const alias = new Map<string, string>();
  for (const [from, v] of votes) alias.set(from, [...v].sort((a, b) => b[1] - a[1])[0]![0]);

  const byPair = new Map(matches.map((m) => [`${m.home.name}|${m.away.name}`, m]));
  for (const row of rows) {
    const m = byPair.get(`${alias.get(row['HomeTeam']!)}|${alias.get(row['AwayTeam']!)}`);
    if (!m) {
      note(notes, 'statisticsUnmatched');
      continue;
    }
    const raw = rawLocal.get(m)!;
    const csvDate = row['Date'] ?? '';
    if (/^\d{4}-\d{2}-\d{2}$/.test(csvDate) && csvDate !== raw.date) {
      // The statistics row dates the match otherwise: it is right (the year-early dates are
      // corrected before this; see the header).
      m.kickoffAt = zonedToUtc(csvDate, raw.time, c.zone);
      note(notes, 'dateCorrected');
    }
    if (!m.fulltime) {
      // No result in openfootball: the 2024-25 es.1/it.1 final rounds, whose scores the statistics
      // file has (the same football-data.co.uk rows that date and count every other match). A
      // match the file calls off or postpones keeps its status: the row does not say why.
      const result = resultOf(row);
      if (m.status !== 'scheduled' || !result) {
        note(notes, 'statisticsSkippedNoResult');
        continue;
      }
      m.status = 'finished';
      m.score = m.fulltime = result.fulltime;
      note(notes, 'resultFromStatistics');
    }
    m.statistics = statisticsOf(row);
    m.referee = row['Referee'] ?? '';
    const row90 = resultOf(row);
    const halftime = row90?.halftime;
    if (m.status === 'finished' && halftime && !m.halftime) {
      m.halftime = halftime;
      note(notes, 'halftimeFromStatistics');
    } else if (
      m.status === 'finished' && halftime && m.halftime && !samePair(m.halftime, halftime) &&
      m.fulltime && samePair(m.fulltime, row90.fulltime) && halftime.home <= m.fulltime.home && halftime.away <= m.fulltime.away
    ) {
      // Both files hold the same full time but not the same half time: in the two cases of 2015-26
      // (see the header) openfootball's was the wrong one, once a copy of the full time.
      m.halftime = halftime;
      note(notes, 'halftimeCorrectedFromStatistics');
    }
    note(notes, 'statisticsJoined');
  }
}

// ---------------------------------------------------------------------------------------------
// World Cups

/**
 * The half-time score a match's goal list gives: the goals up to 45+x minutes. Only a whole list
 * counts, one that adds up to the final score with every minute read; then it beats a half-time
 * score that disagrees with it. The data has six World Cup matches whose 'ht' contradicts their own
 * goals: Netherlands v Argentina in 2022 reads HT 1-0 with Molina's goal at 35' for Argentina.
 */
export function halftimeFromGoals(goals: readonly { side: 'home' | 'away'; sort: number }[], final: ScorePair | null): ScorePair | null {
  if (!final || goals.some((g) => !Number.isFinite(g.sort) || g.sort === Number.MAX_SAFE_INTEGER)) return null;
  const total = (side: 'home' | 'away') => goals.filter((g) => g.side === side).length;
  if (total('home') !== final.home || total('away') !== final.away) return null;
  const firstHalf = (side: 'home' | 'away') => goals.filter((g) => g.side === side && g.sort < 46).length;
  return { home: firstHalf('home'), away: firstHalf('away') };
}

function worldCupMatch(year: string, m: OfMatch, notes: Record<string, number>): MatchRecord {
  const scores = parseScore(m.score, notes);
  const { time, offsetMinutes } = parseTimeWithOffset(m.time ?? '00:00');
  const offset = offsetMinutes ?? WORLD_CUP_DEFAULT_OFFSET[year] ?? 0;
  if (offsetMinutes === undefined) note(notes, 'worldCupTimeWithoutOffset');
  // The key keeps the file's English name (one team across World Cups); readers see Indonesian.
  const nation = (name: string): TeamRecord => ({ key: `of:nation:${name}`, name: nationName(name), country: nationName(name), badge: '' });

  const goals: (GoalEvent & { sort: number })[] = [];
  for (const [side, list] of [['home', m.goals1], ['away', m.goals2]] as const) {
    for (const g of list ?? []) {
      const { minute, sort } = parseMinute(g.minute, g.offset);
      goals.push({
        minute,
        sort,
        side,
        player: g.name,
        assist: '',
        score: '',
        kind: g.owngoal ? 'own_goal' : g.penalty ? 'penalty' : 'goal',
      });
    }
  }
  goals.sort((a, b) => a.sort - b.sort);
  const counted = halftimeFromGoals(goals, scores.extraTime ?? scores.fulltime);
  if (counted && (counted.home !== scores.halftime?.home || counted.away !== scores.halftime?.away)) {
    note(notes, scores.halftime ? 'halftimeContradictedByGoals' : 'halftimeFromGoals');
    scores.halftime = counted;
  }
  let h = 0;
  let a = 0;
  const events = goals.map(({ sort: _sort, ...g }) => {
    if (g.side === 'home') h++;
    else a++;
    return { ...g, score: `${h} - ${a}` };
  });
  const hasResult = scores.fulltime !== null;
  return {
    key: ['of', 'worldcup', year, m.round ?? '', m.team1, m.team2].join(':'),
    leagueId: WORLD_CUP_LEAGUE_ID,
    season: year,
    round: m.round ?? '',
    groupName: m.group ?? null,
    countsForTable: Boolean(m.group),
    kickoffAt: offsetToUtc(m.date, time, offset),
    timeKnown: Boolean(m.time),
    home: nation(m.team1),
    away: nation(m.team2),
    status: statusOf(m, hasResult, notes),
    minute: '',
    score: hasResult ? (scores.extraTime ?? scores.fulltime) : null,
    ...scores,
    statistics: [],
    events: m.goals1 || m.goals2 ? { goals: events, cards: [], substitutions: [] } : null,
    lineups: null,
    referee: '',
    venue: m.ground ?? '',
  };
}

// ---------------------------------------------------------------------------------------------

export function leagueRecords(): LeagueRecord[] {
  return LEAGUE_CATALOGUE.filter((l) => l.embedded).map((l) => ({ id: l.id, name: l.name, country: l.country, logo: '' }));
}

/** Reads the folder into import records. Throws when the folder is missing. */
export async function load(dir: string): Promise<LoadResult> {
  if (!(await isAvailable(dir))) throw new Error(`football data not found in ${path.resolve(dir)}`);
  const files = await readSourceFiles(dir);
  const notes: Record<string, number> = {};
  const matches: MatchRecord[] = [];
  /** The wall-clock date and time each league match was read with, for date corrections. */
  const rawLocal = new Map<MatchRecord, { date: string; time: string }>();
  const bySeason = new Map<string, MatchRecord[]>();

  for (const f of files) {
    const lm = /^openfootball\/football\.json\/(\d{4}-\d{2})\/(.+)\.json$/.exec(f.rel);
    if (lm) {
      const [, season, code] = lm;
      const c = COMPETITIONS.find((x) => x.code === code)!;
      const data = JSON.parse(f.content.toString('utf8')) as { matches: OfMatch[] };
      const dateOfPlay = yearEarlyCorrection(data.matches);
      const dated = data.matches.map((written) => {
        const m = { ...written, date: dateOfPlay(written.date) };
        if (m.date !== written.date) note(notes, 'dateCorrected');
        return m;
      });
      const placeholders = new Set([
        ...placeholderTimes(dated, (m) => (hasTime(m) ? zonedToUtc(m.date, m.time, c.zone) : null)),
        ...placeholderRounds(dated, (m) => `${m.stage ?? ''}|${m.round ?? ''}`, (m) => m.date, (m) => (hasTime(m) ? m.time : null)),
      ]);
      for (const m of dated) {
        const rec = leagueMatch(c, season!, m, notes, placeholders.has(m));
        rawLocal.set(rec, { date: m.date, time: rec.timeKnown ? m.time! : '00:00' });
        matches.push(rec);
        if (rec.countsForTable || rec.status === 'cancelled') {
          const k = `${code}|${season}`;
          bySeason.set(k, [...(bySeason.get(k) ?? []), rec]);
        }
      }
      continue;
    }
    const wm = /^openfootball\/worldcup\.json\/(\d{4})\/worldcup\.json$/.exec(f.rel);
    if (wm) {
      const data = JSON.parse(f.content.toString('utf8')) as { matches: OfMatch[] };
      for (const m of data.matches) matches.push(worldCupMatch(wm[1]!, m, notes));
    }
  }

  for (const f of files) {
    const dm = /^datahub-football-datasets\/([^/]+)\/(season-\d{4}\.csv)$/.exec(f.rel);
    if (!dm) continue;
    const c = COMPETITIONS.find((x) => x.datahub === dm[1])!;
    const season = seasonOfCsv(dm[2]!);
    const list = bySeason.get(`${c.code}|${season}`);
    if (!list) {
      note(notes, 'statisticsWithoutFixtures');
      continue;
    }
    joinStatistics(list, rawLocal, parseCsv(f.content.toString('latin1')), c, notes);
  }

  // Keys must be unique: fall back to the date when a source repeats a pairing within a round.
  const seen = new Set<string>();
  for (const m of matches) {
    if (seen.has(m.key)) {
      m.key = `${m.key}:${m.kickoffAt.toISOString().slice(0, 10)}`;
      note(notes, 'keyCollision');
    }
    seen.add(m.key);
  }

  return { batch: { leagues: leagueRecords(), matches }, fingerprint: fingerprintOf(files), notes };
}
