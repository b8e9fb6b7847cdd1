// How football data reads on screen: scores, statuses, badge colours, statistic bars, the event
// timeline and the grouping of match lists. Pure functions shared by pages and islands.
import { cataloguePosition } from './leagues.ts';
import { formatTime, wibDateKey } from '../format.ts';
import { kickoffNotRecorded, kickoffUnknown, livePhase, matchState, matchStatusShort, standingsPage } from '../messages/football.ts';
import type { MatchDetail, MatchState, MatchSummary, Prediction, ScorePair, Side } from './types.ts';

export const DEFAULT_TEAM_IMAGE = '/team-default.svg';

export function badgeOf(team: { badge: string }): string {
  return team.badge || DEFAULT_TEAM_IMAGE;
}

export function scoreText(score: ScorePair | null): string {
  return score ? `${score.home} - ${score.away}` : '-';
}

/**
 * A match that kicked off, or whose kick-off passed without a result in the data: its forecast is
 * said to be from before its result. Not one still to come or postponed to a later day.
 */
export function kickoffPassed(state: MatchState): boolean {
  return state === 'live' || state === 'finished' || state === 'abandoned' || state === 'no_result';
}

/**
 * A fixture still to come whose kick-off time is not known yet (its date is the league schedule's:
 * `untimedDateNote`). Not a postponed one: its date is no longer the one to go by.
 */
export function awaitingTime(m: { timeKnown: boolean; state: MatchState }): boolean {
  return !m.timeKnown && m.state === 'upcoming';
}

/** No kick-off time will be announced any more: the match is live or was played (or abandoned), its day passed without a result, or it was cancelled. */
export function timeSettled(state: MatchState): boolean {
  return kickoffPassed(state) || state === 'cancelled';
}

/**
 * Kick-off time in WIB. When the source gave only the date (the open data's 2026-27 fixtures not yet
 * timed): 'Jam menyusul' while the match is still to come, 'Jam tidak tercatat' once none will
 * follow (`passed`: `timeSettled`). A bare '-' in every row of a list read as missing data.
 */
export function kickoffTime(m: { kickoffAt: Date | string; timeKnown: boolean }, passed = false): string {
  if (m.timeKnown) return formatTime(m.kickoffAt);
  return passed ? kickoffNotRecorded : kickoffUnknown;
}

const PHASES: Record<string, string> = {
  ht: matchStatusShort.halftime,
  'half time': matchStatusShort.halftime,
  'break time': livePhase.break,
  'extra time': livePhase.extraTime,
  penalty: livePhase.penalties,
  penalties: livePhase.penalties,
  'penalty shootout': livePhase.penalties,
};

/**
 * The minute of a live match as fans write it: 67', 90+6', HT, and the provider's English phase
 * words in Indonesian ('Extra Time' → 'Babak Tambahan'). A word no rule knows is not shown as
 * given (it would be English): the caller falls back to 'Live'.
 */
export function minuteText(minute: string): string {
  if (!minute) return '';
  if (/^\d+(\+\d+)?$/.test(minute)) return `${minute}'`;
  return PHASES[minute.trim().toLowerCase()] ?? '';
}

/** A finished match's shoot-out, as a list row says it under the score ('Pen 4 - 2'); else ''. */
export function shootoutText(m: Pick<MatchSummary, 'state' | 'penalties'>): string {
  return m.state === 'finished' && m.penalties ? `${matchStatusShort.afterPenalties} ${scoreText(m.penalties)}` : '';
}

/**
 * What a list whose first column is the date (head-to-head, last matches) says under a finished
 * match's score, where the score alone would mislead: the shoot-out ('Pen 4 - 2'), 'AET' for a score
 * after extra time, 'WO' for a result awarded by the competition; else ''.
 */
export function resultNote(m: Pick<MatchSummary, 'state' | 'status' | 'extraTime' | 'penalties'>): string {
  if (m.state !== 'finished') return '';
  if (m.status === 'awarded') return matchStatusShort.awarded;
  return shootoutText(m) || (m.extraTime ? matchStatusShort.afterExtraTime : '');
}

/** The short status of a list row: the minute while live, FT/AET/Pen/WO when over, else a word. */
export function statusText(m: Pick<MatchSummary, 'state' | 'status' | 'minute'> & Partial<Pick<MatchSummary, 'extraTime' | 'penalties'>>): string {
  switch (m.state) {
    case 'live':
      return minuteText(m.minute) || matchState.live;
    case 'finished':
      if (m.status === 'awarded') return matchStatusShort.awarded;
      if (m.penalties) return matchStatusShort.afterPenalties;
      if (m.extraTime) return matchStatusShort.afterExtraTime;
      return matchStatusShort.finished;
    default:
      return matchState[m.state];
  }
}

/** Home and away shares of a statistic in whole percent; both 0 when the total is 0. */
export function shares(home: number, away: number): [number, number] {
  const total = home + away;
  if (total <= 0) return [0, 0];
  const h = Math.round((home / total) * 100);
  return [h, 100 - h];
}

export type BadgeColour = 'green' | 'yellow' | 'red';

/** Three-way markets (1X2): highest green, lowest red, the rest yellow (all equal: yellow). */
export function threeWayColours(values: number[]): BadgeColour[] {
  const max = Math.max(...values);
  const min = Math.min(...values);
  return values.map((v) => (max === min ? 'yellow' : v === max ? 'green' : v === min ? 'red' : 'yellow'));
}

/** Two-way markets (over/under): higher green, lower red, equal both yellow. */
export function twoWayColours(a: number, b: number): [BadgeColour, BadgeColour] {
  if (a === b) return ['yellow', 'yellow'];
  return a > b ? ['green', 'red'] : ['red', 'green'];
}

/** A whole percentage as the page shows it. */
export function percent(value: number): string {
  return `${value}%`;
}

/**
 * Whole percentages of one market's outcomes that add up to what the exact ones do (100 for a
 * stored market), by the largest remainder: 44.5 / 26.5 / 29.0 shows as 45 / 26 / 29, where
 * rounding each alone gives 45 / 27 / 29 = 101, and 30.4 / 30.4 / 39.2 as 31 / 30 / 39, not 99.
 */
export function wholePercents(values: readonly number[]): number[] {
  const target = Math.round(values.reduce((a, b) => a + b, 0));
  const floors = values.map((v) => Math.floor(v));
  let left = target - floors.reduce((a, b) => a + b, 0);
  // Largest fractional part first; ties go to the earlier outcome, so the result is deterministic.
  const order = values.map((v, i) => ({ i, frac: v - Math.floor(v) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors;
}

/** A prediction as shown: whole percentages, each market adding up to 100 (Double Chance to 200, each 100 − the 1X2 outcome it leaves out). */
export function shownPrediction(p: Prediction): {
  oneXTwo: [number, number, number];
  doubleChance: [number, number, number];
  overUnder: Record<'1.5' | '2.5' | '3.5', [number, number]>;
} {
  const [home, draw, away] = wholePercents([p.homeWin, p.draw, p.awayWin]) as [number, number, number];
  const line = (over: number, under: number) => wholePercents([over, under]) as [number, number];
  return {
    oneXTwo: [home, draw, away],
    doubleChance: [100 - away, 100 - home, 100 - draw],
    overUnder: { '1.5': line(p.over15, p.under15), '2.5': line(p.over25, p.under25), '3.5': line(p.over35, p.under35) },
  };
}

export interface LeagueGroup<T extends { league: MatchSummary['league'] }> {
  league: T['league'];
  items: T[];
}

/** Groups items by league, leagues in catalogue order (unlisted last, by name), items kept in order. */
export function groupByLeague<T extends { league: MatchSummary['league'] }>(items: T[]): LeagueGroup<T>[] {
  const groups = new Map<number, LeagueGroup<T>>();
  for (const item of items) {
    const g: LeagueGroup<T> = groups.get(item.league.id) ?? { league: item.league, items: [] };
    groups.set(item.league.id, g);
    g.items.push(item);
  }
  return [...groups.values()].sort(
    (a, b) => cataloguePosition(a.league.id) - cataloguePosition(b.league.id) || a.league.name.localeCompare(b.league.name),
  );
}

/** Groups matches by WIB calendar day (in kick-off order), each day grouped by league. */
export function groupByDay(matches: MatchSummary[]): { day: string; kickoff: string; leagues: LeagueGroup<MatchSummary>[] }[] {
  const days = new Map<string, MatchSummary[]>();
  for (const m of [...matches].sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt))) {
    const key = wibDateKey(m.kickoffAt);
    days.set(key, [...(days.get(key) ?? []), m]);
  }
  return [...days.entries()].map(([day, list]) => ({ day, kickoff: list[0]!.kickoffAt, leagues: groupByLeague(list) }));
}

/** '90+6' → 90.06, for ordering events. */
export function minuteSortKey(minute: string): number {
  const m = /^(\d+)(?:\+(\d+))?/.exec(minute);
  return m ? Number(m[1]) + Number(m[2] ?? 0) / 100 : Number.MAX_SAFE_INTEGER;
}

export type TimelineItem =
  | { kind: 'goal'; minute: string; side: Side; player: string; assist: string; score: string; goal: 'goal' | 'penalty' | 'own_goal' }
  | { kind: 'card'; minute: string; side: Side; player: string; card: 'yellow' | 'red' | 'yellow_red' }
  | { kind: 'substitution'; minute: string; side: Side; playerIn: string; playerOut: string }
  | { kind: 'marker'; marker: 'HT' | 'FT' | 'AET' | 'Pen'; score: string };

/**
 * The Summary timeline: goals, cards and substitutions merged and sorted by minute; the HT marker
 * (with the half-time score) after the last event of minute 45 or less, the FT marker (with the
 * full-time score) at the end when the match is finished. Empty when there are no events.
 * A match that went to extra time has its FT marker after minute 90 with the 90-minute score and an
 * AET marker at the end with the score after 120; a shoot-out adds a Pen marker with its score.
 */
export function timeline(
  m: Pick<MatchDetail, 'events' | 'halftime' | 'score' | 'state' | 'minute'> & Partial<Pick<MatchDetail, 'fulltime' | 'extraTime' | 'penalties'>>,
): TimelineItem[] {
  if (!m.events) return [];
  const events: (TimelineItem & { minute: string })[] = [
    ...m.events.goals.map((g) => ({ kind: 'goal' as const, minute: g.minute, side: g.side, player: g.player, assist: g.assist, score: g.score, goal: g.kind })),
    ...m.events.cards.map((c) => ({ kind: 'card' as const, minute: c.minute, side: c.side, player: c.player, card: c.card })),
    ...m.events.substitutions.map((s) => ({ kind: 'substitution' as const, minute: s.minute, side: s.side, playerIn: s.playerIn, playerOut: s.playerOut })),
  ];
  if (!events.length) return [];
  // A stable sort keeps the source's order within a minute.
  events.sort((a, b) => minuteSortKey(a.minute) - minuteSortKey(b.minute));
  const out: TimelineItem[] = [];
  // A live match gets its HT marker only once half time is reached; a stopped one when it has a half-time score.
  const pastHalf =
    m.state === 'finished' || (m.state === 'live' && (m.minute === 'HT' || minuteSortKey(m.minute) > 45)) || (m.state === 'abandoned' && m.halftime !== null);
  const firstHalf = pastHalf ? events.filter((e) => Math.floor(minuteSortKey(e.minute)) <= 45).length : -1;
  // The 90-minute score of a finished match that went to extra time (null for any other).
  const ninety = m.state === 'finished' && m.extraTime && m.fulltime ? m.fulltime : null;
  const regular = ninety ? events.filter((e) => Math.floor(minuteSortKey(e.minute)) <= 90).length : -1;
  events.forEach((e, i) => {
    if (i === firstHalf) out.push({ kind: 'marker', marker: 'HT', score: scoreText(m.halftime) });
    if (i === regular) out.push({ kind: 'marker', marker: 'FT', score: scoreText(ninety) });
    out.push(e);
  });
  if (firstHalf === events.length) out.push({ kind: 'marker', marker: 'HT', score: scoreText(m.halftime) });
  if (m.state === 'finished') {
    if (ninety) {
      if (regular === events.length) out.push({ kind: 'marker', marker: 'FT', score: scoreText(ninety) });
      out.push({ kind: 'marker', marker: 'AET', score: scoreText(m.score) });
    } else {
      out.push({ kind: 'marker', marker: 'FT', score: scoreText(m.score) });
    }
    if (m.penalties) out.push({ kind: 'marker', marker: 'Pen', score: scoreText(m.penalties) });
  }
  return out;
}

/** apifootball.com's "1/8-finals": the round of 16, and the quarter- and semi-finals by their names. */
const FRACTION_ROUNDS: Record<string, string> = { '2': 'Semifinal', '4': 'Perempat Final' };

/**
 * Round names as Indonesian readers know them. The sources write them in English, in several
 * spellings ("Quarter-final", "Quarter-finals", "Quarterfinals", "Finals, Semifinals",
 * "Regular, Matchday 5", "Round of 32"; apifootball.com's "12", "Round 12" and "1/8-finals"); a
 * name none of these rules knows is shown as given. A knockout play-off's "Matchday 1" and
 * "Matchday 2" are its legs.
 */
export function roundText(round: string): string {
  return standingsPage
    .group(round)
    .replace(/^Finals, /, '')
    .replace(/^Regular, /, '')
    .replace(/^League, /, 'Fase Liga, ')
    .replace(/^Playoffs, Matchday (\d+)$/, 'Play-off, Leg $1')
    .replace(/^Playoffs\b/, 'Play-off')
    .replace(/^(?:Round )?(\d+)$/, 'Pekan $1')
    .replace(/\bMatchday (\d+)/, 'Pekan $1')
    .replace(/\bRound of (\d+)/, 'Babak $1 Besar')
    .replace(/^1\/(\d+)-finals?$/, (_, n: string) => FRACTION_ROUNDS[n] ?? `Babak ${Number(n) * 2} Besar`)
    .replace(/\bQuarter-?finals?\b/i, 'Perempat Final')
    .replace(/\bSemi-?finals?\b/i, 'Semifinal')
    .replace(/^Match for third place$/, 'Perebutan Tempat Ketiga');
}

/**
 * A match's round as its page shows it: the group and the round ("Grup A, Pekan 2"). The World Cup
 * files name a group match by its tournament day ("Matchday 8", not the group's eighth round): the
 * group alone says what a reader needs.
 */
export function matchRoundText(m: { round: string; groupName: string | null }): string {
  if (!m.groupName || m.round === m.groupName) return roundText(m.round);
  if (/^Matchday \d+$/.test(m.round)) return roundText(m.groupName);
  return `${roundText(m.groupName)}, ${roundText(m.round)}`;
}
