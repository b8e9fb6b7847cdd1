import { describe, expect, it } from 'vitest';
import { Tally, binaryBrier, binaryLogLoss, brier, encompassing, logLoss, outcomeOf, overUnderBrier, pairedDifference, rps } from '../../src/lib/server/predictions/metrics.ts';
import { logisticRegression } from '../../src/lib/server/predictions/regression.ts';
import { rng } from './fixtures/predictions.ts';

const certainHome = { home: 1, draw: 0, away: 0 };
const uniform = { home: 1 / 3, draw: 1 / 3, away: 1 / 3 };

describe('ranked probability score (1X2, ordered home < draw < away)', () => {
  it('is 0 for a certain correct forecast and 1 for a certain forecast of the other end', () => {
    expect(rps(certainHome, 'home')).toBe(0);
    expect(rps(certainHome, 'away')).toBe(1);
    expect(rps({ home: 0, draw: 0, away: 1 }, 'home')).toBe(1);
  });
  it('punishes a forecast of the far end more than one of the neighbour', () => {
    // Certain home, the match was drawn: ½·[(1 − 0)² + (1 − 1)²] = ½.
    expect(rps(certainHome, 'draw')).toBe(0.5);
  });
  it('matches hand-computed values', () => {
    // Uniform, draw: ½·[(⅓ − 0)² + (⅔ − 1)²] = ⅑.
    expect(rps(uniform, 'draw')).toBeCloseTo(1 / 9, 15);
    // Uniform, home: ½·[(⅓ − 1)² + (⅔ − 1)²] = ½·(4/9 + 1/9) = 5/18.
    expect(rps(uniform, 'home')).toBeCloseTo(5 / 18, 15);
    // (0.5, 0.3, 0.2), away: ½·[0.5² + 0.8²] = 0.445.
    expect(rps({ home: 0.5, draw: 0.3, away: 0.2 }, 'away')).toBeCloseTo(0.445, 15);
  });
});

describe('log-loss and Brier', () => {
  it('log-loss is −ln of the probability of what happened', () => {
    expect(logLoss({ home: 0.5, draw: 0.3, away: 0.2 }, 'home')).toBeCloseTo(Math.LN2, 15);
    expect(logLoss(uniform, 'away')).toBeCloseTo(Math.log(3), 15);
    // An impossible outcome that happened costs a large but finite amount.
    expect(logLoss(certainHome, 'away')).toBeCloseTo(-Math.log(1e-15), 9);
  });
  it('1X2 Brier sums the squared errors over the three outcomes', () => {
    // (0.5, 0.3, 0.2), home: 0.25 + 0.09 + 0.04.
    expect(brier({ home: 0.5, draw: 0.3, away: 0.2 }, 'home')).toBeCloseTo(0.38, 15);
    expect(brier(certainHome, 'away')).toBe(2);
  });
  it('binary rules for Over 2.5', () => {
    expect(binaryBrier(0.6, true)).toBeCloseTo(0.16, 15);
    expect(binaryBrier(0.6, false)).toBeCloseTo(0.36, 15);
    expect(binaryLogLoss(0.6, false)).toBeCloseTo(-Math.log(0.4), 15);
  });
  it('Over/Under Brier sums over both outcomes like the 1X2 Brier: twice the binary RPS', () => {
    // 0.6 for Over, it went Over: (0.6 − 1)² + (0.4 − 0)² = 0.32.
    expect(overUnderBrier(0.6, true)).toBeCloseTo(0.32, 15);
    expect(overUnderBrier(0.6, false)).toBeCloseTo(0.72, 15);
    expect(overUnderBrier(1, false)).toBe(2);
    // The same rule as brier() with one of the three outcomes impossible.
    expect(overUnderBrier(0.7, true)).toBeCloseTo(brier({ home: 0.7, draw: 0, away: 0.3 }, 'home'), 15);
  });
});

describe('tally', () => {
  it('averages every rule over matches and tells results apart', () => {
    expect(outcomeOf(2, 1)).toBe('home');
    expect(outcomeOf(1, 1)).toBe('draw');
    expect(outcomeOf(0, 3)).toBe('away');
    const t = new Tally();
    t.add(uniform, 0.5, 2, 1); // home, 3 goals: over
    t.add(uniform, 0.5, 0, 0); // draw, under
    const s = t.mean();
    expect(s.count).toBe(2);
    expect(s.rps1x2).toBeCloseTo((5 / 18 + 1 / 9) / 2, 15);
    expect(s.logLoss1x2).toBeCloseTo(Math.log(3), 15);
    expect(s.logLossOu25).toBeCloseTo(Math.LN2, 15);
    expect(s.rpsOu25).toBeCloseTo(0.25, 15);
    expect(s.brierOu25).toBeCloseTo(0.5, 15);
    const merged = new Tally().merge(t).merge(t).mean();
    expect(merged.count).toBe(4);
    expect(merged.rps1x2).toBeCloseTo(s.rps1x2, 15);
  });
});

describe('paired difference of two forecasters', () => {
  it('gives the mean per-match difference and its standard error', () => {
    // Differences 0.1, 0.3, 0.2, 0.2: mean 0.2; sample variance (0.01 + 0.01 + 0 + 0) / 3; se = √(0.02/3/4).
    const d = pairedDifference([0.5, 0.7, 0.4, 0.6], [0.4, 0.4, 0.2, 0.4]);
    expect(d.count).toBe(4);
    expect(d.mean).toBeCloseTo(0.2, 12);
    expect(d.se).toBeCloseTo(Math.sqrt(0.02 / 3 / 4), 12);
  });
  it('is zero with zero error for identical forecasters, and refuses unpaired inputs', () => {
    expect(pairedDifference([0.3, 0.1], [0.3, 0.1])).toEqual({ mean: 0, se: 0, count: 2 });
    expect(() => pairedDifference([0.1], [0.1, 0.2])).toThrow(RangeError);
  });
});

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

describe('logistic regression', () => {
  it('with only an intercept gives the log-odds of the share of yes, and the textbook standard error', () => {
    // 30 of 100 yes: coef = ln(0.3 / 0.7), se = 1 / √(n·p·(1 − p)).
    const outcomes = Array.from({ length: 100 }, (_, i) => i < 30);
    const fit = logisticRegression(outcomes.map(() => [1]), outcomes);
    expect(fit.converged).toBe(true);
    expect(fit.coef[0]).toBeCloseTo(Math.log(0.3 / 0.7), 9);
    expect(fit.se[0]).toBeCloseTo(1 / Math.sqrt(100 * 0.3 * 0.7), 9);
  });

  it('recovers the coefficients that generated the data', () => {
    const random = rng(5);
    const rows: number[][] = [];
    const outcomes: boolean[] = [];
    for (let i = 0; i < 20000; i++) {
      const x = random() * 4 - 2;
      rows.push([1, x]);
      outcomes.push(random() < sigmoid(-0.5 + 1.2 * x));
    }
    const fit = logisticRegression(rows, outcomes);
    expect(Math.abs(fit.coef[0]! + 0.5)).toBeLessThan(4 * fit.se[0]!);
    expect(Math.abs(fit.coef[1]! - 1.2)).toBeLessThan(4 * fit.se[1]!);
    expect(fit.se[1]).toBeLessThan(0.05);
  });

  it('stays finite when a column separates the outcomes, given a ridge', () => {
    const rows = [[1, -1], [1, -2], [1, 1], [1, 2]];
    const outcomes = [false, false, true, true];
    const fit = logisticRegression(rows, outcomes, { ridge: 0.01 });
    expect(fit.converged).toBe(true);
    expect(Number.isFinite(fit.coef[1]!)).toBe(true);
    expect(fit.coef[1]!).toBeGreaterThan(1);
  });
});

describe('forecast encompassing (O/U 2.5)', () => {
  // Forecaster "sharp" gives the true probability; "blurred" sees only part of what drives it plus
  // noise that has nothing to do with the outcome.
  const random = rng(17);
  const sharp: number[] = [];
  const blurred: number[] = [];
  const happened: boolean[] = [];
  for (let i = 0; i < 20000; i++) {
    const signal = random() * 2 - 1;
    const hidden = random() * 2 - 1;
    const truth = sigmoid(0.1 + signal + hidden);
    sharp.push(truth);
    blurred.push(sigmoid(0.1 + signal + (random() * 2 - 1)));
    happened.push(random() < truth);
  }

  it('gives the forecaster that knows everything a weight near 1 and the other one near 0', () => {
    const w = encompassing(sharp, blurred, happened);
    expect(Math.abs(w.a.coef - 1)).toBeLessThan(4 * w.a.se);
    expect(Math.abs(w.b.coef)).toBeLessThan(4 * w.b.se);
    expect(w.a.coef - w.b.coef).toBeGreaterThan(8 * Math.max(w.a.se, w.b.se));
  });

  it('tells the same story with the forecasters swapped', () => {
    const w = encompassing(blurred, sharp, happened);
    expect(Math.abs(w.b.coef - 1)).toBeLessThan(4 * w.b.se);
    expect(Math.abs(w.a.coef)).toBeLessThan(4 * w.a.se);
  });

  it('refuses forecasts and outcomes of different lengths', () => {
    expect(() => encompassing([0.5], [0.5, 0.4], [true])).toThrow(RangeError);
  });
});
