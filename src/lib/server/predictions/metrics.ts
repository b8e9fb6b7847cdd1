// Scoring rules for probability forecasts; lower is better for all of them.
import { logisticRegression } from './regression.ts';
import type { OneXTwo } from './types.ts';

export type Outcome = 'home' | 'draw' | 'away';

export function outcomeOf(homeGoals: number, awayGoals: number): Outcome {
  return homeGoals > awayGoals ? 'home' : homeGoals === awayGoals ? 'draw' : 'away';
}

/**
 * Ranked probability score of an ordered 1X2 forecast (home < draw < away):
 * ½·[(P_home − O_home)² + (P_home + P_draw − O_home − O_draw)²]. 0 for a certain correct forecast,
 * 1 for a certain forecast of the opposite end.
 */
export function rps(p: OneXTwo, outcome: Outcome): number {
  const oHome = outcome === 'home' ? 1 : 0;
  const oHomeDraw = outcome === 'away' ? 0 : 1;
  return ((p.home - oHome) ** 2 + (p.home + p.draw - oHomeDraw) ** 2) / 2;
}

/** Probabilities are floored at 1e-15 so one impossible-but-happened outcome gives a large, finite loss. */
const FLOOR = 1e-15;

/** −ln of the probability given to what happened. */
export function logLoss(p: OneXTwo, outcome: Outcome): number {
  return -Math.log(Math.max(p[outcome], FLOOR));
}

/** Multi-class Brier score: Σ over home, draw, away of (p − o)², between 0 and 2. */
export function brier(p: OneXTwo, outcome: Outcome): number {
  return (
    (p.home - (outcome === 'home' ? 1 : 0)) ** 2 +
    (p.draw - (outcome === 'draw' ? 1 : 0)) ** 2 +
    (p.away - (outcome === 'away' ? 1 : 0)) ** 2
  );
}

/**
 * Binary forecasts (Over 2.5): (p − o)², the ranked probability score of the two ordered categories
 * Under < Over (and the single-event Brier score). The Brier score reported beside the 1X2 one sums
 * over both outcomes instead: see overUnderBrier.
 */
export function binaryBrier(pYes: number, happened: boolean): number {
  return (pYes - (happened ? 1 : 0)) ** 2;
}

/**
 * Multi-class Brier score of a two-way forecast, defined as brier() is for 1X2: Σ over Over and Under
 * of (p − o)² = 2·(p − o)², between 0 and 2 — twice binaryBrier, the RPS.
 */
export function overUnderBrier(pOver: number, over: boolean): number {
  const o = over ? 1 : 0;
  return (pOver - o) ** 2 + (1 - pOver - (1 - o)) ** 2;
}

export function binaryLogLoss(pYes: number, happened: boolean): number {
  return -Math.log(Math.max(happened ? pYes : 1 - pYes, FLOOR));
}

export interface Scores {
  count: number;
  rps1x2: number;
  logLoss1x2: number;
  brier1x2: number;
  rpsOu25: number;
  logLossOu25: number;
  /** Summed over Over and Under like brier1x2 over home, draw, away: twice rpsOu25. */
  brierOu25: number;
}

export type Sums = Omit<Scores, 'count'>;

/** Every rule's score of one forecast against the 90-minute result. */
export function scoreOne(p: OneXTwo, over25: number, homeGoals: number, awayGoals: number): Sums {
  const outcome = outcomeOf(homeGoals, awayGoals);
  const over = homeGoals + awayGoals > 2.5;
  return {
    rps1x2: rps(p, outcome),
    logLoss1x2: logLoss(p, outcome),
    brier1x2: brier(p, outcome),
    rpsOu25: binaryBrier(over25, over),
    logLossOu25: binaryLogLoss(over25, over),
    brierOu25: overUnderBrier(over25, over),
  };
}

/** Running sums of every rule over many forecasts; mean() gives the averages. */
export class Tally {
  count = 0;
  private sums: Sums = { rps1x2: 0, logLoss1x2: 0, brier1x2: 0, rpsOu25: 0, logLossOu25: 0, brierOu25: 0 };

  add(p: OneXTwo, over25: number, homeGoals: number, awayGoals: number): void {
    const scores = scoreOne(p, over25, homeGoals, awayGoals);
    this.count++;
    for (const k of Object.keys(this.sums) as (keyof Sums)[]) this.sums[k] += scores[k];
  }

  merge(other: Tally): this {
    this.count += other.count;
    for (const k of Object.keys(this.sums) as (keyof Sums)[]) this.sums[k] += other.sums[k];
    return this;
  }

  mean(): Scores {
    const n = this.count || Number.NaN;
    return {
      count: this.count,
      rps1x2: this.sums.rps1x2 / n,
      logLoss1x2: this.sums.logLoss1x2 / n,
      brier1x2: this.sums.brier1x2 / n,
      rpsOu25: this.sums.rpsOu25 / n,
      logLossOu25: this.sums.logLossOu25 / n,
      brierOu25: this.sums.brierOu25 / n,
    };
  }
}

/**
 * The mean of per-match differences a − b of two forecasters scored on the same matches, with its
 * standard error (sample standard deviation / √n): a difference within about two standard errors of
 * zero is not evidence that either forecaster is better.
 */
export function pairedDifference(a: readonly number[], b: readonly number[]): { mean: number; se: number; count: number } {
  if (a.length !== b.length) throw new RangeError('paired scores must cover the same matches');
  const n = a.length;
  if (n === 0) return { mean: Number.NaN, se: Number.NaN, count: 0 };
  let sum = 0;
  for (let i = 0; i < n; i++) sum += a[i]! - b[i]!;
  const mean = sum / n;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (a[i]! - b[i]! - mean) ** 2;
  return { mean, se: n > 1 ? Math.sqrt(squares / (n - 1) / n) : Number.NaN, count: n };
}

export interface Weight {
  coef: number;
  se: number;
}

/**
 * Forecast encompassing for a yes/no event (Over 2.5): the logistic regression of what happened on
 * both forecasters' log-odds, P(yes) = σ(α + w_a·logit(p_a) + w_b·logit(p_b)). A forecaster whose
 * weight is within about two standard errors of 0 adds nothing that the other one lacks; one that
 * holds everything the other knows, and is calibrated, gets a weight near 1 beside a weight near 0.
 */
export function encompassing(a: readonly number[], b: readonly number[], happened: readonly boolean[]): { intercept: Weight; a: Weight; b: Weight } {
  if (a.length !== b.length || a.length !== happened.length) throw new RangeError('both forecasts and the outcome are needed for every match');
  const logit = (p: number) => {
    const q = Math.min(Math.max(p, 1e-6), 1 - 1e-6);
    return Math.log(q / (1 - q));
  };
  const fit = logisticRegression(
    a.map((p, i) => [1, logit(p), logit(b[i]!)]),
    happened,
  );
  const weight = (j: number) => ({ coef: fit.coef[j]!, se: fit.se[j]! });
  return { intercept: weight(0), a: weight(1), b: weight(2) };
}
