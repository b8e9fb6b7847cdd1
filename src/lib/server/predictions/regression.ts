// Logistic regression by Newton's method (iteratively reweighted least squares). The Elo baseline
// uses it for its Over 2.5 model; the evaluation uses it for the forecast-encompassing test.

export interface LogisticFit {
  /** One coefficient per column of the design rows. */
  coef: number[];
  /** Standard errors: √ of the diagonal of the inverse information (the ridge included). */
  se: number[];
  converged: boolean;
}

export const logistic = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * Maximises Σ log P(outcome | row) − ridge/2 · Σ coef² for P(true) = 1 / (1 + e^(−row·coef)). The
 * log-likelihood is concave, so Newton's method with step halving reaches its maximum; a positive
 * ridge keeps it finite when some column separates the outcomes.
 */
export function logisticRegression(
  rows: readonly (readonly number[])[],
  outcomes: readonly boolean[],
  opts: { ridge?: number; maxIterations?: number } = {},
): LogisticFit {
  if (rows.length !== outcomes.length) throw new RangeError('one outcome per row');
  const k = rows[0]?.length ?? 0;
  const ridge = opts.ridge ?? 0;
  const objective = (b: readonly number[]) => {
    let ll = 0;
    rows.forEach((x, i) => {
      const z = dot(x, b);
      // log σ(z) and log(1 − σ(z)) without overflow.
      ll -= outcomes[i] ? softplus(-z) : softplus(z);
    });
    return ll - (ridge / 2) * dot(b, b);
  };
  let coef = new Array<number>(k).fill(0);
  let value = objective(coef);
  let info = information(rows, coef, ridge);
  let converged = false;
  for (let it = 0; it < (opts.maxIterations ?? 50) && !converged; it++) {
    const grad = coef.map((c) => -ridge * c);
    rows.forEach((x, i) => {
      const r = (outcomes[i] ? 1 : 0) - logistic(dot(x, coef));
      for (let j = 0; j < k; j++) grad[j]! += r * x[j]!;
    });
    const step = solve(info, grad);
    let accepted = false;
    for (let half = 0, t = 1; half < 30 && !accepted; half++, t /= 2) {
      const trial = coef.map((c, j) => c + t * step[j]!);
      const next = objective(trial);
      if (next >= value - 1e-12 * Math.abs(value)) {
        accepted = true;
        converged = Math.max(...step.map((s) => Math.abs(t * s))) < 1e-10;
        coef = trial;
        value = next;
      }
    }
    // No step that does not lower the objective: θ is its maximum to rounding.
    if (!accepted) converged = true;
    info = information(rows, coef, ridge);
  }
  const se = coef.map((_, j) => {
    const unit = coef.map((__, l) => (l === j ? 1 : 0));
    return Math.sqrt(solve(info, unit)[j]!);
  });
  return { coef, se, converged };
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += a[j]! * b[j]!;
  return s;
}

function softplus(z: number): number {
  return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
}

/** Xᵀ W X + ridge·I, W = p(1 − p): the negative Hessian of the penalised log-likelihood. */
function information(rows: readonly (readonly number[])[], coef: readonly number[], ridge: number): number[][] {
  const k = coef.length;
  const m = Array.from({ length: k }, (_, j) => Array.from({ length: k }, (__, l) => (j === l ? ridge : 0)));
  for (const x of rows) {
    const p = logistic(dot(x, coef));
    const w = p * (1 - p);
    for (let j = 0; j < k; j++) for (let l = 0; l < k; l++) m[j]![l]! += w * x[j]! * x[l]!;
  }
  return m;
}

/** A·x = b by Gauss–Jordan elimination with partial pivoting (A is small: one row per coefficient). */
function solve(a: readonly (readonly number[])[], b: readonly number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  // A pivot this small beside the diagonal is rounding noise: a column repeats another.
  const tiny = 1e-10 * Math.max(0, ...a.map((row, i) => Math.abs(row[i]!)));
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    const d = m[c]![c]!;
    if (!(Math.abs(d) > tiny)) throw new RangeError('singular information: a column is constant or repeats another');
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / d;
      if (f !== 0) for (let j = c; j <= n; j++) m[r]![j]! -= f * m[c]![j]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}
