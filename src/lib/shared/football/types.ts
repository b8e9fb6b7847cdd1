// The football domain's shapes as pages, islands and the JSON API see them. Server code maps
// database rows to these; islands import only this file's types.

/** What the source says about a match. */
export type MatchStatus = 'scheduled' | 'live' | 'finished' | 'awarded' | 'postponed' | 'cancelled' | 'abandoned';

/**
 * What a reader sees, from the status and the clock: a scheduled match whose kick-off has passed
 * without a result is 'no_result' (played, result not in the data), never given a score; an
 * 'abandoned' one kicked off and was stopped, and keeps the score it stopped at where there is one.
 */
export type MatchState = 'upcoming' | 'live' | 'finished' | 'no_result' | 'postponed' | 'cancelled' | 'abandoned';

export type Side = 'home' | 'away';

export interface ScorePair {
  home: number;
  away: number;
}

/** One statistic of a match, e.g. { type: 'Corners', home: 4, away: 3 }. */
export interface StatisticRow {
  type: string;
  home: number;
  away: number;
}

export interface GoalEvent {
  /** As the source writes it: '67', '90+6'. */
  minute: string;
  side: Side;
  player: string;
  assist: string;
  /** Running score after the goal, '1 - 0'. */
  score: string;
  kind: 'goal' | 'penalty' | 'own_goal';
}

export interface CardEvent {
  minute: string;
  side: Side;
  player: string;
  card: 'yellow' | 'red' | 'yellow_red';
}

export interface SubstitutionEvent {
  minute: string;
  side: Side;
  playerOut: string;
  playerIn: string;
}

export interface MatchEvents {
  goals: GoalEvent[];
  cards: CardEvent[];
  substitutions: SubstitutionEvent[];
}

export interface LineupPlayer {
  number: string;
  name: string;
}

export interface TeamLineup {
  starting: LineupPlayer[];
  substitutes: LineupPlayer[];
  coaches: LineupPlayer[];
}

export interface Lineups {
  home: TeamLineup;
  away: TeamLineup;
}

export interface TeamRef {
  id: number;
  name: string;
  /** Empty when unknown: pages show the default team image. */
  badge: string;
}

export interface LeagueRef {
  id: number;
  name: string;
  country: string;
  logo: string;
}

/** A match in a list (live score, fixtures, head-to-head, predictions). */
export interface MatchSummary {
  id: number;
  league: LeagueRef;
  season: string;
  round: string;
  /** ISO 8601 instant (UTC). */
  kickoffAt: string;
  timeKnown: boolean;
  home: TeamRef;
  away: TeamRef;
  status: MatchStatus;
  state: MatchState;
  minute: string;
  score: ScorePair | null;
  halftime: ScorePair | null;
  /** The score after extra time, when the match had one (a list says 'AET'). */
  extraTime: ScorePair | null;
  /** The shoot-out's score, when one decided the match (a list says who went through). */
  penalties: ScorePair | null;
}

export interface MatchDetail extends MatchSummary {
  groupName: string | null;
  fulltime: ScorePair | null;
  /** The side an awarded match (status 'awarded') went to, where the score or a ruling says so. */
  awardedTo: Side | null;
  /** The shoot-out score is from match reports: the data's own was level, which no shoot-out ends. */
  penaltiesFromReports?: true;
  statistics: StatisticRow[];
  events: MatchEvents | null;
  lineups: Lineups | null;
  referee: string;
  venue: string;
}

export interface StandingRow {
  position: number;
  team: TeamRef;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
}

export interface StandingsGroup {
  /** Empty for a single league table; 'Group A' … for group stages. */
  name: string;
  rows: StandingRow[];
}

export interface StandingsTable {
  league: LeagueRef;
  season: string;
  /** Seasons the league has data for, newest first. */
  seasons: string[];
  groups: StandingsGroup[];
  /** 'computed' from results (embedded data) or as published by the 'provider'. */
  source: 'computed' | 'provider';
  /** A computed table's results: how far they go. */
  results?: StandingsResults;
  /** A computed table's rule for teams level on points, which the page's note states. */
  tieBreak?: TieBreak;
  /** Official point deductions a computed table includes (net, by club), which the note names. */
  deductions?: PointDeductionRow[];
  /** Play-offs between teams level on points that placed their winners above, which the note names. */
  playoffs?: PlayoffRow[];
  /** Some official decision of the season names a club this table spells otherwise: not counted. */
  unmatchedDecisions?: true;
  /** The day (YYYY-MM-DD) a season was called off with no final table: the table is as it stopped. */
  abandoned?: string;
  /** Matches of a computed table called off or stopped and never completed, which it does not count. */
  notCounted?: NotCountedMatch[];
  /** Matches a computed table counts as won by decision (awarded), not by their score, which the note names. */
  awarded?: AwardedMatch[];
}

export interface AwardedMatch {
  winner: TeamRef;
  loser: TeamRef;
  /** ISO instant of the planned kick-off. */
  kickoffAt: string;
}

export interface NotCountedMatch {
  home: TeamRef;
  away: TeamRef;
  /** ISO instant of the planned kick-off. */
  kickoffAt: string;
  state: 'cancelled' | 'abandoned';
}

export interface PlayoffRow {
  winner: TeamRef;
  loser: TeamRef;
}

export interface PointDeductionRow {
  team: TeamRef;
  /** Points taken off the club's total (net of any given back on appeal). */
  points: number;
}

/**
 * How a computed table orders teams level on points: its competition's rule (and season's, where
 * the rule changed), as far as results decide it (src/lib/server/football/standings.ts).
 */
export type TieBreak =
  | 'goals'
  | 'laLiga'
  | 'serieA'
  | 'primeiraLigaAwayGoals'
  | 'primeiraLiga'
  | 'uefaGroupsAwayGoals'
  | 'uefaGroups'
  | 'uefaLeague'
  | 'worldCup'
  | 'worldCup2026'
  | 'pointsPerGame';

export interface StandingsResults {
  /** Kick-off of the latest match with a result (ISO), null before the first. */
  last: string | null;
  /** Fixtures whose kick-off has passed without a result in the data ('Hasil belum tersedia'). */
  missing: number;
  /** Matches of the season, in the table or not, that are neither played nor called off: 0 once it is over. */
  open: number;
  /** Kick-off of the season's latest match with a result, in the table or not (a cup's final), ISO. */
  seasonLast: string | null;
}

/** Probabilities in percent (0–100). */
export interface Prediction {
  /** Who made it: the model's name or the data provider's. */
  source: string;
  homeWin: number;
  draw: number;
  awayWin: number;
  homeOrDraw: number;
  awayOrDraw: number;
  homeOrAway: number;
  over15: number;
  under15: number;
  over25: number;
  under25: number;
  over35: number;
  under35: number;
}

export interface PredictedMatch {
  match: MatchSummary;
  prediction: Prediction;
}

export interface HeadToHead {
  headToHead: MatchSummary[];
  homeLast: MatchSummary[];
  awayLast: MatchSummary[];
}

export interface LeagueOption {
  id: number;
  country: string;
  name: string;
}
