import { describe, expect, it } from 'vitest';
import { type ScoreMatrix, markets, normalise, poissonMatrix, cell } from '../../src/lib/server/predictions/markets.ts';
import { type Model, dixonColes, expectedGoals, fit, predict, scoreMatrix } from '../../src/lib/server/predictions/model.ts';
import type { Markets, MatchResult } from '../../src/lib/server/predictions/types.ts';
import { addDays } from '../../src/lib/server/predictions/dates.ts';
import { simulate, sixTeams } from './fixtures/predictions.ts';

function expectMarketsSumToOne(m: Markets) {
  const { home, draw, away } = m.oneXTwo;
  expect(home + draw + away).toBeCloseTo(1, 12);
  for (const p of [home, draw, away]) expect(p).toBeGreaterThan(0);
  // Each Double Chance outcome is one 1X2 outcome's complement: with it, it makes a whole market.
  expect(m.doubleChance.homeOrDraw + away).toBeCloseTo(1, 12);
  expect(m.doubleChance.drawOrAway + home).toBeCloseTo(1, 12);
  expect(m.doubleChance.homeOrAway + draw).toBeCloseTo(1, 12);
  for (const line of ['1.5', '2.5', '3.5'] as const) {
    const { over, under } = m.overUnder[line];
    expect(over + under).toBeCloseTo(1, 12);
    expect(over).toBeGreaterThan(0);
    expect(under).toBeGreaterThan(0);
  }
}

const played = simulate(sixTeams, { seasons: 3, seed: 7 });

describe('Dixon–Coles score matrix', () => {
  it('changes only 0-0, 1-0, 0-1 and 1-1 when the low-score correction is applied', () => {
    const plain = dixonColes(1.6, 1.1, 0);
    const corrected = dixonColes(1.6, 1.1, -0.13);
    const changed: string[] = [];
    for (let i = 0; i <= 10; i++) {
      for (let j = 0; j <= 10; j++) {
        const before = cell(plain, i, j);
        const after = cell(corrected, i, j);
        if (Math.abs(after - before) > 1e-15) changed.push(`${i}-${j}`);
        else expect(after).toBe(before);
      }
    }
    expect(changed.sort()).toEqual(['0-0', '0-1', '1-0', '1-1']);
    // ρ < 0 adds draws 0-0 and 1-1 and takes 1-0 and 0-1, as in Dixon and Coles' paper.
    expect(cell(corrected, 0, 0)).toBeGreaterThan(cell(plain, 0, 0));
    expect(cell(corrected, 1, 1)).toBeGreaterThan(cell(plain, 1, 1));
    expect(cell(corrected, 1, 0)).toBeLessThan(cell(plain, 1, 0));
    expect(cell(corrected, 0, 1)).toBeLessThan(cell(plain, 0, 1));
  });

  it('matches hand-computed cells: P(0-0) = e^(−λ−μ)·(1 − λμρ)', () => {
    const m = dixonColes(1.5, 1.2, 0.1, 10);
    // Truncation at 10 goals leaves ~5e-7 of mass out before renormalising.
    expect(cell(m, 0, 0)).toBeCloseTo(Math.exp(-2.7) * (1 - 1.5 * 1.2 * 0.1), 6);
    expect(cell(m, 2, 1)).toBeCloseTo(Math.exp(-2.7) * (1.5 ** 2 / 2) * 1.2, 6);
  });

  it('gives every market summing to 1, each outcome the sum of its cells, for ordinary and extreme fixtures', () => {
    for (const [l, m, r] of [
      [1.4, 1.1, -0.1],
      [3.5, 0.3, 0.05],
      [0.2, 0.25, -0.2],
      [6, 5, 0],
    ] as const) {
      const matrix = dixonColes(l, m, r);
      expect(matrix.cells.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      const computed = markets(matrix);
      expectSameMarkets(computed, marketsFromCells(matrix));
      expectMarketsSumToOne(computed);
    }
  });

  it('keeps the whole of a lopsided fixture: its expected goals and goal lines come back from the matrix', () => {
    // Poisson(6) and Poisson(5): the total is Poisson(11), P(total ≤ 3) = e^−11·(1 + 11 + 11²/2 + 11³/6).
    // A matrix cut at 10 goals a side said 5.74 and 4.91.
    const m = markets(dixonColes(6, 5, 0));
    expect(m.expectedGoals.home).toBeCloseTo(6, 9);
    expect(m.expectedGoals.away).toBeCloseTo(5, 9);
    expect(m.overUnder['3.5'].under).toBeCloseTo(Math.exp(-11) * (1 + 11 + 121 / 2 + 1331 / 6), 12);
  });

  it('computes the markets of a plain Poisson matrix as the sums of their cells', () => {
    const m = markets(poissonMatrix(1, 1, 12));
    // Two independent Poisson(1): P(total ≤ 1) = e^−2·(1 + 2) (the total is Poisson(2)).
    expect(m.overUnder['1.5'].under).toBeCloseTo(3 * Math.exp(-2), 9);
    expect(m.oneXTwo.home).toBeCloseTo(m.oneXTwo.away, 12);
    expect(m.expectedGoals.home).toBeCloseTo(1, 6);
    expect(m.likeliestScore).toMatchObject({ home: 0, away: 0 });
  });

  it('clamps at zero a low-score cell that a ρ fitted on other fixtures would make negative', () => {
    // 1 − λμρ < 0 at 0-0, 1 + λρ < 0 at 0-1, 1 + μρ < 0 at 1-0.
    for (const [l, m, r, home, away] of [
      [6, 5, 0.05, 0, 0],
      [6, 1, -0.2, 0, 1],
      [1, 6, -0.2, 1, 0],
    ] as const) {
      const matrix = dixonColes(l, m, r);
      expect(cell(matrix, home, away), `λ ${l}, μ ${m}, ρ ${r}`).toBe(0);
      for (const p of matrix.cells) expect(p).toBeGreaterThanOrEqual(0);
      expectMarketsSumToOne(markets(matrix));
    }
  });

  it('refuses non-positive expected goals', () => {
    expect(() => dixonColes(0, 1, 0)).toThrow(RangeError);
    expect(() => dixonColes(1, Number.NaN, 0)).toThrow(RangeError);
  });
});

// Every market recomputed from the cells, each side on its own: Over as the sum of the cells above
// the line (not 1 − Under), Away as the sum of the cells where the away side scores more (not
// 1 − home − draw), Double Chance as the sum of its two outcomes' cells. markets.ts builds each
// complement from the others, so its sums are 1 by construction; this checks both sides against the
// matrix. The cells are read as weights (divided by their total), as markets() reads them.
function marketsFromCells(matrix: ScoreMatrix): Markets {
  let total = 0;
  let home = 0;
  let draw = 0;
  let away = 0;
  let xgHome = 0;
  let xgAway = 0;
  const under = { '1.5': 0, '2.5': 0, '3.5': 0 };
  const over = { '1.5': 0, '2.5': 0, '3.5': 0 };
  let best = { home: 0, away: 0, probability: -1 };
  for (let x = 0; x <= matrix.maxGoals; x++) {
    for (let y = 0; y <= matrix.maxGoals; y++) {
      const p = cell(matrix, x, y);
      total += p;
      if (x > y) home += p;
      if (x === y) draw += p;
      if (x < y) away += p;
      xgHome += x * p;
      xgAway += y * p;
      for (const [line, k] of [['1.5', 1], ['2.5', 2], ['3.5', 3]] as const) {
        if (x + y <= k) under[line] += p;
        if (x + y > k) over[line] += p;
      }
      if (p > best.probability) best = { home: x, away: y, probability: p };
    }
  }
  const ou = (line: '1.5' | '2.5' | '3.5') => ({ over: over[line] / total, under: under[line] / total });
  return {
    expectedGoals: { home: xgHome / total, away: xgAway / total },
    oneXTwo: { home: home / total, draw: draw / total, away: away / total },
    doubleChance: { homeOrDraw: (home + draw) / total, drawOrAway: (draw + away) / total, homeOrAway: (home + away) / total },
    overUnder: { '1.5': ou('1.5'), '2.5': ou('2.5'), '3.5': ou('3.5') },
    likeliestScore: { ...best, probability: best.probability / total },
  };
}

function expectSameMarkets(actual: Markets, expected: Markets) {
  expect(actual.oneXTwo.home).toBeCloseTo(expected.oneXTwo.home, 12);
  expect(actual.oneXTwo.draw).toBeCloseTo(expected.oneXTwo.draw, 12);
  expect(actual.oneXTwo.away).toBeCloseTo(expected.oneXTwo.away, 12);
  expect(actual.doubleChance.homeOrDraw).toBeCloseTo(expected.doubleChance.homeOrDraw, 12);
  expect(actual.doubleChance.drawOrAway).toBeCloseTo(expected.doubleChance.drawOrAway, 12);
  expect(actual.doubleChance.homeOrAway).toBeCloseTo(expected.doubleChance.homeOrAway, 12);
  for (const line of ['1.5', '2.5', '3.5'] as const) {
    expect(actual.overUnder[line].over, `over ${line}`).toBeCloseTo(expected.overUnder[line].over, 12);
    expect(actual.overUnder[line].under, `under ${line}`).toBeCloseTo(expected.overUnder[line].under, 12);
  }
  expect(actual.expectedGoals.home).toBeCloseTo(expected.expectedGoals.home, 12);
  expect(actual.expectedGoals.away).toBeCloseTo(expected.expectedGoals.away, 12);
  expect(actual.likeliestScore).toEqual({
    home: expected.likeliestScore.home,
    away: expected.likeliestScore.away,
    probability: expect.closeTo(expected.likeliestScore.probability, 12),
  });
}

/** A score matrix from rows of cells, row x = home goals x, column y = away goals y. */
function fromRows(rows: number[][]): ScoreMatrix {
  const maxGoals = rows.length - 1;
  const cells = new Float64Array((maxGoals + 1) ** 2);
  rows.forEach((row, x) => {
    expect(row).toHaveLength(maxGoals + 1);
    row.forEach((p, y) => (cells[x * (maxGoals + 1) + y] = p));
  });
  return { maxGoals, cells };
}

// Asymmetric on purpose, with a zero cell (0-3): every market and every line differs from its mirror.
//   away:  0     1     2     3
const handRows = [
  [0.07, 0.05, 0.03, 0.0], // home 0
  [0.11, 0.09, 0.04, 0.02], // home 1
  [0.1, 0.09, 0.05, 0.02], // home 2
  [0.12, 0.1, 0.06, 0.05], // home 3
];

describe('markets from a score matrix', () => {
  const matrices: [string, () => ScoreMatrix][] = [
    ['a hand-written 4×4 matrix', () => fromRows(handRows)],
    ['Dixon–Coles, home favourite (λ 1.7, μ 0.6, ρ −0.12)', () => dixonColes(1.7, 0.6, -0.12)],
    ['Dixon–Coles, away favourite (λ 0.4, μ 2.3, ρ 0.08)', () => dixonColes(0.4, 2.3, 0.08)],
    ['Dixon–Coles, high-scoring (λ 3.1, μ 2.4, ρ −0.05, 12 goals)', () => dixonColes(3.1, 2.4, -0.05, 12)],
    // Cut at 6 goals, the renormalisation moves the markets by ~1e-3: the sums must be of the
    // renormalised cells.
    ['plain Poisson, renormalised (λ 2.2, μ 0.9, 6 goals)', () => normalise(poissonMatrix(2.2, 0.9, 6))],
  ];

  for (const [name, build] of matrices) {
    it(`computes each side of every market as the sum of its own cells: ${name}`, () => {
      const matrix = build();
      const expected = marketsFromCells(matrix);
      // Non-trivial: no market is decided, and the three lines differ, so a swapped line shows.
      for (const p of [expected.oneXTwo.home, expected.oneXTwo.draw, expected.oneXTwo.away]) {
        expect(p).toBeGreaterThan(0.01);
        expect(p).toBeLessThan(0.99);
      }
      const u = expected.overUnder;
      expect(u['2.5'].under - u['1.5'].under).toBeGreaterThan(0.05);
      expect(u['3.5'].under - u['2.5'].under).toBeGreaterThan(0.05);
      expect(Math.abs(u['1.5'].under - u['1.5'].over)).toBeGreaterThan(0.01);
      expectSameMarkets(markets(matrix), expected);
    });
  }

  it('gives the hand-computed markets of the hand-written matrix', () => {
    const m = markets(fromRows(handRows));
    // Home wins (below the diagonal): 0.11 + 0.10 + 0.09 + 0.12 + 0.10 + 0.06.
    expect(m.oneXTwo.home).toBeCloseTo(0.58, 12);
    expect(m.oneXTwo.draw).toBeCloseTo(0.07 + 0.09 + 0.05 + 0.05, 12);
    expect(m.oneXTwo.away).toBeCloseTo(0.05 + 0.03 + 0 + 0.04 + 0.02 + 0.02, 12);
    expect(m.doubleChance).toEqual({
      homeOrDraw: expect.closeTo(0.84, 12),
      drawOrAway: expect.closeTo(0.42, 12),
      homeOrAway: expect.closeTo(0.74, 12),
    });
    // By total goals: 0 → 0.07, 1 → 0.16, 2 → 0.22, 3 → 0.25, 4 → 0.17, 5 → 0.08, 6 → 0.05.
    expect(m.overUnder['1.5']).toEqual({ under: expect.closeTo(0.23, 12), over: expect.closeTo(0.77, 12) });
    expect(m.overUnder['2.5']).toEqual({ under: expect.closeTo(0.45, 12), over: expect.closeTo(0.55, 12) });
    expect(m.overUnder['3.5']).toEqual({ under: expect.closeTo(0.7, 12), over: expect.closeTo(0.3, 12) });
    // Row totals 0.15, 0.26, 0.26, 0.33; column totals 0.40, 0.33, 0.18, 0.09.
    expect(m.expectedGoals.home).toBeCloseTo(1.77, 12);
    expect(m.expectedGoals.away).toBeCloseTo(0.96, 12);
    expect(m.likeliestScore).toEqual({ home: 3, away: 0, probability: expect.closeTo(0.12, 12) });
  });

  // Independent Poisson goals with λ + μ = 2 make the total Poisson(2): P(total = t) = e⁻²·2ᵗ/t!, so
  // under 1.5 = e⁻²(1 + 2) = 3e⁻², under 2.5 = e⁻²(1 + 2 + 2) = 5e⁻² ≈ 0.676676 and
  // under 3.5 = e⁻²(1 + 2 + 2 + 4/3) = (19/3)e⁻² ≈ 0.857123, however the 2 is split between the sides.
  // Truncation: every cell with x + y ≤ 3 is in the matrix, so the Under sums are exact; only the
  // total that markets() divides by misses the tails beyond maxGoals = 20, under 1e-15 for a side's
  // mean of at most 1.7 (checked below), far inside the 12 digits compared.
  const under = { '1.5': 3 * Math.exp(-2), '2.5': 5 * Math.exp(-2), '3.5': (19 / 3) * Math.exp(-2) };
  for (const [lambda, mu] of [
    [1, 1],
    [1.5, 0.5],
    [0.3, 1.7],
  ] as const) {
    it(`gives the exact Over/Under of a Poisson(2) total at every line (λ ${lambda}, μ ${mu}, ρ 0)`, () => {
      expect(under['2.5']).toBeCloseTo(0.676676, 6);
      expect(under['3.5']).toBeCloseTo(0.857123, 6);
      const plain = poissonMatrix(lambda, mu, 20);
      let mass = 0;
      for (const p of plain.cells) mass += p;
      expect(Math.abs(1 - mass)).toBeLessThan(1e-14);
      // dixonColes with ρ = 0 applies no correction; it renormalises by that same mass.
      for (const m of [markets(plain), markets(dixonColes(lambda, mu, 0, 20))]) {
        for (const line of ['1.5', '2.5', '3.5'] as const) {
          expect(m.overUnder[line].under, `under ${line}`).toBeCloseTo(under[line], 12);
          expect(m.overUnder[line].over, `over ${line}`).toBeCloseTo(1 - under[line], 12);
        }
      }
    });
  }
});

describe('fitting', () => {
  const model = fit(played, { formPrecision: Infinity });

  it('recovers the strengths of a simulated league', () => {
    expect(model.fit.converged).toBe(true);
    expect(model.homeAdvantage).toBeGreaterThan(0.15);
    expect(model.homeAdvantage).toBeLessThan(0.45);
    const names = Object.keys(sixTeams.teams);
    const truth = names.map((t) => sixTeams.teams[t]!.attack + sixTeams.teams[t]!.defence);
    const fitted = names.map((t) => model.teams[t]!.attack + model.teams[t]!.defence);
    // The fitted order of quality is the true one.
    const order = (xs: number[]) => xs.map((_, i) => i).sort((a, b) => xs[b]! - xs[a]!);
    expect(order(fitted)).toEqual(order(truth));
  });

  it('gives a symmetric fixture equal win probabilities', () => {
    const mirrored: MatchResult[] = [];
    let day = 1;
    for (const [h, a] of [
      [2, 1],
      [0, 0],
      [1, 3],
      [2, 2],
      [1, 0],
    ]) {
      const date = `2024-01-${String(day++).padStart(2, '0')}`;
      mirrored.push({ date, home: 'Persija', away: 'Persib', homeGoals: h!, awayGoals: a! });
      mirrored.push({ date, home: 'Persib', away: 'Persija', homeGoals: h!, awayGoals: a! });
    }
    const m = fit(mirrored);
    const p = predict(m, 'Persija', 'Persib', { neutral: true });
    expect(p.oneXTwo.home).toBeCloseTo(p.oneXTwo.away, 6);
    expect(p.expectedGoals.home).toBeCloseTo(p.expectedGoals.away, 6);
    // At home, the same fixture favours the home side.
    const home = predict(m, 'Persija', 'Persib');
    expect(home.oneXTwo.home).toBeGreaterThan(home.oneXTwo.away);
  });

  it('raises every Over probability when a side attacks more', () => {
    const stronger: Model = structuredClone(model);
    stronger.teams['Chelsea']!.attack += 0.3;
    const before = predict(model, 'Chelsea', 'Derby');
    const after = predict(stronger, 'Chelsea', 'Derby');
    for (const line of ['1.5', '2.5', '3.5'] as const) {
      expect(after.overUnder[line].over).toBeGreaterThan(before.overUnder[line].over);
    }
    expect(after.oneXTwo.home).toBeGreaterThan(before.oneXTwo.home);
    expectMarketsSumToOne(after);
  });

  it('gives no home advantage at a neutral venue', () => {
    const ab = expectedGoals(model, 'Arsenal', 'Fulham', { neutral: true });
    const ba = expectedGoals(model, 'Fulham', 'Arsenal', { neutral: true });
    expect(ab.home).toBeCloseTo(ba.away, 12);
    expect(ab.away).toBeCloseTo(ba.home, 12);
    expect(expectedGoals(model, 'Arsenal', 'Fulham').home).toBeCloseTo(ab.home * Math.exp(model.homeAdvantage), 12);
  });

  it('uses only matches before the fit date', () => {
    const asOf = played[60]!.date;
    const cut = fit(played, { asOf });
    const before = fit(played.filter((m) => m.date < asOf), { asOf });
    expect(cut.fit.matches).toBe(played.filter((m) => m.date < asOf).length);
    expect(cut.teams['Arsenal']!.attack).toBeCloseTo(before.teams['Arsenal']!.attack, 12);
  });

  it('reaches the same optimum from a warm start', () => {
    const asOf = '2023-01-01';
    const cold = fit(played, { asOf });
    const warm = fit(played, { asOf, warmStart: fit(played, { asOf: '2022-12-01' }) });
    expect(warm.fit.iterations).toBeLessThanOrEqual(cold.fit.iterations);
    for (const t of Object.keys(sixTeams.teams)) expect(warm.teams[t]!.attack).toBeCloseTo(cold.teams[t]!.attack, 5);
    expect(warm.rho).toBeCloseTo(cold.rho, 5);
  });

  it('weights recent matches more: a short half-life follows a team that changed', () => {
    // Fulham become the best side in the last season.
    const changed = played.map((m) => {
      if (m.season !== '2022-23') return m;
      if (m.home === 'Fulham') return { ...m, homeGoals: m.homeGoals + 2 };
      if (m.away === 'Fulham') return { ...m, awayGoals: m.awayGoals + 2 };
      return m;
    });
    const short = fit(changed, { halfLifeDays: 60, formPrecision: Infinity });
    const long = fit(changed, { halfLifeDays: 2000, formPrecision: Infinity });
    expect(short.teams['Fulham']!.attack).toBeGreaterThan(long.teams['Fulham']!.attack);
  });

  it('survives JSON: a stored model predicts the same', () => {
    const stored: Model = JSON.parse(JSON.stringify(model));
    expect(predict(stored, 'Barnsley', 'Everton')).toEqual(predict(model, 'Barnsley', 'Everton'));
  });

  it('refuses malformed results', () => {
    const bad = (m: Partial<MatchResult>) => () => fit([{ ...played[0]!, ...m }]);
    expect(bad({ homeGoals: -1 })).toThrow(RangeError);
    expect(bad({ awayGoals: 1.5 })).toThrow(RangeError);
    expect(bad({ away: played[0]!.home })).toThrow(RangeError);
    expect(bad({ date: '2024-02-30' })).toThrow(RangeError);
  });

  it('returns a prior model without data', () => {
    const empty = fit([]);
    expectMarketsSumToOne(predict(empty, 'A', 'B'));
    expect(predict(empty, 'A', 'B').oneXTwo.home).toBeGreaterThan(predict(empty, 'A', 'B').oneXTwo.away);
  });
});

describe('newcomers and early season', () => {
  // Three seasons of the six-team league; in the fourth, Fulham (bottom) left and Gresik came up.
  const teams = ['Arsenal', 'Barnsley', 'Chelsea', 'Derby', 'Everton', 'Gresik'];
  const model = fit(played, { season: '2023-24', teams, asOf: '2023-08-01' });

  it('seats a promoted side at the strength of the bottom of last season, before it plays', () => {
    expect(model.newcomers).toEqual(['Gresik']);
    // The bottom sixth of a six-team table is its last side.
    const points = new Map<string, number>();
    for (const m of played.filter((r) => r.season === '2022-23')) {
      const [h, a] = m.homeGoals > m.awayGoals ? [3, 0] : m.homeGoals === m.awayGoals ? [1, 1] : [0, 3];
      points.set(m.home, (points.get(m.home) ?? 0) + h);
      points.set(m.away, (points.get(m.away) ?? 0) + a);
    }
    const last = [...points].sort((x, y) => x[1] - y[1])[0]![0];
    const bottom = model.teams[last]!;
    expect(model.teams['Gresik']!.weight).toBe(0);
    expect(model.teams['Gresik']!.attack).toBeCloseTo(bottom.attack - 0.05, 6);
    expect(model.teams['Gresik']!.defence).toBeCloseTo(bottom.defence - 0.05, 6);
    expect(model.newcomer.attack).toBeCloseTo(model.teams['Gresik']!.attack, 12);
  });

  it('predicts a team it has never seen at the newcomer level', () => {
    expect(predict(model, 'Arsenal', 'Nobody')).toEqual(predict(model, 'Arsenal', 'Gresik'));
    expect(predict(model, 'Arsenal', 'Gresik').oneXTwo.home).toBeGreaterThan(0.6);
  });

  it('lets a newcomer\'s own results move it away from the prior', () => {
    const wins: MatchResult[] = ['Arsenal', 'Barnsley', 'Chelsea', 'Derby', 'Everton'].map((t, i) => ({
      date: `2023-08-${String(i + 2).padStart(2, '0')}`,
      home: 'Gresik',
      away: t,
      homeGoals: 3,
      awayGoals: 0,
      season: '2023-24',
    }));
    const later = fit([...played, ...wins], { season: '2023-24', teams, asOf: '2023-09-01' });
    expect(later.teams['Gresik']!.attack).toBeGreaterThan(model.teams['Gresik']!.attack + 0.1);
  });
});

describe("the season's goal level", () => {
  // Two seasons at the usual level, then a season (30 matches) that sees more goals (e^0.35 ≈ 1.4
  // times as many, as when a league lengthens stoppage time).
  const before = simulate(sixTeams, { seasons: 2, seed: 11 });
  const lively = simulate({ ...sixTeams, intercept: sixTeams.intercept + 0.35 }, { seasons: 3, seed: 12 }).filter((m) => m.season === '2022-23');
  const start = lively[0]!.date;
  const asOf = addDays(lively.at(-1)!.date, 1);
  const history = [...before, ...lively];
  const total = (m: Model) => {
    const xg = expectedGoals(m, 'Chelsea', 'Derby');
    return xg.home + xg.away;
  };

  it('follows a season that scores more than the history, where the history alone lags', () => {
    const withLevel = fit(history, { asOf, season: '2022-23' });
    const without = fit(history, { asOf, season: '2022-23', seasonLevelPrecision: Infinity });
    expect(withLevel.seasonLevel).toBeGreaterThan(0.05);
    expect(without.seasonLevel).toBe(0);
    const truth = Math.exp(sixTeams.intercept + 0.35 + sixTeams.home + 0.05 + 0.05) + Math.exp(sixTeams.intercept + 0.35 - 0.1 - 0.05);
    expect(total(withLevel)).toBeGreaterThan(total(without));
    expect(Math.abs(total(withLevel) - truth)).toBeLessThan(Math.abs(total(without) - truth));
    expectMarketsSumToOne(predict(withLevel, 'Chelsea', 'Derby'));
  });

  it("is zero before the season's first match, and a warm start from last season does not carry it over", () => {
    const lastSeason = fit(before, { asOf: '2022-05-01', season: '2021-22' });
    expect(lastSeason.seasonLevel).not.toBe(0);
    const opening = fit(history, { asOf: start, season: '2022-23', warmStart: lastSeason });
    const off = fit(history, { asOf: start, season: '2022-23', seasonLevelPrecision: Infinity });
    expect(opening.seasonLevel).toBe(0);
    expect(total(opening)).toBeCloseTo(total(off), 5);
  });
});

describe('score matrix through the model', () => {
  it('uses the fitted ρ', () => {
    const m = fit(played);
    const xg = expectedGoals(m, 'Chelsea', 'Derby');
    expect(scoreMatrix(m, 'Chelsea', 'Derby').cells).toEqual(dixonColes(xg.home, xg.away, m.rho).cells);
  });
});

describe('a top flight fitted with its second tier', () => {
  const top = simulate(sixTeams, { seasons: 2, seed: 3, league: 'xx.1' });
  const second = simulate(
    {
      intercept: 0,
      home: 0.3,
      teams: {
        Gresik: { attack: 0.1, defence: 0.1 },
        Halifax: { attack: -0.5, defence: -0.5 },
        Ipswich: { attack: -0.6, defence: -0.6 },
        Jepara: { attack: -0.7, defence: -0.7 },
      },
    },
    { seasons: 2, seed: 4, league: 'xx.2' },
  );
  const teams = ['Arsenal', 'Barnsley', 'Chelsea', 'Derby', 'Everton', 'Gresik'];
  const model = fit([...top, ...second], { league: 'xx.1', season: '2022-23', teams, asOf: '2022-08-01' });

  it('brings a promoted side in with its second-tier record, not as a newcomer', () => {
    expect(model.league).toBe('xx.1');
    expect(model.newcomers).toEqual([]);
    expect(Object.keys(model.otherLeagues)).toEqual(['xx.2']);
    expect(model.teams['Gresik']!.weight).toBeGreaterThan(3);
    // It dominated the second tier, so it rates above the sides it beat there.
    const quality = (t: string) => model.teams[t]!.attack + model.teams[t]!.defence;
    expect(quality('Gresik')).toBeGreaterThan(quality('Halifax'));
    expect(model.teams['Gresik']!.league).toBeNull();
    expect(model.teams['Halifax']!.league).toBe('xx.2');
  });

  it('predicts second-tier fixtures at the second tier\'s goal level', () => {
    const there = expectedGoals(model, 'Halifax', 'Ipswich', { league: 'xx.2' });
    const here = expectedGoals(model, 'Halifax', 'Ipswich');
    expect(there.home / here.home).toBeCloseTo(
      Math.exp(model.otherLeagues['xx.2']!.intercept + model.otherLeagues['xx.2']!.homeAdvantage - model.intercept - model.homeAdvantage),
      12,
    );
  });
});
