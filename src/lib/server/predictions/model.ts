// Gelora's goals model: Dixon & Coles (1997), "Modelling association football scores and
// inefficiencies in the football betting market", with hierarchical priors.
//
//   home goals ~ Poisson(λ),  log λ = c + h + attack[home] − defence[away]   (h = 0 at a neutral venue)
//   away goals ~ Poisson(μ),  log μ = c + attack[away] − defence[home]
//   P(x, y) = τ(x, y) · Pois(x; λ) · Pois(y; μ), where the low-score correction τ differs from 1
//   only for 0-0 (1 − λμρ), 0-1 (1 + λρ), 1-0 (1 + μρ) and 1-1 (1 − ρ). The four corrections cancel
//   in total, so the matrix still sums to 1.
//
// Fitting maximises the time-weighted log-likelihood (weight 2^(−age / half-life), Dixon–Coles'
// exp(−ξt)) plus the log-priors below: a maximum a posteriori estimate.
//
// - Strength priors. A team's quality, (attack + defence) / 2, decides who wins; its openness,
//   (attack − defence) / 2, how many goals its matches see. Each has a Gaussian prior around m, openness
//   shrunk much harder (opennessPrecision): estimated from goal totals it is mostly noise, and an
//   unshrunk one made Over/Under forecasts too extreme. The prior is also the identifiability
//   constraint: the likelihood is unchanged by adding δ to every attack and subtracting δ from c,
//   and a prior centred on 0 pins that level, where a hard Σ attack = 0 would be skewed by teams last
//   seen years ago whose matches weigh next to nothing. It shrinks teams with few recent matches
//   (early season) toward m.
// - Newcomers: a team of the predicted season that played no match in the fit's previous season
//   (promoted from a league the data lacks) has m = the mean strength of the bottom sixth of that
//   previous season's table (in a top flight, the relegated sides) less `newcomerShift`. That mean is
//   a function of θ, so it is fitted jointly, not plugged in.
// - Form: a team's quality in the predicted season may differ from its weighted history (transfers,
//   a new coach). One form parameter per team, ~ N(0, 1/formPrecision), raises its attack and its
//   defence alike in this season's matches, so it moves 1X2 without inventing goals.
// - Season level: a league's scoring drifts between seasons (2023-24 added long stoppage times and
//   scored more nearly everywhere), faster than a 450-day half-life lets the history follow. One
//   parameter s ~ N(0, 1/seasonLevelPrecision) adds to log λ and log μ in the primary league's matches
//   of the predicted season: 0 at the season's start, it follows the season's own goals as they come
//   (over 2022-24 it improved Over/Under 2.5 RPS from 0.2425 to 0.2419, most in en.1).
// - Several leagues: matches of other leagues (the second tier for a top flight, and back) may be
//   fitted with the primary league. Each other league has its own goal level, home advantage and
//   prior mean of strength; teams that moved between them put both on one scale, so a promoted side
//   arrives with its own record instead of only a prior.
//
// The optimiser is Newton's method on all parameters at once. Its curvature is the Poisson expected
// information for the linear predictors (equal to the observed one under the log link) plus the
// exact ρ terms and the priors; a backtracking line search keeps every step an ascent. The gradient
// is exact, so the fixed point is the exact maximum. Cold fits take milliseconds; warm starts from the
// previous fit (daily refits, the evaluation's match-day replay) converge in two or three steps.
import { addDays, dayNumber, isIsoDate } from './dates.ts';
import { type ScoreMatrix, markets, normalise, poissonMatrix } from './markets.ts';
import type { Markets, MatchResult } from './types.ts';

export interface FitOptions {
  /** The fit date (YYYY-MM-DD). Only matches strictly before it are used; ages are counted from it. Default: the day after the last match. */
  asOf?: string;
  /** Half-life of a match's weight, in days. */
  halfLifeDays?: number;
  /**
   * Precision of the prior on a team's quality, attack + defence. With opennessPrecision equal to it,
   * the two amount to attack, defence ~ N(m, 1/priorPrecision) each.
   */
  priorPrecision?: number;
  /** The same for a team's openness, attack − defence: how many goals its matches see. */
  opennessPrecision?: number;
  /** Precision of the prior on a team's form in the predicted season; Infinity turns form off. */
  formPrecision?: number;
  /** Precision of the prior on the predicted season's goal level (see Model.seasonLevel); Infinity turns it off. */
  seasonLevelPrecision?: number;
  /** The league predicted, when matches of several leagues are given. Default: the most frequent league label. */
  league?: string;
  /** The season predicted (a label as in MatchResult.season). Default: the primary league's latest season. */
  season?: string;
  /** The teams of that season (its fixture list), so promoted sides get the newcomer prior before they play. */
  teams?: readonly string[];
  /** How much weaker than the reference sides a newcomer is assumed to be, in attack and in defence (log scale). */
  newcomerShift?: number;
  /** Matches whose weight falls below this are left out (they would change nothing but the run time). */
  minWeight?: number;
  /** A previous fit to start from: the same league a match day or a day earlier. */
  warmStart?: Model;
  maxIterations?: number;
}

export interface TeamStrength {
  /** Log-scale attack in the predicted season (form included): higher scores more. */
  attack: number;
  /** Log-scale defence in the predicted season (form included): higher concedes less. */
  defence: number;
  /** This season's form, already part of attack and defence. */
  form: number;
  /** Sum of the time weights of the team's matches in the fit (≈ recent matches played). */
  weight: number;
  /** The league of its latest match in the fit (null: the primary league). */
  league: string | null;
}

export interface LeagueLevel {
  intercept: number;
  homeAdvantage: number;
  /** Prior mean of its teams' attack and defence. */
  attackMean: number;
  defenceMean: number;
}

/** A fitted model: plain JSON, so it can be stored and read back without refitting. */
export interface Model {
  kind: 'dixon-coles';
  asOf: string;
  league: string | null;
  season: string | null;
  halfLifeDays: number;
  /** Goal level (this season's, seasonLevel included) and home advantage of the primary league. */
  intercept: number;
  homeAdvantage: number;
  /**
   * How far the predicted season's goal level in the primary league is from its weighted history
   * (log scale, already part of intercept): a league's scoring drifts from season to season, faster
   * than the half-life lets the history follow.
   */
  seasonLevel: number;
  rho: number;
  teams: Record<string, TeamStrength>;
  /** The other leagues fitted with it. */
  otherLeagues: Record<string, LeagueLevel>;
  /** Prior mean of a newcomer; also used for a team the model has never seen. */
  newcomer: { attack: number; defence: number };
  /** Teams fitted under the newcomer prior. */
  newcomers: string[];
  fit: { matches: number; iterations: number; converged: boolean; objective: number };
}

export interface PredictOptions {
  neutral?: boolean;
  /** Another league of the fit whose goal level and home advantage apply (default: the primary league). */
  league?: string;
}

/** Tuned on the 2022-23 and 2023-24 seasons only (see scripts/eval-predictions.ts). */
export const DEFAULTS = {
  halfLifeDays: 450,
  priorPrecision: 6,
  opennessPrecision: 40,
  formPrecision: 40,
  seasonLevelPrecision: 200,
  newcomerShift: 0.05,
  minWeight: 0.01,
  maxIterations: 60,
} as const;

// Weak priors that only matter without data: no matches at all, or only neutral venues (then h
// cannot be learnt and stays at a typical league value). Their precision is tiny beside the
// information in a season of matches (thousands).
const INTERCEPT_PRIOR = Math.log(1.35);
const HOME_PRIOR = 0.25;
const WEAK_PRECISION = 1;
const RHO_PRECISION = 10;
/** Newton stops when no parameter moves by more than this (probabilities then move by ~1e-6). */
const TOLERANCE = 1e-6;
/** θ index of the season level s (after c, h and ρ). */
const SEASON = 3;
const DEFAULT_NEWCOMER = { attack: -0.2, defence: -0.2 };

// Each match's linear predictors are sparse dot products with θ: log λ over at most L1 parameters,
// log μ over at most L2 (unused slots have coefficient 0).
const L1 = 9;
const L2 = 7;

// θ = [c, h, ρ, s (the predicted season's goal level), per other league g: level lc_g, home lh_g,
//      attack mean ma_g, defence mean md_g, attack (n teams), defence (n), form (n, or none when
//      form is off)].
interface Layout {
  G: number;
  n: number;
  F: number;
  lc: number;
  lh: number;
  ma: number;
  md: number;
  a: number;
  d: number;
  f: number;
  P: number;
}

function layout(G: number, n: number, F: number): Layout {
  const lc = SEASON + 1;
  const lh = lc + G;
  const ma = lh + G;
  const md = ma + G;
  const a = md + G;
  const d = a + n;
  const f = d + n;
  return { G, n, F, lc, lh, ma, md, a, d, f, P: f + F };
}

/** A Gaussian prior on θ[p] centred on a linear function of θ: N(Σ coef·θ[idx] + constant, 1/precision). */
interface Prior {
  p: number;
  precision: number;
  idx: number[];
  coef: number[];
  constant: number;
}

interface Prepared {
  L: Layout;
  names: string[];
  others: string[];
  teamLeague: Int32Array;
  count: number;
  idx1: Int32Array;
  coef1: Float64Array;
  idx2: Int32Array;
  coef2: Float64Array;
  x: Float64Array;
  y: Float64Array;
  w: Float64Array;
  teamWeight: Float64Array;
  priors: Prior[];
  newcomers: number[];
  reference: number[];
  shift: number;
}

/**
 * Fits the model to played matches: one league, or a primary league with others whose teams meet
 * it through promotion and relegation. Throws RangeError on a malformed match (bad date, negative or
 * fractional goals, a team against itself) or option.
 */
export function fit(matches: readonly MatchResult[], opts: FitOptions = {}): Model {
  const halfLifeDays = opts.halfLifeDays ?? DEFAULTS.halfLifeDays;
  const kappa = opts.priorPrecision ?? DEFAULTS.priorPrecision;
  const opennessKappa = opts.opennessPrecision ?? DEFAULTS.opennessPrecision;
  const formKappa = opts.formPrecision ?? DEFAULTS.formPrecision;
  const seasonKappa = opts.seasonLevelPrecision ?? DEFAULTS.seasonLevelPrecision;
  if (!(halfLifeDays > 0)) throw new RangeError('halfLifeDays must be positive');
  if (!(kappa > 0) || !(opennessKappa > 0) || !(formKappa > 0) || !(seasonKappa > 0)) throw new RangeError('prior precisions must be positive');
  const minWeight = opts.minWeight ?? DEFAULTS.minWeight;
  for (const m of matches) validate(m);
  const asOf = opts.asOf ?? (matches.length ? addDays(maxDate(matches), 1) : '1970-01-01');
  const asOfDay = dayNumber(asOf);
  const decay = Math.LN2 / halfLifeDays;

  // Dates repeat (a match day has several matches): convert each once.
  const days = new Map<string, number>();
  const day = (date: string) => {
    let d = days.get(date);
    if (d === undefined) days.set(date, (d = dayNumber(date)));
    return d;
  };
  const oldest = asOfDay + Math.log(minWeight) / decay;
  const used = matches.filter((m) => m.date < asOf && day(m.date) >= oldest);
  const league = opts.league ?? mostFrequentLeague(used);
  const primary = (m: MatchResult) => m.league === undefined || m.league === league;
  const season = opts.season ?? latestSeason(used.filter(primary));
  const data = prepare(used, { league, season, teams: opts.teams ?? [], withForm: Number.isFinite(formKappa), withSeason: Number.isFinite(seasonKappa), asOfDay, decay, day });
  const { L, names } = data;
  const index = new Map(names.map((t, i) => [t, i]));
  const toIdx = (ts: readonly string[]) => ts.map((t) => index.get(t)).filter((i): i is number => i !== undefined);
  const changes = seasonChanges(used, primary, season, opts.teams);
  data.reference = toIdx(changes.reference);
  data.newcomers = data.reference.length ? toIdx(changes.newcomers) : [];
  data.shift = opts.newcomerShift ?? DEFAULTS.newcomerShift;
  data.priors = priors(data, { quality: kappa, openness: opennessKappa, form: formKappa, season: seasonKappa });

  const theta = new Float64Array(L.P);
  const warm = opts.warmStart;
  if (warm) {
    // A warm start from another season starts this season's level afresh.
    const level = warm.season === season ? warm.seasonLevel : 0;
    theta[0] = warm.intercept - warm.seasonLevel;
    theta[1] = warm.homeAdvantage;
    theta[2] = warm.rho;
    theta[SEASON] = level;
    data.others.forEach((g, j) => {
      const prev = Object.hasOwn(warm.otherLeagues, g) ? warm.otherLeagues[g] : undefined;
      if (!prev) return;
      theta[L.lc + j] = prev.intercept - theta[0]!;
      theta[L.lh + j] = prev.homeAdvantage - warm.homeAdvantage;
      theta[L.ma + j] = prev.attackMean;
      theta[L.md + j] = prev.defenceMean;
    });
  } else {
    let goals = 0;
    let weight = 0;
    for (let k = 0; k < data.count; k++) {
      goals += data.w[k]! * (data.x[k]! + data.y[k]!);
      weight += 2 * data.w[k]!;
    }
    theta[0] = weight > 0 ? Math.log(Math.max(goals / weight, 0.2)) - HOME_PRIOR / 2 : INTERCEPT_PRIOR;
    theta[1] = HOME_PRIOR;
  }
  const isNewcomer = new Uint8Array(L.n);
  for (const i of data.newcomers) isNewcomer[i] = 1;
  const start = warm?.newcomer ?? DEFAULT_NEWCOMER;
  for (let i = 0; i < L.n; i++) {
    const s = warm && Object.hasOwn(warm.teams, names[i]!) ? warm.teams[names[i]!]! : undefined;
    theta[L.a + i] = s ? s.attack - s.form : isNewcomer[i] ? start.attack : 0;
    theta[L.d + i] = s ? s.defence - s.form : isNewcomer[i] ? start.defence : 0;
    if (L.F) theta[L.f + i] = s?.form ?? 0;
  }

  const result = newton(data, theta, opts.maxIterations ?? DEFAULTS.maxIterations);
  const teams: Record<string, TeamStrength> = {};
  for (let i = 0; i < L.n; i++) {
    const form = L.F ? theta[L.f + i]! : 0;
    const g = data.teamLeague[i]!;
    teams[names[i]!] = {
      attack: theta[L.a + i]! + form,
      defence: theta[L.d + i]! + form,
      form,
      weight: data.teamWeight[i]!,
      league: g < 0 ? null : data.others[g]!,
    };
  }
  const otherLeagues: Record<string, LeagueLevel> = {};
  data.others.forEach((g, j) => {
    otherLeagues[g] = {
      intercept: theta[0]! + theta[L.lc + j]!,
      homeAdvantage: theta[1]! + theta[L.lh + j]!,
      attackMean: theta[L.ma + j]!,
      defenceMean: theta[L.md + j]!,
    };
  });
  return {
    kind: 'dixon-coles',
    asOf,
    league: league ?? null,
    season: season ?? null,
    halfLifeDays,
    intercept: theta[0]! + theta[SEASON]!,
    homeAdvantage: theta[1]!,
    seasonLevel: theta[SEASON]!,
    rho: theta[2]!,
    teams,
    otherLeagues,
    newcomer: newcomerCenter(data, theta) ?? DEFAULT_NEWCOMER,
    newcomers: data.newcomers.map((i) => names[i]!),
    fit: { matches: data.count, ...result },
  };
}

/** Expected goals (λ home, μ away) of a fixture. Unknown teams play at the newcomer level. */
export function expectedGoals(model: Model, home: string, away: string, opts: PredictOptions = {}): { home: number; away: number } {
  const h = strength(model, home);
  const a = strength(model, away);
  const level = opts.league !== undefined && Object.hasOwn(model.otherLeagues, opts.league) ? model.otherLeagues[opts.league]! : model;
  const adv = opts.neutral ? 0 : level.homeAdvantage;
  return {
    home: Math.exp(level.intercept + adv + h.attack - a.defence),
    away: Math.exp(level.intercept + a.attack - h.defence),
  };
}

/** The Dixon–Coles score matrix of a fixture, normalised to sum to 1. */
export function scoreMatrix(model: Model, home: string, away: string, opts: PredictOptions = {}): ScoreMatrix {
  const xg = expectedGoals(model, home, away, opts);
  return dixonColes(xg.home, xg.away, model.rho);
}

/** Every market of a fixture: 1X2, Double Chance, Over/Under 1.5/2.5/3.5, expected goals, likeliest score. */
export function predict(model: Model, home: string, away: string, opts: PredictOptions = {}): Markets {
  return markets(scoreMatrix(model, home, away, opts));
}

/**
 * Poisson(λ) × Poisson(μ) with the low-score correction applied to 0-0, 0-1, 1-0 and 1-1 only, up to
 * `maxGoals` a side: by default as many as leave each side less than 1e-12 of its probability
 * beyond them (goalsCutoff), so the renormalisation moves nothing that shows.
 */
export function dixonColes(lambda: number, mu: number, rho: number, maxGoals?: number): ScoreMatrix {
  if (!(lambda > 0 && mu > 0) || !Number.isFinite(lambda) || !Number.isFinite(mu)) {
    throw new RangeError(`expected goals must be positive: ${lambda}, ${mu}`);
  }
  maxGoals ??= goalsCutoff(Math.max(lambda, mu));
  if (!Number.isInteger(maxGoals) || maxGoals < 1) throw new RangeError('maxGoals must be a positive integer');
  const matrix = poissonMatrix(lambda, mu, maxGoals);
  const size = maxGoals + 1;
  const c = matrix.cells;
  // A ρ fitted on other fixtures can push a cell of an extreme fixture below zero; such a cell is
  // clamped to zero (the renormalisation then restores the total).
  c[0] = Math.max(0, c[0]! * (1 - lambda * mu * rho));
  c[1] = Math.max(0, c[1]! * (1 + lambda * rho));
  c[size] = Math.max(0, c[size]! * (1 + mu * rho));
  c[size + 1] = Math.max(0, c[size + 1]! * (1 - rho));
  return normalise(matrix);
}

/**
 * The fewest goals, at least 10, beyond which Poisson(mean) keeps less than 1e-12 of its probability:
 * 14 for a mean of 1, 27 for a mean of 5 (a mismatch between national teams, where the fixed 10 of
 * earlier versions cut off 1.4 % of that side's goals). Capped at 200, which only a mean beyond 100
 * goals (no football) would reach.
 */
function goalsCutoff(mean: number): number {
  let p = Math.exp(-mean);
  let below = p;
  let k = 0;
  while ((k < 10 || 1 - below >= 1e-12) && k < 200) {
    k += 1;
    p *= mean / k;
    below += p;
  }
  return k;
}

function strength(model: Model, team: string): { attack: number; defence: number } {
  return Object.hasOwn(model.teams, team) ? model.teams[team]! : model.newcomer;
}

function validate(m: MatchResult): void {
  if (!Number.isInteger(m.homeGoals) || !Number.isInteger(m.awayGoals) || m.homeGoals < 0 || m.awayGoals < 0) {
    throw new RangeError(`goals must be non-negative integers: ${m.home} ${m.homeGoals}-${m.awayGoals} ${m.away} (${m.date})`);
  }
  if (m.home === m.away) throw new RangeError(`a team cannot play itself: ${m.home} (${m.date})`);
  if (!isIsoDate(m.date)) throw new RangeError(`not a YYYY-MM-DD date: ${m.date}`);
}

function maxDate(matches: readonly MatchResult[]): string {
  let max = matches[0]!.date;
  for (const m of matches) if (m.date > max) max = m.date;
  return max;
}

function latestSeason(used: readonly MatchResult[]): string | undefined {
  let latest: string | undefined;
  for (const m of used) if (m.season !== undefined && (latest === undefined || m.season > latest)) latest = m.season;
  return latest;
}

function mostFrequentLeague(used: readonly MatchResult[]): string | undefined {
  const counts = new Map<string, number>();
  for (const m of used) if (m.league !== undefined) counts.set(m.league, (counts.get(m.league) ?? 0) + 1);
  let best: string | undefined;
  for (const [league, count] of counts) if (best === undefined || count > counts.get(best)!) best = league;
  return best;
}

/**
 * Newcomers of the predicted season (in it, without any match in the previous season of the fit)
 * and the reference sides that centre their prior: the bottom sixth of the primary league's previous
 * season table. Without season labels there are no newcomers.
 */
function seasonChanges(
  used: readonly MatchResult[],
  primary: (m: MatchResult) => boolean,
  season: string | undefined,
  teams: readonly string[] | undefined,
): { newcomers: string[]; reference: string[] } {
  if (season === undefined) return { newcomers: [], reference: [] };
  let previous: string | undefined;
  for (const m of used) {
    if (primary(m) && m.season !== undefined && m.season < season && (previous === undefined || m.season > previous)) previous = m.season;
  }
  if (previous === undefined) return { newcomers: [], reference: [] };
  const current = new Set(teams ?? []);
  const playedBefore = new Set<string>();
  const points = new Map<string, number>();
  for (const m of used) {
    if (m.season === previous) playedBefore.add(m.home).add(m.away);
    if (!primary(m)) continue;
    if (m.season === season) current.add(m.home).add(m.away);
    else if (m.season === previous) {
      const [ph, pa] = m.homeGoals > m.awayGoals ? [3, 0] : m.homeGoals === m.awayGoals ? [1, 1] : [0, 3];
      points.set(m.home, (points.get(m.home) ?? 0) + ph);
      points.set(m.away, (points.get(m.away) ?? 0) + pa);
    }
  }
  const table = [...points.keys()].sort((a, b) => points.get(a)! - points.get(b)!);
  return {
    newcomers: [...current].filter((t) => !playedBefore.has(t)),
    reference: table.slice(0, Math.max(1, Math.round(table.length / 6))),
  };
}

function newcomerCenter(d: Prepared, theta: Float64Array): { attack: number; defence: number } | undefined {
  if (!d.reference.length) return undefined;
  let attack = 0;
  let defence = 0;
  for (const j of d.reference) {
    attack += theta[d.L.a + j]!;
    defence += theta[d.L.d + j]!;
  }
  return { attack: attack / d.reference.length - d.shift, defence: defence / d.reference.length - d.shift };
}

function prepare(
  used: readonly MatchResult[],
  o: {
    league: string | undefined;
    season: string | undefined;
    teams: readonly string[];
    withForm: boolean;
    withSeason: boolean;
    asOfDay: number;
    decay: number;
    day: (date: string) => number;
  },
): Prepared {
  const index = new Map<string, number>();
  const names: string[] = [];
  const id = (t: string) => {
    let i = index.get(t);
    if (i === undefined) {
      i = names.length;
      index.set(t, i);
      names.push(t);
    }
    return i;
  };
  for (const m of used) {
    id(m.home);
    id(m.away);
  }
  for (const t of o.teams) id(t);
  const others = [...new Set(used.map((m) => m.league).filter((g): g is string => g !== undefined && g !== o.league))].sort();
  const otherIndex = new Map(others.map((g, j) => [g, j]));
  const n = names.length;
  const L = layout(others.length, n, o.withForm ? n : 0);
  const count = used.length;
  const idx1 = new Int32Array(count * L1);
  const coef1 = new Float64Array(count * L1);
  const idx2 = new Int32Array(count * L2);
  const coef2 = new Float64Array(count * L2);
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  const w = new Float64Array(count);
  const teamWeight = new Float64Array(n);
  // A team belongs to the league of its latest match; the predicted season's teams to the primary one.
  const teamLeague = new Int32Array(n).fill(-1);
  const latest = new Array<string>(n).fill('');
  used.forEach((m, k) => {
    const hi = index.get(m.home)!;
    const ai = index.get(m.away)!;
    const at = m.neutral ? 0 : 1;
    const g = m.league === undefined ? -1 : (otherIndex.get(m.league) ?? -1);
    if (m.date >= latest[hi]!) {
      latest[hi] = m.date;
      teamLeague[hi] = g;
    }
    if (m.date >= latest[ai]!) {
      latest[ai] = m.date;
      teamLeague[ai] = g;
    }
    const form = L.F > 0 && m.season === o.season;
    const thisSeason = o.withSeason && g < 0 && m.season !== undefined && m.season === o.season ? 1 : 0;
    const o1 = k * L1;
    const o2 = k * L2;
    const put = (idx: Int32Array, coef: Float64Array, slot: number, p: number, c: number) => {
      idx[slot] = c === 0 ? 0 : p;
      coef[slot] = c;
    };
    put(idx1, coef1, o1, 0, 1);
    put(idx1, coef1, o1 + 1, 1, at);
    put(idx1, coef1, o1 + 2, L.lc + g, g >= 0 ? 1 : 0);
    put(idx1, coef1, o1 + 3, L.lh + g, g >= 0 ? at : 0);
    put(idx1, coef1, o1 + 4, L.a + hi, 1);
    put(idx1, coef1, o1 + 5, L.d + ai, -1);
    put(idx1, coef1, o1 + 6, L.f + hi, form ? 1 : 0);
    put(idx1, coef1, o1 + 7, L.f + ai, form ? -1 : 0);
    put(idx1, coef1, o1 + 8, SEASON, thisSeason);
    put(idx2, coef2, o2, 0, 1);
    put(idx2, coef2, o2 + 1, L.lc + g, g >= 0 ? 1 : 0);
    put(idx2, coef2, o2 + 2, L.a + ai, 1);
    put(idx2, coef2, o2 + 3, L.d + hi, -1);
    put(idx2, coef2, o2 + 4, L.f + ai, form ? 1 : 0);
    put(idx2, coef2, o2 + 5, L.f + hi, form ? -1 : 0);
    put(idx2, coef2, o2 + 6, SEASON, thisSeason);
    x[k] = m.homeGoals;
    y[k] = m.awayGoals;
    w[k] = Math.exp(-o.decay * (o.asOfDay - o.day(m.date)));
    teamWeight[hi]! += w[k]!;
    teamWeight[ai]! += w[k]!;
  });
  for (const t of o.teams) teamLeague[index.get(t)!] = -1;
  return {
    L,
    names,
    others,
    teamLeague,
    count,
    idx1,
    coef1,
    idx2,
    coef2,
    x,
    y,
    w,
    teamWeight,
    priors: [],
    newcomers: [],
    reference: [],
    shift: 0,
  };
}

/**
 * The priors as residuals r = θ[p] − Σ coef·θ[idx] − constant. A team's strength is split into
 * quality (attack + defence: who wins) and openness (attack − defence: how many goals its matches
 * have), each with its own precision; equal precisions κ give the isotropic N(m, 1/κ) on attack and
 * defence (a² + d² = ((a + d)² + (a − d)²) / 2).
 */
function priors(d: Prepared, o: { quality: number; openness: number; form: number; season: number }): Prior[] {
  const { L } = d;
  const out: Prior[] = [];
  const fixed = (p: number, mean: number, precision: number) => out.push({ p, precision, idx: [], coef: [], constant: mean });
  fixed(0, INTERCEPT_PRIOR, WEAK_PRECISION);
  fixed(1, HOME_PRIOR, WEAK_PRECISION);
  fixed(2, 0, RHO_PRECISION);
  fixed(SEASON, 0, Number.isFinite(o.season) ? o.season : WEAK_PRECISION);
  for (let j = 0; j < L.G; j++) for (const base of [L.lc, L.lh, L.ma, L.md]) fixed(base + j, 0, WEAK_PRECISION);
  const isNewcomer = new Uint8Array(L.n);
  for (const i of d.newcomers) isNewcomer[i] = 1;
  const share = 1 / Math.max(d.reference.length, 1);
  for (let i = 0; i < L.n; i++) {
    const g = d.teamLeague[i]!;
    // sign +1: quality, r = a + d − (mean a + mean d); sign −1: openness, r = a − d − (mean a − mean d).
    for (const sign of [1, -1]) {
      const idx = [L.d + i];
      const coef = [-sign];
      let constant = 0;
      if (isNewcomer[i]) {
        for (const j of d.reference) {
          idx.push(L.a + j, L.d + j);
          coef.push(share, sign * share);
        }
        constant = sign === 1 ? -2 * d.shift : 0;
      } else if (g >= 0) {
        idx.push(L.ma + g, L.md + g);
        coef.push(1, sign);
      }
      out.push({ p: L.a + i, precision: (sign === 1 ? o.quality : o.openness) / 2, idx, coef, constant });
    }
    if (L.F) fixed(L.f + i, 0, o.form);
  }
  return out;
}

/** info[min(i,j)][max(i,j)] += v: the curvature is kept as an upper triangle. */
function addSym(info: Float64Array, P: number, i: number, j: number, v: number): void {
  if (i <= j) info[i * P + j]! += v;
  else info[j * P + i]! += v;
}

/**
 * The penalised weighted log-likelihood at θ. With `grad` and `info` it also fills the gradient and
 * the curvature used by Newton (upper triangle, row-major): the Poisson expected information for the
 * linear predictors (for the log link it equals the observed one), the exact second derivative in ρ
 * (τ is linear in ρ, so ∂²log τ/∂ρ² = −(∂log τ/∂ρ)²), the exact ρ cross terms, and the priors.
 */
function evaluate(d: Prepared, theta: Float64Array, grad?: Float64Array, info?: Float64Array): number {
  const P = d.L.P;
  const rho = theta[2]!;
  let objective = 0;
  if (grad) grad.fill(0);
  if (info) info.fill(0);
  const { idx1, coef1, idx2, coef2 } = d;
  for (let k = 0; k < d.count; k++) {
    const o1 = k * L1;
    const o2 = k * L2;
    let e1 = 0;
    let e2 = 0;
    for (let t = 0; t < L1; t++) e1 += coef1[o1 + t]! * theta[idx1[o1 + t]!]!;
    for (let t = 0; t < L2; t++) e2 += coef2[o2 + t]! * theta[idx2[o2 + t]!]!;
    const x = d.x[k]!;
    const y = d.y[k]!;
    const w = d.w[k]!;
    const lambda = Math.exp(e1);
    const mu = Math.exp(e2);
    let ll = x * e1 - lambda + y * e2 - mu;
    let s1 = x - lambda;
    let s2 = y - mu;
    // τ terms: dr = ∂log τ/∂ρ; x1, x2 = ∂²log τ/∂ρ∂(log λ), ∂²log τ/∂ρ∂(log μ).
    let dr = 0;
    let x1 = 0;
    let x2 = 0;
    if (x <= 1 && y <= 1) {
      let tau: number;
      if (x === 0 && y === 0) {
        const q = lambda * mu;
        tau = 1 - q * rho;
        dr = -q / tau;
        s1 += rho * dr;
        s2 += rho * dr;
        x1 = x2 = -q / (tau * tau);
      } else if (x === 0) {
        tau = 1 + lambda * rho;
        dr = lambda / tau;
        s1 += rho * dr;
        x1 = lambda / (tau * tau);
      } else if (y === 0) {
        tau = 1 + mu * rho;
        dr = mu / tau;
        s2 += rho * dr;
        x2 = mu / (tau * tau);
      } else {
        tau = 1 - rho;
        dr = -1 / tau;
      }
      if (!(tau > 0)) return -Infinity;
      ll += Math.log(tau);
    }
    objective += w * ll;
    if (!grad || !info) continue;
    const g1 = w * s1;
    const g2 = w * s2;
    const l = w * lambda;
    const u = w * mu;
    grad[2]! += w * dr;
    for (let t = 0; t < L1; t++) {
      const ct = coef1[o1 + t]!;
      if (ct === 0) continue;
      const pt = idx1[o1 + t]!;
      grad[pt]! += ct * g1;
      for (let v = t; v < L1; v++) {
        const cv = coef1[o1 + v]!;
        if (cv !== 0) addSym(info, P, pt, idx1[o1 + v]!, l * ct * cv);
      }
      if (x1 !== 0) addSym(info, P, 2, pt, -w * x1 * ct);
    }
    for (let t = 0; t < L2; t++) {
      const ct = coef2[o2 + t]!;
      if (ct === 0) continue;
      const pt = idx2[o2 + t]!;
      grad[pt]! += ct * g2;
      for (let v = t; v < L2; v++) {
        const cv = coef2[o2 + v]!;
        if (cv !== 0) addSym(info, P, pt, idx2[o2 + v]!, u * ct * cv);
      }
      if (x2 !== 0) addSym(info, P, 2, pt, -w * x2 * ct);
    }
    if (dr !== 0) info[2 * P + 2]! += w * dr * dr;
  }
  // Priors: −½·precision·r², r = θ[p] − Σ coef·θ[idx] − constant; curvature precision·v·vᵀ with
  // v = e_p − Σ coef·e_idx.
  for (const pr of d.priors) {
    let r = theta[pr.p]! - pr.constant;
    for (let t = 0; t < pr.idx.length; t++) r -= pr.coef[t]! * theta[pr.idx[t]!]!;
    objective -= 0.5 * pr.precision * r * r;
    if (!grad || !info) continue;
    grad[pr.p]! -= pr.precision * r;
    info[pr.p * P + pr.p]! += pr.precision;
    for (let t = 0; t < pr.idx.length; t++) {
      const q = pr.idx[t]!;
      const cq = pr.coef[t]!;
      grad[q]! += pr.precision * cq * r;
      addSym(info, P, pr.p, q, -pr.precision * cq);
      for (let v = t; v < pr.idx.length; v++) {
        addSym(info, P, q, pr.idx[v]!, pr.precision * cq * pr.coef[v]!);
      }
    }
  }
  return objective;
}

function newton(d: Prepared, theta: Float64Array, maxIterations: number): { iterations: number; converged: boolean; objective: number } {
  const P = d.L.P;
  const grad = new Float64Array(P);
  const info = new Float64Array(P * P);
  const step = new Float64Array(P);
  const trial = new Float64Array(P);
  const work = new Float64Array(P * P);
  let current = evaluate(d, theta, grad, info);
  for (let it = 1; it <= maxIterations; it++) {
    step.set(grad);
    if (!choleskySolve(info, step, P, work)) {
      // Far from the optimum the ρ cross terms can spoil definiteness: drop them for this step.
      evaluate(d, theta, grad, info);
      for (let p = 0; p < P; p++) if (p !== 2) info[Math.min(p, 2) * P + Math.max(p, 2)] = 0;
      step.set(grad);
      if (!choleskySolve(info, step, P, work)) throw new Error('Dixon–Coles: information matrix is not positive definite');
    }
    let t = 1;
    let next = -Infinity;
    for (let half = 0; half < 30; half++) {
      for (let p = 0; p < P; p++) trial[p] = theta[p]! + t * step[p]!;
      next = evaluate(d, trial);
      if (next >= current - 1e-12 * Math.abs(current)) break;
      t /= 2;
    }
    if (!(next >= current - 1e-12 * Math.abs(current))) return { iterations: it, converged: true, objective: current };
    let largest = 0;
    for (let p = 0; p < P; p++) largest = Math.max(largest, Math.abs(t * step[p]!));
    theta.set(trial);
    current = evaluate(d, theta, grad, info);
    if (largest < TOLERANCE) return { iterations: it, converged: true, objective: current };
  }
  return { iterations: maxIterations, converged: false, objective: current };
}

/**
 * Solves A·x = b in place (b becomes x) for a symmetric positive definite A given by its upper
 * triangle, row-major P×P. False if A is not positive definite. The factor L (A = L·Lᵀ) is kept
 * row-major in `work`, so every inner loop runs over contiguous memory.
 */
function choleskySolve(a: Float64Array, b: Float64Array, P: number, work: Float64Array = new Float64Array(P * P)): boolean {
  const l = work;
  for (let i = 0; i < P; i++) {
    const ri = i * P;
    for (let j = 0; j <= i; j++) {
      const rj = j * P;
      let s = a[rj + i]!; // A[j][i] = A[i][j], upper triangle
      for (let k = 0; k < j; k++) s -= l[ri + k]! * l[rj + k]!;
      if (j === i) {
        if (!(s > 0)) return false;
        l[ri + i] = Math.sqrt(s);
      } else {
        l[ri + j] = s / l[rj + j]!;
      }
    }
  }
  // L·z = b, then Lᵀ·x = z.
  for (let i = 0; i < P; i++) {
    const ri = i * P;
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[ri + k]! * b[k]!;
    b[i] = s / l[ri + i]!;
  }
  for (let i = P - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let k = i + 1; k < P; k++) s -= l[k * P + i]! * b[k]!;
    b[i] = s / l[i * P + i]!;
  }
  return true;
}
