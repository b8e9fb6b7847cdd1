// The history backfill's plan: which days of a league to ask apifootball.com for next.
import { expect, it } from 'vitest';
import { extend, floorOf, listedSeasons, nextWindow, seasonSpan, type Covered, type Window } from '../../src/lib/server/football/sources/apifootball-history.ts';

const DEPTH = 3 * 365;

/** Every window a league would ask for, from `covered`, until complete. */
function plan(covered: Covered | undefined, top: string, floor: string, days = 30): Window[] {
  const out: Window[] = [];
  for (let w = nextWindow(covered, { top, floor, days }); w; w = nextWindow(covered, { top, floor, days })) {
    out.push(w);
    covered = extend(covered, w, 0);
  }
  return out;
}

it('goes back to the start of the season the depth falls in: 1 July, or 1 January for calendar-year seasons', () => {
  // 3 × 365 days before 21 November 2026 is 22 November 2023: in 2023-24, or in the year 2023.
  expect(floorOf('2026-27', '2026-11-21', DEPTH)).toBe('2023-07-01');
  expect(floorOf('2026', '2026-11-21', DEPTH)).toBe('2023-01-01');
  // 3 × 365 days before 10 June 2027 is 11 June 2024: still in 2023-24.
  expect(floorOf('2026-27', '2027-06-10', DEPTH)).toBe('2023-07-01');
  expect(floorOf('2027-28', '2027-07-02', DEPTH)).toBe('2024-07-01');
});

it('plans windows newest first from the day before yesterday, the last one cut at the floor', () => {
  const windows = plan(undefined, '2026-11-19', '2026-07-01');
  expect(windows).toEqual([
    { from: '2026-10-21', to: '2026-11-19' },
    { from: '2026-09-21', to: '2026-10-20' },
    { from: '2026-08-22', to: '2026-09-20' },
    { from: '2026-07-23', to: '2026-08-21' },
    { from: '2026-07-01', to: '2026-07-22' },
  ]);
  expect(extend(undefined, windows[0]!, 40)).toEqual({ from: '2026-10-21', to: '2026-11-19', windows: 1, matches: 40 });
});

it('fills the days that left the fixture window since, oldest first, before going further back', () => {
  const covered = { from: '2026-09-01', to: '2026-11-19', windows: 3, matches: 100 };
  // The next day: the one day.
  expect(nextWindow(covered, { top: '2026-11-20', floor: '2023-07-01', days: 30 })).toEqual({ from: '2026-11-20', to: '2026-11-20' });
  // After 40 days down: 30 days, then the other 10, then on backwards.
  expect(plan(covered, '2026-12-29', '2026-08-01')).toEqual([
    { from: '2026-11-20', to: '2026-12-19' },
    { from: '2026-12-20', to: '2026-12-29' },
    { from: '2026-08-02', to: '2026-08-31' },
    { from: '2026-08-01', to: '2026-08-01' },
  ]);
});

it('is complete once the floor is reached, and starts again at the top when all it has is older than the floor', () => {
  expect(nextWindow({ from: '2023-07-01', to: '2026-11-19', windows: 42, matches: 1 }, { top: '2026-11-19', floor: '2023-07-01', days: 30 })).toBeUndefined();
  // The floor moved on (a new season) past what is covered: nothing more to ask either.
  expect(nextWindow({ from: '2023-07-01', to: '2026-11-19', windows: 42, matches: 1 }, { top: '2026-11-19', floor: '2024-07-01', days: 30 })).toBeUndefined();
  const stale = { from: '2019-07-01', to: '2020-06-30', windows: 12, matches: 380 };
  const w = nextWindow(stale, { top: '2026-11-19', floor: '2023-07-01', days: 30 })!;
  expect(w).toEqual({ from: '2026-10-21', to: '2026-11-19' });
  expect(extend(stale, w, 40)).toEqual({ from: '2026-10-21', to: '2026-11-19', windows: 1, matches: 40 });
});

it('offers a past season once the history holds it from its first day, and none before the first window', () => {
  expect(seasonSpan('2025-26')).toEqual({ from: '2025-07-01', until: '2026-07-01' });
  expect(seasonSpan('2025')).toEqual({ from: '2025-01-01', until: '2026-01-01' });
  expect(seasonSpan('Apertura 2025')).toBeUndefined();
  const stored = ['2026-27', '2025-26', '2024-25', '2023-24'];
  const from = (day: string): Covered => ({ from: day, to: '2026-11-19', windows: 1, matches: 1 });
  expect(listedSeasons(stored, undefined)).toEqual(['2026-27']);
  // Coming back through 2025-26: its last months only.
  expect(listedSeasons(['2026-27', '2025-26'], from('2025-07-02'))).toEqual(['2026-27']);
  expect(listedSeasons(['2026-27', '2025-26'], from('2026-06-30'))).toEqual(['2026-27']);
  // Its first day in: whole.
  expect(listedSeasons(['2026-27', '2025-26'], from('2025-07-01'))).toEqual(['2026-27', '2025-26']);
  expect(listedSeasons(stored, from('2023-07-01'))).toEqual(stored);
  // The days since a stop not in yet: 2025-26 lacks its last months.
  const upTo = (to: string): Covered => ({ from: '2023-07-01', to, windows: 1, matches: 1 });
  expect(listedSeasons(['2026-27', '2025-26', '2024-25'], upTo('2026-04-28'))).toEqual(['2026-27', '2024-25']);
  expect(listedSeasons(['2026-27', '2025-26'], upTo('2026-06-30'))).toEqual(['2026-27', '2025-26']);
  // Seasons from before a stop of years (the history started again from the top) are not offered.
  expect(listedSeasons(['2026-27', '2025-26', '2019-20'], from('2025-08-01'))).toEqual(['2026-27']);
  // Calendar-year seasons.
  expect(listedSeasons(['2026', '2025', '2024'], from('2024-01-01'))).toEqual(['2026', '2025', '2024']);
  expect(listedSeasons(['2026', '2025', '2024'], from('2025-03-01'))).toEqual(['2026']);
  expect(listedSeasons(['2026', '2025'], from('2025-01-01'))).toEqual(['2026', '2025']);
  expect(listedSeasons([], from('2025-01-01'))).toEqual([]);
});
