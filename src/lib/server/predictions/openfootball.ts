// A thin reader of the openfootball JSON files (CC0) for the evaluation: football.json/<season>/<code>.json
// and worldcup.json/<year>/worldcup.json. It handles every quirk of the real files:
//   - the score as an object {ft, ht?, et?, p?}, as a list [h, a] (from 2025-26, 0-0 games), as {} or absent;
//   - `ht` missing (older 0-0 games), extra time and penalties (only the 90-minute `ft` counts);
//   - status 'postponed', 'cancelled' / 'canceled' (no result), 'awarded' (an administrative score:
//     kept for tables but never used as football evidence);
//   - final rounds without scores (2024-25 es.1 and it.1): no result here, never an invented one
//     (the site's importer takes their scores from the datahub rows; this reader keeps to openfootball);
//   - the Championship play-offs, labelled four ways across seasons (football/data/openfootball-quirks.ts),
//     whose final is at a neutral venue;
//   - the 2019-20 Premier League and Championship restart games dated a year early (July 2019 for
//     July 2020): moved a year on, as the site's importer moves them;
//   - team names that change spelling between seasons ('Aston Villa' → 'Aston Villa FC' in 2020-21,
//     'PSV Eindhoven' → 'PSV' in 2023-24 …): teamKey() maps every spelling to one key.
import fs from 'node:fs/promises';
import path from 'node:path';
import { LEAGUE_CATALOGUE } from '../../shared/football/leagues.ts';
import { isPlayoff, yearEarlyCorrection } from '../football/data/openfootball-quirks.ts';
import { neutralFinals } from './venues.ts';
import { isIsoDate } from './dates.ts';
import type { MatchResult } from './types.ts';

export const LEAGUES = ['en.1', 'en.2', 'es.1', 'de.1', 'it.1', 'fr.1', 'nl.1', 'pt.1'] as const;
export type LeagueCode = (typeof LEAGUES)[number];

/**
 * Leagues fitted together: the model of one also learns from the other, so a side promoted from the
 * Championship arrives with its Championship record (and a relegated one with its Premier League record).
 */
export const LINKED_LEAGUES: Readonly<Record<string, readonly string[]>> = { 'en.1': ['en.2'], 'en.2': ['en.1'] };

export type FixtureStatus = 'played' | 'scheduled' | 'postponed' | 'cancelled' | 'awarded';

export interface Goals {
  home: number;
  away: number;
}

export interface Fixture {
  league: string;
  season: string;
  date: string;
  /** Kick-off time as written in the file ('20:00', '13:00 UTC-6'); absent in some files. */
  time?: string;
  round?: string;
  stage?: string;
  /** Team names exactly as in the data. */
  home: string;
  away: string;
  /** Season-independent team keys (see teamKey). */
  homeKey: string;
  awayKey: string;
  status: FixtureStatus;
  /** 90-minute score; null when there is no result (scheduled, postponed, cancelled, missing). */
  fullTime: Goals | null;
  halfTime: Goals | null;
  neutral: boolean;
}

export class DataFileError extends Error {
  override name = 'DataFileError';
}

// Spellings that a generic normalisation cannot join, old → current (both already normalised).
const ALIASES: Record<string, string> = {
  'atletico madrid': 'club atletico de madrid',
  'cd alaves': 'deportivo alaves',
  'espanyol barcelona': 'rcd espanyol de barcelona',
  'rc celta': 'rc celta de vigo',
  'rayo vallecano': 'rayo vallecano de madrid',
  'real betis': 'real betis balompie',
  'real sociedad': 'real sociedad de futbol',
  hoffenheim: 'tsg hoffenheim',
  'bayer leverkusen': 'bayer 04 leverkusen',
  'bor monchengladbach': 'borussia monchengladbach',
  'werder bremen': 'sv werder bremen',
  atalanta: 'atalanta bc',
  inter: 'internazionale milano',
  'lazio roma': 'ss lazio',
  sampdoria: 'uc sampdoria',
  'sassuolo calcio': 'us sassuolo calcio',
  'olympique marseille': 'olympique de marseille',
  'rc lens': 'racing club de lens',
  'rc strasbourg': 'rc strasbourg alsace',
  'az alkmaar': 'az',
  'twente 65': 'twente',
  feyenoord: 'feyenoord rotterdam',
  'nec nijmegen': 'nec',
  'psv eindhoven': 'psv',
  vitesse: 'sbv vitesse',
  'willem ii': 'willem ii tilburg',
  'gd estoril': 'gd estoril praia',
  'sl benfica': 'sport lisboa e benfica',
  'sporting braga': 'sporting clube de braga',
  'sporting cp': 'sporting clube de portugal',
  // Champions League clubs of leagues the evaluation does not replay: here so that the two readers
  // of club names (this one and the site's TEAM_ALIASES) agree on every spelling, which a test checks.
  'crvena zvezda': 'fk crvena zvezda',
  'dinamo zagreb': 'gnk dinamo zagreb',
  'rb salzburg': 'red bull salzburg',
  'shakhtar donetsk': 'fk shakhtar donetsk',
};

// Legal-form tokens and founding years that come and go between seasons.
const DROPPED_TOKENS = new Set(['fc', 'afc', 'cf']);

/**
 * One key per club across the spellings of different seasons: lower case, no accents or punctuation,
 * without 'FC'/'AFC'/'CF' and founding years, then the alias table ('Bor. Mönchengladbach' and
 * 'Borussia Mönchengladbach' → 'borussia monchengladbach').
 */
export function teamKey(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter((t) => t && !DROPPED_TOKENS.has(t) && !/^(18|19|20)\d\d$/.test(t))
    .join(' ');
  return ALIASES[base] ?? base;
}

function goals(value: unknown): Goals | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [h, a] = value as unknown[];
  if (!Number.isInteger(h) || !Number.isInteger(a) || (h as number) < 0 || (a as number) < 0) return null;
  return { home: h as number, away: a as number };
}

type Raw = Record<string, unknown>;

/** Parses one football.json (or worldcup.json) file's content. Throws DataFileError on a structural fault. */
export function parseSeason(json: unknown, league: string, season: string, opts: { neutral?: boolean } = {}): Fixture[] {
  const where = `${season}/${league}`;
  if (typeof json !== 'object' || json === null || !Array.isArray((json as Raw)['matches'])) {
    throw new DataFileError(`${where}: no matches array`);
  }
  const rows = (json as { matches: unknown[] }).matches;
  const dateOfPlay = yearEarlyCorrection(rows.filter((row): row is Raw => typeof row === 'object' && row !== null));
  const fixtures = rows.map((row, i): Fixture => {
    if (typeof row !== 'object' || row === null) throw new DataFileError(`${where}: match ${i} is not an object`);
    const r = row as Raw;
    const { team1, team2 } = r;
    const written = r['date'];
    if (typeof written !== 'string' || !isIsoDate(written)) throw new DataFileError(`${where}: match ${i} has no valid date`);
    const date = dateOfPlay(written);
    if (typeof team1 !== 'string' || typeof team2 !== 'string' || !team1.trim() || !team2.trim()) {
      throw new DataFileError(`${where}: match ${i} (${date}) lacks a team`);
    }
    const score = r['score'];
    let fullTime: Goals | null = null;
    let halfTime: Goals | null = null;
    if (Array.isArray(score)) fullTime = goals(score);
    else if (typeof score === 'object' && score !== null) {
      fullTime = goals((score as Raw)['ft']);
      halfTime = goals((score as Raw)['ht']);
    }
    const rawStatus = typeof r['status'] === 'string' ? r['status'].toLowerCase() : undefined;
    let status: FixtureStatus;
    if (rawStatus === 'postponed') status = 'postponed';
    else if (rawStatus === 'cancelled' || rawStatus === 'canceled') status = 'cancelled';
    else if (rawStatus === 'awarded' && fullTime) status = 'awarded';
    else status = fullTime ? 'played' : 'scheduled';
    if (status === 'postponed' || status === 'cancelled' || status === 'scheduled') {
      fullTime = null;
      halfTime = null;
    }
    const fixture: Fixture = {
      league,
      season,
      date,
      home: team1,
      away: team2,
      homeKey: teamKey(team1),
      awayKey: teamKey(team2),
      status,
      fullTime,
      halfTime,
      neutral: opts.neutral ?? false,
    };
    if (typeof r['time'] === 'string') fixture.time = r['time'];
    if (typeof r['round'] === 'string') fixture.round = r['round'];
    if (typeof r['stage'] === 'string') fixture.stage = r['stage'];
    return fixture;
  });
  // The Championship play-off final at Wembley, the Champions League final: the site's rule (venues.ts).
  const leagueId = LEAGUE_CATALOGUE.find((l) => l.embedded === league)?.id;
  if (leagueId !== undefined) {
    const finals = neutralFinals(leagueId, fixtures, (f) => f.round ?? f.stage ?? '', (f) => `${f.date} ${f.time ?? ''}`);
    for (const f of finals) f.neutral = true;
  }
  return fixtures;
}

/** Regular-season (league table) fixtures: not play-offs. */
export function isLeagueFixture(f: Fixture): boolean {
  return (f.stage === undefined || f.stage === 'Regular' || f.stage === 'Regular Season') && !isPlayoff(f);
}

/** The matches that are football evidence: played, with a 90-minute score, not awarded at the table. */
export function results(fixtures: readonly Fixture[]): MatchResult[] {
  return fixtures
    .filter((f) => f.status === 'played' && f.fullTime)
    .map((f) => ({
      date: f.date,
      home: f.homeKey,
      away: f.awayKey,
      homeGoals: f.fullTime!.home,
      awayGoals: f.fullTime!.away,
      neutral: f.neutral,
      league: f.league,
      season: f.season,
    }));
}

function footballDir(dataDir: string): string {
  return path.join(dataDir, 'openfootball', 'football.json');
}

/** One league-season, or undefined when the data has no file for it. */
export async function readSeason(dataDir: string, league: string, season: string): Promise<Fixture[] | undefined> {
  const file = path.join(footballDir(dataDir), season, `${league}.json`);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new DataFileError(`${file}: ${(err as Error).message}`);
  }
  return parseSeason(json, league, season);
}

/** A World Cup (every match at a neutral venue for the model; the hosts' edge is not modelled). */
export async function readWorldCup(dataDir: string, year: number): Promise<Fixture[]> {
  const file = path.join(dataDir, 'openfootball', 'worldcup.json', String(year), 'worldcup.json');
  return parseSeason(JSON.parse(await fs.readFile(file, 'utf8')), 'worldcup', String(year), { neutral: true });
}

/** Season folders present in the data, oldest first ('2015-16' …). */
export async function listSeasons(dataDir: string): Promise<string[]> {
  const entries = await fs.readdir(footballDir(dataDir), { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && /^\d{4}-\d{2}$/.test(e.name))
    .map((e) => e.name)
    .sort();
}

/** The leagues with a file in any season, by code (en.1, uefa.cl …), sorted. */
export async function listLeagues(dataDir: string): Promise<string[]> {
  const codes = new Set<string>();
  for (const season of await listSeasons(dataDir)) {
    for (const file of await fs.readdir(path.join(footballDir(dataDir), season))) {
      if (file.endsWith('.json')) codes.add(file.slice(0, -'.json'.length));
    }
  }
  return [...codes].sort();
}

/** Every season file of one league, oldest first; `through` stops after that season. */
export async function readLeague(
  dataDir: string,
  league: string,
  through?: string,
): Promise<{ season: string; fixtures: Fixture[] }[]> {
  const out: { season: string; fixtures: Fixture[] }[] = [];
  for (const season of await listSeasons(dataDir)) {
    if (through !== undefined && season > through) break;
    const fixtures = await readSeason(dataDir, league, season);
    if (fixtures) out.push({ season, fixtures });
  }
  return out;
}
