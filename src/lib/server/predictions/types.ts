// Shapes shared by the goals model, the baselines, the metrics and the evaluation. Everything in
// this folder is pure and database-free: the football domain maps its rows to MatchResult.

/** One played match. Matches without a result (postponed, cancelled, not yet played) are not MatchResults. */
export interface MatchResult {
  /** Kick-off date, YYYY-MM-DD. */
  date: string;
  /** Team keys: any stable identifier (a database id, or a canonical name — see openfootball.teamKey). */
  home: string;
  away: string;
  /** Full-time (90 minutes) goals; extra time and penalties are not part of the goals model. */
  homeGoals: number;
  awayGoals: number;
  /** Played at a neutral venue: no home advantage (World Cup, cup finals). */
  neutral?: boolean;
  league?: string;
  /** Season label that sorts chronologically, e.g. '2023-24'. Used to tell newcomers (promoted sides). */
  season?: string;
}

/** Probabilities of home win, draw and away win; they sum to 1. */
export interface OneXTwo {
  home: number;
  draw: number;
  away: number;
}

export interface OverUnder {
  over: number;
  under: number;
}

/**
 * Every market Gelora shows for a match. 1X2 sums to 1; each Over/Under line sums to 1; each Double
 * Chance outcome is the complement of one 1X2 outcome (1X = 1 − away, X2 = 1 − home, 12 = 1 − draw),
 * so the three together sum to 2 by construction.
 */
export interface Markets {
  /** Expected goals of the home and the away side. */
  expectedGoals: { home: number; away: number };
  oneXTwo: OneXTwo;
  doubleChance: { homeOrDraw: number; drawOrAway: number; homeOrAway: number };
  overUnder: { '1.5': OverUnder; '2.5': OverUnder; '3.5': OverUnder };
  /** The single most likely full-time score. */
  likeliestScore: { home: number; away: number; probability: number };
}

/** What every forecaster in the evaluation produces for one match. */
export interface Forecast {
  oneXTwo: OneXTwo;
  /** Probability of three or more goals. */
  over25: number;
}
