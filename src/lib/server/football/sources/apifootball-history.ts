// The apifootball.com history backfill: which days of a league to ask for next, and what has been
// fetched. The fixture sync holds only the days from yesterday on, but the prediction model needs
// a league's past seasons (at least MIN_FIT_RESULTS = 100 results; it weighs the last few years).
// So `syncHistory` (apifootball.ts) fetches each league's past results with get_events in windows
// of days, a few windows per run, and this module plans the windows and keeps the progress.
//
// Invariants:
// - The days fetched for a league are one interval, kept in football_imports as the row
//   'apifootball:history:<league id>' with fingerprint '<from>/<to>' (an ISO 8601 interval of WIB
//   days) and summary { windows, matches }. A restart reads it and resumes: no window is fetched
//   twice. A window is recorded only after its matches are stored; one that fails is not recorded,
//   so the next run asks for it again.
// - The first window ends the day before yesterday (yesterday on is the fixture sync's); the next
//   ones go backwards, newest first, to the floor. Days that have left the fixture window since
//   (one a day, more after the server was down) extend the interval upwards, oldest first, before
//   anything older is fetched, so the interval never has holes.
// - The floor is the first day of the season in which the depth (SYNC.historyDays before today)
//   falls: 1 July for a league whose seasons span two years ('2026-27'), 1 January for one whose
//   seasons are calendar years ('2026'). The oldest season fetched is then whole, and the table
//   computed from its results (past seasons have no provider table) is right.
import { eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { footballImports } from '../../db/schema/index.ts';
import { addDays } from '../../../shared/football/dates.ts';

const KEY_PREFIX = 'apifootball:history:';

/** Days of one league fetched so far (WIB, inclusive), and how many windows and matches that took. */
export interface Covered {
  from: string;
  to: string;
  windows: number;
  matches: number;
}

/** Days to ask get_events for (WIB, inclusive). */
export interface Window {
  from: string;
  to: string;
}

const min = (a: string, b: string) => (a < b ? a : b);
const max = (a: string, b: string) => (a > b ? a : b);

/** The first day to fetch: the start of the season in which `today` − `depthDays` falls. */
export function floorOf(season: string, today: string, depthDays: number): string {
  const day = addDays(today, -depthDays);
  const year = Number(day.slice(0, 4));
  if (/^\d{4}$/.test(season)) return `${year}-01-01`;
  return Number(day.slice(5, 7)) >= 7 ? `${year}-07-01` : `${year - 1}-07-01`;
}

/**
 * The next window of a league, or undefined when its history is complete. `top` is the newest day
 * history covers (the day before yesterday), `floor` the oldest (floorOf), `days` a window's length.
 */
export function nextWindow(covered: Covered | undefined, bounds: { top: string; floor: string; days: number }): Window | undefined {
  const { top, floor, days } = bounds;
  if (top < floor) return undefined;
  // Nothing yet, or only days older than the floor (a server stopped for years): start at the top.
  if (!covered || covered.to < addDays(floor, -1)) return { from: max(floor, addDays(top, 1 - days)), to: top };
  if (covered.to < top) return { from: addDays(covered.to, 1), to: min(top, addDays(covered.to, days)) };
  if (covered.from > floor) return { from: max(floor, addDays(covered.from, -days)), to: addDays(covered.from, -1) };
  return undefined;
}

/** The interval after `window` was fetched (it touches or overlaps `covered`: nextWindow's). */
export function extend(covered: Covered | undefined, window: Window, matches: number): Covered {
  if (!covered || covered.to < addDays(window.from, -1)) return { ...window, windows: 1, matches };
  return {
    from: min(covered.from, window.from),
    to: max(covered.to, window.to),
    windows: covered.windows + 1,
    matches: covered.matches + matches,
  };
}

/**
 * The days of a season by floorOf's rule, [first, next season's first): 1 July to 1 July for
 * '2025-26', 1 January to 1 January for '2025'. Undefined for a name of another shape.
 */
export function seasonSpan(season: string): { from: string; until: string } | undefined {
  const calendar = /^(\d{4})$/.exec(season);
  if (calendar) return { from: `${calendar[1]}-01-01`, until: `${Number(calendar[1]) + 1}-01-01` };
  const split = /^(\d{4})-\d{2}$/.exec(season);
  if (split) return { from: `${split[1]}-07-01`, until: `${Number(split[1]) + 1}-07-01` };
  return undefined;
}

/**
 * Whether the history holds `season` from its first day, so that a table computed from the stored
 * results is the season's so far, not the last weeks'.
 */
export function holdsSeasonStart(season: string, covered: Covered | undefined): boolean {
  const span = seasonSpan(season);
  return covered !== undefined && span !== undefined && covered.from <= span.from;
}

/**
 * The seasons of a league a page offers (`seasons` newest first, as stored): the newest, whose
 * table is the provider's, and each older one only while the history holds all its days. While
 * the backfill is still coming back through a past season, or the days since a long stop are not
 * in yet, that season holds part of its results, and a table computed from them would be wrong.
 * Before the first window no past season is offered; after a stop of years the history starts
 * again from the top (nextWindow), and seasons from before are no longer offered.
 */
export function listedSeasons(seasons: string[], covered: Covered | undefined): string[] {
  const [newest, ...past] = seasons;
  if (newest === undefined) return [];
  const whole = (season: string) => {
    const span = seasonSpan(season);
    return covered !== undefined && span !== undefined && covered.from <= span.from && covered.to >= addDays(span.until, -1);
  };
  return [newest, ...past.filter(whole)];
}

/** Every league's progress (or only `leagueId`'s). */
export async function load(db: Db, leagueId?: number): Promise<Map<number, Covered>> {
  const rows = await db
    .select()
    .from(footballImports)
    .where(leagueId === undefined ? like(footballImports.source, `${KEY_PREFIX}%`) : eq(footballImports.source, `${KEY_PREFIX}${leagueId}`));
  const out = new Map<number, Covered>();
  for (const r of rows) {
    const leagueId = Number(r.source.slice(KEY_PREFIX.length));
    const m = /^(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(r.fingerprint);
    if (!Number.isInteger(leagueId) || !m) continue;
    out.set(leagueId, { from: m[1]!, to: m[2]!, windows: r.summary['windows'] ?? 0, matches: r.summary['matches'] ?? 0 });
  }
  return out;
}

/** One league's progress. */
export async function loadOne(db: Db, leagueId: number): Promise<Covered | undefined> {
  return (await load(db, leagueId)).get(leagueId);
}

export async function save(db: Db, leagueId: number, covered: Covered): Promise<void> {
  const values = {
    source: `${KEY_PREFIX}${leagueId}`,
    fingerprint: `${covered.from}/${covered.to}`,
    summary: { windows: covered.windows, matches: covered.matches },
    importedAt: new Date(),
  };
  await db
    .insert(footballImports)
    .values(values)
    .onConflictDoUpdate({ target: footballImports.source, set: { fingerprint: values.fingerprint, summary: values.summary, importedAt: values.importedAt } });
}
