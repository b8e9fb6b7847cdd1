// apifootball.com (v3) responses → import records. Pure functions, so every trap of the wire
// format is tested without a network (see ../shared/data/football/apifootball-shapes/):
// - every value is a string ('' before kick-off and for "no data"), scores included;
// - match_status is '' before kick-off, a minute while live ('67', '45+2', '90+6'), 'Half Time',
//   'Finished', 'After ET', 'After Pen.', 'Postponed', 'Cancelled', 'Awarded', …;
// - goalscorer.score is sometimes '[3 - 2]' (brackets: a goal decided after a review);
// - substitution is 'player out | player in', with times like '90+6';
// - lineup sides may be missing or trimmed, coaches carry lineup_number '-1';
// - statistics values may carry a unit ('37%');
// - the standings field for matches played is spelt overall_league_payed;
// - league_year is '2026/2027' (or '2026'), and absent from head-to-head rows;
// - errors arrive as HTTP 200 with {"error": 404, "message": …} (handled by the client).
import { catalogueLeague } from '../../../shared/football/leagues.ts';
import type {
  CardEvent,
  GoalEvent,
  LineupPlayer,
  Lineups,
  MatchStatus,
  ScorePair,
  StatisticRow,
  SubstitutionEvent,
  TeamLineup,
} from '../../../shared/football/types.ts';
import { WIB_OFFSET_MINUTES } from '../../../shared/constants.ts';
import { nationName } from '../data/nation-names.ts';
import { offsetToUtc } from '../time.ts';
import type { LeagueRecord, MatchRecord, PredictionRecord, StandingRecord, TeamRecord } from './types.ts';

export const PROVIDER_NAME = 'apifootball.com';

/** One element of get_events (and, with fewer fields, of get_H2H and get_predictions). */
export type WireEvent = Record<string, unknown> & {
  match_id: string;
  league_id: string;
  match_hometeam_id: string;
  match_awayteam_id: string;
};

/**
 * Text as stored: control characters (NUL above all, which PostgreSQL cannot store) dropped and
 * lone surrogates made U+FFFD. One such value used to fail the insert of its whole batch, which
 * froze every live score of the tick.
 */
const str = (v: unknown): string =>
  typeof v === 'string' ? v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').toWellFormed().trim() : typeof v === 'number' ? String(v) : '';

/** Nine digits at most: every count fits PostgreSQL's integer (a score of 99999999999 did not, see str). */
const COUNT = /^\d{1,9}$/;
/** A provider id stored in an integer column (league_id). */
const ID = /^[1-9]\d{0,8}$/;

function int(v: unknown): number | null {
  const s = str(v);
  return COUNT.test(s) ? Number(s) : null;
}

function num(v: unknown): number | null {
  const m = /^-?\d+(\.\d+)?/.exec(str(v));
  return m ? Number(m[0]) : null;
}

function pair(home: unknown, away: unknown): ScorePair | null {
  const h = int(home);
  const a = int(away);
  return h === null || a === null ? null : { home: h, away: a };
}

/** '2026/2027' → '2026-27'; '2026' stays; '' → from the date (seasons start in July). */
export function seasonOf(leagueYear: unknown, date: string): string {
  const y = str(leagueYear);
  const two = /^(\d{4})\s*\/\s*(\d{4})$/.exec(y);
  if (two) return `${two[1]}-${two[2]!.slice(2)}`;
  if (/^\d{4}$/.test(y)) return y;
  const d = /^(\d{4})-(\d{2})/.exec(date);
  if (!d) return '';
  const year = Number(d[1]);
  const start = Number(d[2]) >= 7 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const MINUTE = /^\d{1,3}(\+\d{1,2})?$/;
/** match_status words of a match still being played: before, during and after extra time. */
const LIVE_PHASES = new Set(['break time', 'extra time', 'penalty', 'penalties', 'penalty shootout']);

/** match_status (+ match_live) → our status and the minute to show while live. */
export function statusOf(matchStatus: unknown, matchLive: unknown): { status: MatchStatus; minute: string } {
  const s = str(matchStatus);
  const lower = s.toLowerCase();
  if (lower === 'finished' || lower === 'after et' || lower === 'after pen.' || lower === 'ft' || lower === 'aet') return { status: 'finished', minute: '' };
  if (lower === 'half time' || lower === 'ht') return { status: 'live', minute: 'HT' };
  // The phases after 90 minutes are being played whatever match_live says (it was seen '0').
  if (LIVE_PHASES.has(lower)) return { status: 'live', minute: s };
  if (lower === 'postponed') return { status: 'postponed', minute: '' };
  if (lower === 'cancelled' || lower === 'canceled') return { status: 'cancelled', minute: '' };
  if (lower === 'awarded') return { status: 'awarded', minute: '' };
  if (lower === 'abandoned' || lower === 'suspended') return { status: 'abandoned', minute: '' };
  if (MINUTE.test(s)) return { status: 'live', minute: s };
  if (str(matchLive) === '1') return { status: 'live', minute: s };
  return { status: 'scheduled', minute: '' };
}

/** '[3 - 2]' and '3 - 2' → '3 - 2'. */
export function cleanScore(v: unknown): string {
  return str(v).replace(/^\[\s*/, '').replace(/\s*\]$/, '').replace(/\s*-\s*/, ' - ');
}

function goalKind(info: string): GoalEvent['kind'] {
  const i = info.toLowerCase();
  if (i.includes('own')) return 'own_goal';
  if (i.includes('pen')) return 'penalty';
  return 'goal';
}

function cardKind(card: string): CardEvent['card'] {
  const c = card.toLowerCase();
  if (c.includes('yellow') && c.includes('red')) return 'yellow_red';
  return c.includes('red') ? 'red' : 'yellow';
}

function list(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];
}

function events(e: WireEvent): MatchRecord['events'] {
  const goals: GoalEvent[] = list(e['goalscorer']).flatMap((g) => {
    const home = str(g['home_scorer']);
    const away = str(g['away_scorer']);
    if (!home && !away) return [];
    const side = home ? ('home' as const) : ('away' as const);
    return [
      {
        minute: str(g['time']),
        side,
        player: home || away,
        assist: str(side === 'home' ? g['home_assist'] : g['away_assist']),
        score: cleanScore(g['score']),
        kind: goalKind(str(g['info'])),
      },
    ];
  });
  const cards: CardEvent[] = list(e['cards']).flatMap((c) => {
    const home = str(c['home_fault']);
    const away = str(c['away_fault']);
    if (!home && !away) return [];
    return [{ minute: str(c['time']), side: home ? ('home' as const) : ('away' as const), player: home || away, card: cardKind(str(c['card'])) }];
  });
  const subsRaw = (e['substitutions'] && typeof e['substitutions'] === 'object' ? e['substitutions'] : {}) as Record<string, unknown>;
  const substitutions: SubstitutionEvent[] = (['home', 'away'] as const).flatMap((side) =>
    list(subsRaw[side]).map((s) => {
      const [out = '', into = ''] = str(s['substitution']).split('|').map((x) => x.trim());
      return { minute: str(s['time']), side, playerOut: out, playerIn: into };
    }),
  );
  if (!('goalscorer' in e) && !('cards' in e) && !('substitutions' in e)) return null;
  return { goals, cards, substitutions };
}

function players(v: unknown): LineupPlayer[] {
  return list(v)
    .map((p) => ({ number: str(p['lineup_number']).replace(/^-1$/, ''), name: str(p['lineup_player']) }))
    .filter((p) => p.name);
}

function lineups(e: WireEvent): Lineups | null {
  const raw = (e['lineup'] && typeof e['lineup'] === 'object' ? e['lineup'] : {}) as Record<string, unknown>;
  const side = (s: 'home' | 'away'): TeamLineup => {
    const t = (raw[s] && typeof raw[s] === 'object' ? raw[s] : {}) as Record<string, unknown>;
    return { starting: players(t['starting_lineups']), substitutes: players(t['substitutes']), coaches: players(t['coach']) };
  };
  const home = side('home');
  const away = side('away');
  const empty = (t: TeamLineup) => !t.starting.length && !t.substitutes.length && !t.coaches.length;
  return empty(home) && empty(away) ? null : { home, away };
}

function statistics(e: WireEvent): StatisticRow[] {
  return list(e['statistics']).flatMap((s) => {
    const home = num(s['home']);
    const away = num(s['away']);
    const type = str(s['type']);
    return type && home !== null && away !== null ? [{ type, home, away }] : [];
  });
}

/** League names and countries of the catalogue win over the provider's English ones. */
export function leagueOf(e: Record<string, unknown>): LeagueRecord {
  const id = Number(str(e['league_id']));
  const known = catalogueLeague(id);
  return {
    id,
    name: known?.name ?? str(e['league_name']),
    country: known?.country ?? str(e['country_name']),
    logo: str(e['league_logo']),
  };
}

function team(id: unknown, name: unknown, badge: unknown, country: unknown): TeamRecord {
  return { key: `af:${str(id)}`, name: nationName(str(name)), country: str(country), badge: str(badge) };
}

/** match_status of a match that went to extra time (played or being played), and to penalties. */
const EXTRA_TIME_PHASES = new Set(['after et', 'aet', 'break time', 'extra time']);
const PENALTY_PHASES = new Set(['after pen.', 'penalty', 'penalties', 'penalty shootout']);

const TABLE_STAGES = /^(current|regular season|league|group|$)/i;

/** One event → a match record. Kick-off date and time are in Asia/Jakarta (we ask for it). */
export function matchOf(e: WireEvent): MatchRecord {
  const date = str(e['match_date']);
  const time = str(e['match_time']);
  const timeKnown = /^\d{1,2}:\d{2}$/.test(time);
  const { status, minute } = statusOf(e['match_status'], e['match_live']);
  const started = status === 'live' || status === 'finished' || status === 'awarded';
  // Extra-time and penalty scores count only once the status says the match got that far: the
  // provider fills them in for matches decided in 90 minutes too (a 'Finished' 1-5 with '1', '2').
  const phase = str(e['match_status']).toLowerCase();
  const pastNinety = Number(/^(\d{1,3})/.exec(phase)?.[1] ?? 0) > 90;
  const extraTimePlayed = started && (EXTRA_TIME_PHASES.has(phase) || PENALTY_PHASES.has(phase) || pastNinety);
  const shootout = started && PENALTY_PHASES.has(phase);
  const stage = str(e['stage_name']);
  const groupMatch = /^group\s+\w+$/i.exec(stage);
  return {
    key: `af:${str(e.match_id)}`,
    leagueId: Number(str(e.league_id)),
    season: seasonOf(e['league_year'], date),
    round: str(e['match_round']),
    groupName: groupMatch ? stage : null,
    countsForTable: TABLE_STAGES.test(stage),
    kickoffAt: offsetToUtc(date, timeKnown ? time : '00:00', WIB_OFFSET_MINUTES),
    timeKnown,
    home: team(e.match_hometeam_id, e['match_hometeam_name'], e['team_home_badge'], e['country_name']),
    away: team(e.match_awayteam_id, e['match_awayteam_name'], e['team_away_badge'], e['country_name']),
    status,
    minute,
    score: started ? pair(e['match_hometeam_score'], e['match_awayteam_score']) : null,
    halftime: started ? pair(e['match_hometeam_halftime_score'], e['match_awayteam_halftime_score']) : null,
    fulltime: started ? pair(e['match_hometeam_ft_score'], e['match_awayteam_ft_score']) : null,
    extraTime: extraTimePlayed ? pair(e['match_hometeam_extra_score'], e['match_awayteam_extra_score']) : null,
    penalties: shootout ? pair(e['match_hometeam_penalty_score'], e['match_awayteam_penalty_score']) : null,
    statistics: statistics(e),
    events: events(e),
    lineups: lineups(e),
    referee: str(e['match_referee']),
    venue: str(e['match_stadium']),
  };
}

export function isWireEvent(v: unknown): v is WireEvent {
  if (!v || typeof v !== 'object') return false;
  const e = v as Record<string, unknown>;
  return (
    /^\d+$/.test(str(e['match_id'])) &&
    ID.test(str(e['league_id'])) &&
    /^\d+$/.test(str(e['match_hometeam_id'])) &&
    /^\d+$/.test(str(e['match_awayteam_id'])) &&
    /^\d{4}-\d{2}-\d{2}$/.test(str(e['match_date']))
  );
}

/**
 * get_standings rows of one league; `season` is the league's current one (rows carry none). A team
 * listed twice in one table (a split season's 'Regular Season' and 'Championship Round' stages)
 * keeps the row with more matches played, the later stage's: the table holds a team once.
 */
export function standingsOf(rows: unknown[], season: string): StandingRecord[] {
  const kept = new Map<string, StandingRecord>();
  for (const row of standingRows(rows, season)) {
    const key = `${row.groupName}|${row.team.key}`;
    const seen = kept.get(key);
    if (!seen || row.played > seen.played) kept.set(key, row);
  }
  return [...kept.values()];
}

function standingRows(rows: unknown[], season: string): StandingRecord[] {
  return list(rows).flatMap((r) => {
    const position = int(r['overall_league_position']);
    const leagueId = ID.test(str(r['league_id'])) ? Number(str(r['league_id'])) : 0;
    if (position === null || !/^\d+$/.test(str(r['team_id'])) || !leagueId) return [];
    const stage = str(r['stage_name']);
    return [
      {
        leagueId,
        season,
        groupName: /^group\s+\w+$/i.test(stage) ? stage : '',
        team: team(r['team_id'], r['team_name'], r['team_badge'], r['country_name']),
        position,
        played: int(r['overall_league_payed']) ?? 0,
        won: int(r['overall_league_W']) ?? 0,
        drawn: int(r['overall_league_D']) ?? 0,
        lost: int(r['overall_league_L']) ?? 0,
        goalsFor: int(r['overall_league_GF']) ?? 0,
        goalsAgainst: int(r['overall_league_GA']) ?? 0,
        points: int(r['overall_league_PTS']) ?? 0,
      },
    ];
  });
}

/** How far a market's percentages may sum from 100 (each is rounded to two decimals). */
const PERCENT_SUM_TOLERANCE = 0.5;

/**
 * get_predictions rows → predictions (the 12 probabilities Gelora shows), keyed by match; null for a
 * row with a value missing or outside 0–100, or a market that does not sum to 100.
 */
export function predictionOf(e: WireEvent): PredictionRecord | null {
  const p = (k: string) => num(e[k]);
  const values = {
    probHomeWin: p('prob_HW'),
    probDraw: p('prob_D'),
    probAwayWin: p('prob_AW'),
    probHomeOrDraw: p('prob_HW_D'),
    probAwayOrDraw: p('prob_AW_D'),
    probHomeOrAway: p('prob_HW_AW'),
    probOver15: p('prob_O_1'),
    probUnder15: p('prob_U_1'),
    probOver25: p('prob_O'),
    probUnder25: p('prob_U'),
    probOver35: p('prob_O_3'),
    probUnder35: p('prob_U_3'),
  };
  if (Object.values(values).some((v) => v === null || v < 0 || v > 100)) return null;
  const v = values as Record<keyof typeof values, number>;
  // Percentages with two decimals: each market sums to 100, give or take their rounding. A row
  // that does not is not a forecast to show ('1 -20% X 150%').
  const whole = (...parts: number[]) => Math.abs(parts.reduce((a, b) => a + b, 0) - 100) <= PERCENT_SUM_TOLERANCE;
  const markets = [
    whole(v.probHomeWin, v.probDraw, v.probAwayWin),
    whole(v.probHomeOrDraw, v.probAwayWin),
    whole(v.probAwayOrDraw, v.probHomeWin),
    whole(v.probHomeOrAway, v.probDraw),
    whole(v.probOver15, v.probUnder15),
    whole(v.probOver25, v.probUnder25),
    whole(v.probOver35, v.probUnder35),
  ];
  if (markets.includes(false)) return null;
  return { matchKey: `af:${str(e.match_id)}`, source: PROVIDER_NAME, ...v };
}

/** get_leagues rows → the league and its current season. */
export function leaguesOf(rows: unknown[]): { league: LeagueRecord; season: string }[] {
  return list(rows).flatMap((r) => {
    if (!ID.test(str(r['league_id']))) return [];
    const season = str(r['league_season']);
    return [{ league: leagueOf(r), season: seasonOf(season, '') || season }];
  });
}
