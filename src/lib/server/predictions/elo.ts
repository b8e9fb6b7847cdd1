// Baseline (b): an Elo rating with home advantage and a goal-difference multiplier (as in the World
// Football Elo Ratings), replayed over every match before the fit date. Ratings become 1X2
// probabilities through an ordered logistic draw model, P(away) = F(θ₁ − β·x) and
// P(away or draw) = F(θ₂ − β·x) with x the rating gap (home advantage included) / 400, fitted by
// maximum likelihood on recent matches; Over 2.5 through a logistic regression on |x| (lopsided
// fixtures bring more goals), fitted the same way. A season's newcomers start at the average rating
// of the sides that left (in a top flight the relegated ones), as in Club Elo. Elo learns from the
// league's own results only; K and the home advantage are the usual values (K = 20, 70 points), and
// K between 15 and 30 changes its 2022-24 scores by less than 0.001.
import { addDays } from './dates.ts';
import { logistic, logisticRegression } from './regression.ts';
import type { Forecast, MatchResult } from './types.ts';

export interface EloOptions {
  asOf?: string;
  k?: number;
  /** Home advantage in rating points. */
  homeAdvantage?: number;
  /** The season being predicted and its teams (see FitOptions in model.ts). */
  season?: string;
  teams?: readonly string[];
  /** Only matches this recent calibrate the draw and goals models. */
  calibrationDays?: number;
}

export interface EloModel {
  kind: 'elo';
  asOf: string;
  homeAdvantage: number;
  ratings: Record<string, number>;
  newcomerRating: number;
  /** Ordered logit: P(away) = F(cutAway − beta·x), P(away or draw) = F(cutDraw − beta·x). */
  draw: { beta: number; cutAway: number; cutDraw: number };
  /** P(over 2.5) = F(a + b·|x|). */
  goals: { a: number; b: number };
}

/**
 * minCalibration: the draw and goals models calibrate on the seasons after the first (whose ratings
 * are still warming up), but on the first too while the later ones hold fewer matches than this
 * (about one season of an 18-team league): otherwise the first weeks of a league's second season
 * would be calibrated on a handful of games.
 */
export const ELO_DEFAULTS = { k: 20, homeAdvantage: 70, calibrationDays: 3 * 365, initial: 1500, minCalibration: 300 } as const;

export function fitElo(matches: readonly MatchResult[], opts: EloOptions = {}): EloModel {
  const k = opts.k ?? ELO_DEFAULTS.k;
  const hfa = opts.homeAdvantage ?? ELO_DEFAULTS.homeAdvantage;
  const asOf = opts.asOf ?? (matches.length ? addDays(matches.reduce((m, r) => (r.date > m ? r.date : m), matches[0]!.date), 1) : '1970-01-01');
  const used = matches.filter((m) => m.date < asOf);
  const order = [...used].sort((a, b) => (a.season ?? '').localeCompare(b.season ?? '') || a.date.localeCompare(b.date));
  const ratings = new Map<string, number>();
  const seasonTeams = new Map<string, Set<string>>();
  for (const m of used) {
    if (m.season === undefined) continue;
    let set = seasonTeams.get(m.season);
    if (!set) seasonTeams.set(m.season, (set = new Set()));
    set.add(m.home).add(m.away);
  }
  if (opts.season !== undefined && opts.teams) {
    const set = seasonTeams.get(opts.season) ?? new Set<string>();
    for (const t of opts.teams) set.add(t);
    seasonTeams.set(opts.season, set);
  }
  const labels = [...seasonTeams.keys()].sort();
  let newcomerRating: number = ELO_DEFAULTS.initial;
  // Seat a season's newcomers at the rating of the sides it lost.
  const startSeason = (label: string) => {
    const i = labels.indexOf(label);
    const now = seasonTeams.get(label)!;
    const before = i > 0 ? seasonTeams.get(labels[i - 1]!)! : undefined;
    if (!before) {
      for (const t of now) if (!ratings.has(t)) ratings.set(t, ELO_DEFAULTS.initial);
      return;
    }
    const departed = [...before].filter((t) => !now.has(t) && ratings.has(t));
    if (departed.length) newcomerRating = departed.reduce((s, t) => s + ratings.get(t)!, 0) / departed.length;
    for (const t of now) if (!before.has(t)) ratings.set(t, newcomerRating);
  };

  const calibrateFrom = addDays(asOf, -(opts.calibrationDays ?? ELO_DEFAULTS.calibrationDays));
  const firstSeason = labels[0];
  const samples: Sample[] = [];
  const warmUp: Sample[] = [];
  let season: string | undefined;
  for (const m of order) {
    if (m.season !== undefined && m.season !== season) {
      season = m.season;
      startSeason(season);
    }
    if (!ratings.has(m.home)) ratings.set(m.home, newcomerRating);
    if (!ratings.has(m.away)) ratings.set(m.away, newcomerRating);
    const rh = ratings.get(m.home)!;
    const ra = ratings.get(m.away)!;
    const gap = rh - ra + (m.neutral ? 0 : hfa);
    if (m.date >= calibrateFrom) {
      // The first season of data warms the ratings up (see minCalibration).
      (m.season !== undefined && m.season === firstSeason ? warmUp : samples).push({
        x: gap / 400,
        outcome: m.homeGoals > m.awayGoals ? 2 : m.homeGoals === m.awayGoals ? 1 : 0,
        over: m.homeGoals + m.awayGoals > 2,
      });
    }
    const expected = 1 / (1 + 10 ** (-gap / 400));
    const result = m.homeGoals > m.awayGoals ? 1 : m.homeGoals === m.awayGoals ? 0.5 : 0;
    const diff = Math.abs(m.homeGoals - m.awayGoals);
    const multiplier = diff <= 1 ? 1 : diff === 2 ? 1.5 : (11 + diff) / 8;
    const delta = k * multiplier * (result - expected);
    ratings.set(m.home, rh + delta);
    ratings.set(m.away, ra - delta);
  }
  if (opts.season !== undefined && opts.season !== season && seasonTeams.has(opts.season)) startSeason(opts.season);
  const calibration = samples.length >= ELO_DEFAULTS.minCalibration ? samples : [...warmUp, ...samples];

  return {
    kind: 'elo',
    asOf,
    homeAdvantage: hfa,
    ratings: Object.fromEntries(ratings),
    newcomerRating,
    draw: fitOrderedLogit(calibration),
    goals: fitOverLogit(calibration),
  };
}

export function predictElo(model: EloModel, home: string, away: string, opts: { neutral?: boolean } = {}): Forecast {
  const rating = (t: string) => (Object.hasOwn(model.ratings, t) ? model.ratings[t]! : model.newcomerRating);
  const x = (rating(home) - rating(away) + (opts.neutral ? 0 : model.homeAdvantage)) / 400;
  const { beta, cutAway, cutDraw } = model.draw;
  const pAway = logistic(cutAway - beta * x);
  const pAwayOrDraw = logistic(cutDraw - beta * x);
  return {
    oneXTwo: { home: 1 - pAwayOrDraw, draw: pAwayOrDraw - pAway, away: pAway },
    over25: logistic(model.goals.a + model.goals.b * Math.abs(x)),
  };
}

type Sample = { x: number; outcome: 0 | 1 | 2; over: boolean };

/** Maximum likelihood by Newton's method with a numerical Hessian of the analytic gradient. */
function fitOrderedLogit(samples: readonly Sample[]): EloModel['draw'] {
  // Parameters: [cutAway, log(cutDraw − cutAway), beta]; the gap keeps the cut points ordered.
  const loglik = (p: number[], grad?: number[]) => {
    const [c1, g, beta] = p as [number, number, number];
    const gap = Math.exp(g);
    const c2 = c1 + gap;
    let ll = 0;
    let d1 = 0;
    let d2 = 0;
    let db = 0;
    for (const s of samples) {
      const F1 = logistic(c1 - beta * s.x);
      const F2 = logistic(c2 - beta * s.x);
      if (s.outcome === 0) {
        ll += Math.log(F1);
        d1 += 1 - F1;
        db -= s.x * (1 - F1);
      } else if (s.outcome === 2) {
        ll += Math.log(1 - F2);
        d2 -= F2;
        db += s.x * F2;
      } else {
        const pd = Math.max(F2 - F1, 1e-300);
        const f1 = F1 * (1 - F1);
        const f2 = F2 * (1 - F2);
        ll += Math.log(pd);
        d1 -= f1 / pd;
        d2 += f2 / pd;
        db -= (s.x * (f2 - f1)) / pd;
      }
    }
    if (grad) {
      // ∂/∂c1 acts on both cut points; ∂c2/∂g = gap. A weak prior keeps an empty sample defined.
      grad[0] = d1 + d2 - 0.01 * (c1 + 1.1);
      grad[1] = d2 * gap - 0.01 * (g + 0.5);
      grad[2] = db - 0.01 * (beta - 1.5);
    }
    return ll - 0.005 * ((c1 + 1.1) ** 2 + (g + 0.5) ** 2 + (beta - 1.5) ** 2);
  };
  const p = newton3(loglik, [-1.1, -0.5, 1.5]);
  return { cutAway: p[0]!, cutDraw: p[0]! + Math.exp(p[1]!), beta: p[2]! };
}

function fitOverLogit(samples: readonly Sample[]): EloModel['goals'] {
  // With no samples the ridge's maximum is a = b = 0 (P = ½).
  if (!samples.length) return { a: 0, b: 0 };
  const fit = logisticRegression(
    samples.map((s) => [1, Math.abs(s.x)]),
    samples.map((s) => s.over),
    { ridge: 0.01 },
  );
  return { a: fit.coef[0]!, b: fit.coef[1]! };
}

/** Newton ascent for a smooth concave function of a few parameters, with a backtracking line search. */
function newton3(f: (p: number[], grad?: number[]) => number, start: number[]): number[] {
  const dim = start.length;
  let p = [...start];
  const g = new Array<number>(dim).fill(0);
  let value = f(p, g);
  for (let it = 0; it < 50; it++) {
    // Numerical Hessian of the analytic gradient (symmetrised).
    const h = 1e-5;
    const H: number[][] = [];
    for (let i = 0; i < dim; i++) {
      const plus = [...p];
      const minus = [...p];
      plus[i]! += h;
      minus[i]! -= h;
      const gp = new Array<number>(dim).fill(0);
      const gm = new Array<number>(dim).fill(0);
      f(plus, gp);
      f(minus, gm);
      H.push(gp.map((v, j) => (v - gm[j]!) / (2 * h)));
    }
    for (let i = 0; i < dim; i++) for (let j = 0; j < i; j++) H[i]![j] = H[j]![i] = (H[i]![j]! + H[j]![i]!) / 2;
    const step = solveNegDef(H, g);
    let t = 1;
    let moved = false;
    for (let half = 0; half < 30; half++) {
      const q = p.map((v, i) => v + t * step[i]!);
      const gq = new Array<number>(dim).fill(0);
      const vq = f(q, gq);
      if (Number.isFinite(vq) && vq >= value - 1e-12) {
        const largest = Math.max(...step.map((s) => Math.abs(t * s)));
        p = q;
        value = vq;
        g.splice(0, dim, ...gq);
        moved = largest > 1e-9;
        break;
      }
      t /= 2;
    }
    if (!moved) break;
  }
  return p;
}

/** Newton step −H⁻¹g by Gauss–Jordan elimination (−H is positive definite: no pivoting needed); falls back to gradient ascent if H is not negative definite. */
function solveNegDef(H: number[][], g: number[]): number[] {
  const n = g.length;
  const a = H.map((row, i) => [...row.map((v) => -v), g[i]!]);
  for (let c = 0; c < n; c++) {
    const d = a[c]![c]!;
    if (!(d > 1e-12)) return g.map((v) => v * 1e-3);
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const factor = a[r]![c]! / d;
      for (let j = c; j <= n; j++) a[r]![j]! -= factor * a[c]![j]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}
