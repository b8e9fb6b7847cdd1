// From a score matrix to the markets Gelora shows. Pure arithmetic: whatever produced the matrix
// (Dixon–Coles, a plain Poisson model), every market is a sum over its cells.
import type { Markets } from './types.ts';

/**
 * P(home scores i, away scores j) for i, j in 0..maxGoals, row-major by home goals. Invariant after
 * construction: non-negative cells summing to 1 (the mass beyond maxGoals is folded in by
 * renormalising; model.ts chooses maxGoals so that it is below 1e-12 a side).
 */
export interface ScoreMatrix {
  maxGoals: number;
  cells: Float64Array;
}

export function cell(matrix: ScoreMatrix, home: number, away: number): number {
  return matrix.cells[home * (matrix.maxGoals + 1) + away] ?? 0;
}

/** Independent Poisson scores with means lambda (home) and mu (away). */
export function poissonMatrix(lambda: number, mu: number, maxGoals: number): ScoreMatrix {
  const size = maxGoals + 1;
  const ph = poissonPmf(lambda, maxGoals);
  const pa = poissonPmf(mu, maxGoals);
  const cells = new Float64Array(size * size);
  for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) cells[i * size + j] = ph[i]! * pa[j]!;
  return { maxGoals, cells };
}

function poissonPmf(mean: number, max: number): Float64Array {
  const out = new Float64Array(max + 1);
  let p = Math.exp(-mean);
  for (let k = 0; k <= max; k++) {
    out[k] = p;
    p *= mean / (k + 1);
  }
  return out;
}

export function normalise(matrix: ScoreMatrix): ScoreMatrix {
  let total = 0;
  for (const v of matrix.cells) total += v;
  if (!(total > 0)) throw new RangeError('score matrix has no probability mass');
  for (let k = 0; k < matrix.cells.length; k++) matrix.cells[k] = matrix.cells[k]! / total;
  return matrix;
}

export function markets(matrix: ScoreMatrix): Markets {
  const size = matrix.maxGoals + 1;
  let home = 0;
  let draw = 0;
  let away = 0;
  let xgHome = 0;
  let xgAway = 0;
  // under[t] = P(total goals <= t) for t = 1, 2, 3 (the 1.5, 2.5 and 3.5 lines).
  const under = [0, 0, 0, 0];
  let best = { home: 0, away: 0, probability: -1 };
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const p = matrix.cells[i * size + j]!;
      if (i > j) home += p;
      else if (i === j) draw += p;
      else away += p;
      xgHome += i * p;
      xgAway += j * p;
      for (let t = i + j; t <= 3; t++) under[t]! += p;
      if (p > best.probability) best = { home: i, away: j, probability: p };
    }
  }
  // Each complement is 1 minus the rest, so a market adds up to 1 to within one float step (the
  // sum home + draw + away, taken in that order, can land a step off 1; the tests allow 1e-12).
  const total = home + draw + away;
  home /= total;
  draw /= total;
  away = 1 - home - draw;
  const line = (u: number) => {
    const underP = Math.min(1, Math.max(0, u / total));
    return { over: 1 - underP, under: underP };
  };
  return {
    expectedGoals: { home: xgHome / total, away: xgAway / total },
    oneXTwo: { home, draw, away },
    doubleChance: { homeOrDraw: 1 - away, drawOrAway: 1 - home, homeOrAway: 1 - draw },
    overUnder: { '1.5': line(under[1]!), '2.5': line(under[2]!), '3.5': line(under[3]!) },
    likeliestScore: best,
  };
}
