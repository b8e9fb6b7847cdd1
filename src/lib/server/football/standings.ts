// League tables computed from results: 3 points a win, 1 a draw; teams level on points are ordered
// by their competition's tie-break rule (RULES), as far as results can decide it. What results
// cannot decide (fair-play or disciplinary points, coefficients and rankings, drawing of lots,
// play-off matches other than those listed below) gives way to the team's name, so the order is
// always the same. Official decisions the results do not show (data/table-decisions.ts): points
// deducted come off a team's total before anything is ordered (the meetings among teams level
// count their results alone), a match awarded without goals counts as its winner's, and a play-off
// between teams level on points places its winner above.
import type { StandingRow, StandingsGroup, TeamRef, TieBreak } from '../../shared/football/types.ts';

export interface TableMatch {
  homeTeamId: number;
  awayTeamId: number;
  homeScore: number | null;
  awayScore: number | null;
  groupName: string | null;
  /** Whether the match has a result that counts (finished or awarded). */
  played: boolean;
  /** Who a match awarded on a level score was given to (the score stays, as the decision kept it). */
  awardedTo?: 'home' | 'away' | undefined;
}

/**
 * A team's figures over a set of matches: the whole table's, or only those among teams level. A
 * table row's, and what the tie-break rules read besides.
 */
interface Tally extends Omit<StandingRow, 'position' | 'team' | 'goalDifference'> {
  awayGoalsFor: number;
  awayWon: number;
  /** Summed over the opponents a team has played: the UEFA league phase's late criteria. */
  opponentsPoints: number;
  opponentsGoalDifference: number;
  opponentsGoalsFor: number;
}

/** A figure that orders teams, the higher first. */
type Figure = Exclude<keyof Tally, 'played' | 'drawn' | 'lost' | 'goalsAgainst'> | 'goalDifference' | 'pointsPerGame';

/**
 * A step of a rule: a figure over the whole table, or a mini-table of the matches among the teams
 * still level, read figure by figure. `reapply`: a sub-group the mini-table leaves level gets a
 * mini-table of its own matches, before the steps after it. `complete`: the mini-table counts only
 * once every meeting of those teams has a result; until then the steps after it decide. 'homeAndAway':
 * once each has played each of the others at home and away (a season stopped early keeps no
 * fixtures of the meetings that were never played).
 */
type Step = Figure | { headToHead: Figure[]; reapply?: boolean; complete?: true | 'homeAndAway' };

/**
 * Each competition's order after points, from the regulations named at each rule, up to the first
 * criterion results cannot decide. A rule that starts with points per game orders by that instead.
 */
const RULES: Record<TieBreak, Step[]> = {
  // Goal difference first: the Premier League, the Championship, the Bundesliga, Ligue 1, the
  // Eredivisie, and every competition without a rule here. Their later criteria (games between the
  // teams, away goals, play-offs) are not followed: a tie that far falls to the name.
  goals: ['goalDifference', 'goalsFor'],
  // RFEF Reglamento General art. 201 (LaLiga's Disposición Quinta): between two clubs the goal
  // difference of their two meetings (which points, then goal difference, give too), between more
  // the points and then the goal difference of the matches among them; then goal difference and
  // goals overall (fair play after that). The meetings count once all of them are played: until
  // then the RFEF goes straight to overall goal difference.
  laLiga: [{ headToHead: ['points', 'goalDifference'], complete: true }, 'goalDifference', 'goalsFor'],
  // FIGC NOIF art. 51 and the Lega's 'classifica avulsa': points and goal difference among the
  // teams level, then goal difference and goals overall, then lots. Since 2022-23 two teams level
  // for the title or relegation play a play-off instead (data/table-decisions.ts lists it).
  serieA: [{ headToHead: ['points', 'goalDifference'] }, 'goalDifference', 'goalsFor'],
  // Liga Portugal, Regulamento das Competições art. 17, until 2020-21: points, goal difference and
  // away goals among the teams level, then goal difference, wins and goals overall (a play-off
  // after). In a season still running the Liga waited for the last round before using the
  // meetings until 2019-20, and now waits for both before their goal difference; a table here
  // orders the results so far as at the end.
  primeiraLigaAwayGoals: [{ headToHead: ['points', 'goalDifference', 'awayGoalsFor'] }, 'goalDifference', 'won', 'goalsFor'],
  // The same article from 2021-22, when away goals stopped counting.
  primeiraLiga: [{ headToHead: ['points', 'goalDifference'] }, 'goalDifference', 'won', 'goalsFor'],
  // UEFA Champions League regulations, group stage until 2020-21: points, goal difference, goals
  // and away goals among the teams level, again among those still level; then goal difference and
  // goals in all group matches (the club coefficient after that).
  uefaGroupsAwayGoals: [{ headToHead: ['points', 'goalDifference', 'goalsFor', 'awayGoalsFor'], reapply: true }, 'goalDifference', 'goalsFor'],
  // 2021-22 to 2023-24: away goals gone from the meetings, and added to the overall criteria with
  // wins and away wins (disciplinary points and the coefficient after those).
  uefaGroups: [
    { headToHead: ['points', 'goalDifference', 'goalsFor'], reapply: true },
    'goalDifference',
    'goalsFor',
    'awayGoalsFor',
    'won',
    'awayWon',
  ],
  // The league phase from 2024-25, where no two teams have the same opponents: no meetings, and the
  // opponents' results last (disciplinary points and the coefficient after those).
  uefaLeague: [
    'goalDifference',
    'goalsFor',
    'awayGoalsFor',
    'won',
    'awayWon',
    'opponentsPoints',
    'opponentsGoalDifference',
    'opponentsGoalsFor',
  ],
  // Ligue 1 2019-20, stopped after 28 rounds (LFP board, 30 April 2020): points per match played,
  // ties broken by the meetings ('confrontations particulières'). The published order counts the
  // meetings only where all were played: Nice above Reims on their 2-0 and 1-1, but Lyon, one
  // meeting short with Montpellier and Monaco, above both on goal difference, and Dijon above
  // Saint-Étienne, who won their only meeting. Then goal difference and goals.
  pointsPerGame: ['pointsPerGame', { headToHead: ['points', 'goalDifference'], complete: 'homeAndAway' }, 'goalDifference', 'goalsFor'],
  // FIFA World Cup regulations, 2018 and 2022: the whole group first, then the matches among the
  // teams still level (fair play and lots after that).
  worldCup: ['goalDifference', 'goalsFor', { headToHead: ['points', 'goalDifference', 'goalsFor'] }],
  // FIFA World Cup 26 regulations: the matches among the teams level first, again among those
  // still level; then the whole group (team conduct and the FIFA ranking after that).
  worldCup2026: [{ headToHead: ['points', 'goalDifference', 'goalsFor'], reapply: true }, 'goalDifference', 'goalsFor'],
};

/** The rule of a competition's season, by the catalogue's league id (../../shared/football/leagues.ts). */
export function ruleFor(leagueId: number, season: string): TieBreak {
  switch (leagueId) {
    case 302:
      return 'laLiga';
    case 207:
      return 'serieA';
    case 168:
      return season === '2019-20' ? 'pointsPerGame' : 'goals';
    case 266:
      return season < '2021-22' ? 'primeiraLigaAwayGoals' : 'primeiraLiga';
    case 3:
      return season >= '2024-25' ? 'uefaLeague' : season >= '2021-22' ? 'uefaGroups' : 'uefaGroupsAwayGoals';
    case 28:
      return season >= '2026' ? 'worldCup2026' : 'worldCup';
    default:
      return 'goals';
  }
}

/** Official decisions a table takes in beyond its results (data/table-decisions.ts), by team id. */
export interface Decisions {
  /** Points taken from a team (a restoration is negative), off its total. */
  deducted?: ReadonlyMap<number, number>;
  /** Play-offs between teams level on points, [winner, loser]: the winner is placed above. */
  playoffs?: readonly (readonly [number, number])[];
}

/** The tables of a competition's season, a group each. */
export function compute(matches: TableMatch[], teams: Map<number, TeamRef>, rule: TieBreak, decisions: Decisions = {}): StandingsGroup[] {
  const groups = new Map<string, TableMatch[]>();
  for (const m of matches) {
    const group = m.groupName ?? '';
    const list = groups.get(group) ?? [];
    groups.set(group, list);
    list.push(m);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, list]) => ({ name, rows: table(list, teams, RULES[rule], decisions) }));
}

/** One group's table: every team of its fixture list, even before its first result. */
function table(matches: TableMatch[], teams: Map<number, TeamRef>, steps: Step[], decisions: Decisions): StandingRow[] {
  const counted = matches.filter(hasResult);
  const rows = tally(matches, counted);
  for (const [id, points] of decisions.deducted ?? []) {
    const row = rows.get(id);
    if (row) row.points -= points;
  }
  const whole = withOpponents(rows, counted);
  const name = (id: number) => teams.get(id)?.name ?? String(id);
  const value = (t: Tally, f: Figure) =>
    f === 'goalDifference' ? t.goalsFor - t.goalsAgainst : f === 'pointsPerGame' ? (t.played ? t.points / t.played : 0) : t[f];

  // Orders teams level on everything before `rest`, one step at a time; the name last.
  const settle = (ids: number[], rest: Step[]): number[] => {
    const [step, ...after] = rest;
    if (ids.length < 2) return ids;
    if (!step) return ids.sort((a, b) => name(a).localeCompare(name(b), 'en'));
    if (typeof step === 'string') return split(ids, (id) => [value(whole.get(id)!, step)]).flatMap((level) => settle(level, after));
    const among = new Set(ids);
    const meetings = matches.filter((m) => among.has(m.homeTeamId) && among.has(m.awayTeamId));
    if (step.complete && meetings.some((m) => !hasResult(m))) return settle(ids, after);
    if (step.complete === 'homeAndAway') {
      const played = new Set(meetings.filter(hasResult).map((m) => `${m.homeTeamId}-${m.awayTeamId}`));
      if (ids.some((a) => ids.some((b) => a !== b && !played.has(`${a}-${b}`)))) return settle(ids, after);
    }
    const mini = tally(meetings, meetings.filter(hasResult));
    const levels = split(ids, (id) => step.headToHead.map((f) => (mini.has(id) ? value(mini.get(id)!, f) : 0)));
    // Only a smaller group is drawn again: the whole group left level goes on to the next step.
    return levels.flatMap((level) => settle(level, step.reapply && level.length < ids.length ? rest : after));
  };

  const order: Step[] = steps[0] === 'pointsPerGame' ? steps : ['points', ...steps];
  const ids = settle([...whole.keys()], order);
  // A play-off between two teams level on points puts its winner straight above its loser.
  for (const [winner, loser] of decisions.playoffs ?? []) {
    const w = ids.indexOf(winner);
    const l = ids.indexOf(loser);
    if (w > l && l >= 0 && whole.get(winner)!.points === whole.get(loser)!.points) ids.splice(l, 0, ...ids.splice(w, 1));
  }
  return ids.map((id, i) => {
    const { played, won, drawn, lost, goalsFor, goalsAgainst, points } = whole.get(id)!;
    const team = teams.get(id) ?? { id, name: String(id), badge: '' };
    return { position: i + 1, team, played, won, drawn, lost, goalsFor, goalsAgainst, goalDifference: goalsFor - goalsAgainst, points };
  });
}

type Result = TableMatch & { homeScore: number; awayScore: number };

function hasResult(m: TableMatch): m is Result {
  return m.played && m.homeScore !== null && m.awayScore !== null;
}

/** Figures from `counted`; every team of `fixtures` has a row, with zeros before its first result. */
function tally(fixtures: TableMatch[], counted: Result[]): Map<number, Tally> {
  const rows = new Map<number, Tally>();
  const row = (id: number): Tally => {
    let r = rows.get(id);
    if (!r) {
      r = { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, points: 0, awayGoalsFor: 0, awayWon: 0, opponentsPoints: 0, opponentsGoalDifference: 0, opponentsGoalsFor: 0 };
      rows.set(id, r);
    }
    return r;
  };
  for (const m of fixtures) {
    row(m.homeTeamId);
    row(m.awayTeamId);
  }
  for (const m of counted) {
    const home = row(m.homeTeamId);
    const away = row(m.awayTeamId);
    const hs = m.homeScore;
    const as = m.awayScore;
    home.played++;
    away.played++;
    home.goalsFor += hs;
    home.goalsAgainst += as;
    away.goalsFor += as;
    away.goalsAgainst += hs;
    away.awayGoalsFor += as;
    const winner = m.awardedTo ?? (hs > as ? 'home' : hs < as ? 'away' : undefined);
    if (winner === 'home') {
      home.won++;
      away.lost++;
      home.points += 3;
    } else if (winner === 'away') {
      away.won++;
      away.awayWon++;
      home.lost++;
      away.points += 3;
    } else {
      home.drawn++;
      away.drawn++;
      home.points++;
      away.points++;
    }
  }
  return rows;
}

/** Adds up the figures of the opponents each team has played (in a league phase, each once). */
function withOpponents(rows: Map<number, Tally>, counted: Result[]): Map<number, Tally> {
  for (const m of counted) {
    for (const [id, other] of [
      [m.homeTeamId, m.awayTeamId],
      [m.awayTeamId, m.homeTeamId],
    ] as const) {
      const team = rows.get(id)!;
      const opponent = rows.get(other)!;
      team.opponentsPoints += opponent.points;
      team.opponentsGoalDifference += opponent.goalsFor - opponent.goalsAgainst;
      team.opponentsGoalsFor += opponent.goalsFor;
    }
  }
  return rows;
}

/** Teams in groups of equal keys, the higher keys first; a key's first number counts first. */
function split(ids: number[], key: (id: number) => number[]): number[][] {
  const keyed = ids.map((id) => ({ id, key: key(id) }));
  keyed.sort((a, b) => compareKeys(b.key, a.key));
  const levels: number[][] = [];
  keyed.forEach((t, i) => {
    if (i > 0 && compareKeys(t.key, keyed[i - 1]!.key) === 0) levels.at(-1)!.push(t.id);
    else levels.push([t.id]);
  });
  return levels;
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
