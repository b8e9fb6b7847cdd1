import { describe, expect, it } from 'vitest';
import { Tally, binaryBrier, binaryLogLoss, brier, logLoss, outcomeOf, pairedDifference, rps } from '../../src/lib/server/predictions/metrics.ts';

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
    expect(s.brierOu25).toBeCloseTo(0.25, 15);
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
