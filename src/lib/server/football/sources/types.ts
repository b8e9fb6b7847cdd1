// What a football source hands to the store: plain records keyed by the source's own identities.
// The store turns keys into database ids; neither source touches the database directly.
import type {
  Lineups,
  MatchEvents,
  MatchStatus,
  ScorePair,
  StatisticRow,
} from '../../../shared/football/types.ts';

export interface LeagueRecord {
  id: number;
  name: string;
  country: string;
  logo: string;
}

export interface TeamRecord {
  /** Source identity, stored as football_teams.external_id. */
  key: string;
  name: string;
  country: string;
  badge: string;
}

export interface MatchRecord {
  /** Source identity, stored as football_matches.external_id. */
  key: string;
  leagueId: number;
  season: string;
  round: string;
  groupName: string | null;
  countsForTable: boolean;
  kickoffAt: Date;
  timeKnown: boolean;
  home: TeamRecord;
  away: TeamRecord;
  status: MatchStatus;
  minute: string;
  score: ScorePair | null;
  halftime: ScorePair | null;
  fulltime: ScorePair | null;
  extraTime: ScorePair | null;
  penalties: ScorePair | null;
  /** The shoot-out score is a correction from match reports (SHOOTOUT_CORRECTIONS), which pages say. */
  penaltiesFromReports?: boolean;
  statistics: StatisticRow[];
  events: MatchEvents | null;
  lineups: Lineups | null;
  referee: string;
  venue: string;
}

export interface StandingRecord {
  leagueId: number;
  season: string;
  groupName: string;
  team: TeamRecord;
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

export interface PredictionRecord {
  matchKey: string;
  source: string;
  probHomeWin: number;
  probDraw: number;
  probAwayWin: number;
  probHomeOrDraw: number;
  probAwayOrDraw: number;
  probHomeOrAway: number;
  probOver15: number;
  probUnder15: number;
  probOver25: number;
  probUnder25: number;
  probOver35: number;
  probUnder35: number;
}

export interface ImportBatch {
  leagues: LeagueRecord[];
  matches: MatchRecord[];
  /** Matches known only from a list (head-to-head, history): they never overwrite details. */
  summaries?: MatchRecord[];
  standings?: StandingRecord[];
  predictions?: PredictionRecord[];
}

/** Counts of what a store call inserted or changed; unchanged rows are not counted. */
export interface StoreResult {
  leagues: number;
  teams: number;
  matchesInserted: number;
  matchesUpdated: number;
  standings: number;
  predictions: number;
}

/**
 * A football data source. `embedded` reads the bundled open data; `apifootball` calls
 * apifootball.com. Both write through the same store, and pages read only the database.
 */
export interface FootballSource {
  readonly name: 'embedded' | 'apifootball';
  /** Brings the database up to date before the server serves (boot) and on `npm run football:import`. */
  prepare(opts?: PrepareOptions): Promise<PrepareReport>;
  /** Starts whatever keeps the data fresh (nothing for the embedded data). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface PrepareOptions {
  /** Import the embedded data even when its files are unchanged. */
  force?: boolean;
  /**
   * Wait for the whole first sync, however long the provider takes (`npm run football:import`),
   * instead of at most prepareWaitMs (the server's start, which must serve meanwhile).
   */
  whole?: boolean;
}

export interface PrepareReport {
  /** 'pending': still running in the background when the start stopped waiting for it. */
  status: 'imported' | 'unchanged' | 'missing' | 'synced' | 'pending' | 'failed';
  ms: number;
  [detail: string]: unknown;
}
