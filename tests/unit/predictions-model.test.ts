import { describe, expect, it } from 'vitest';
import { markets, poissonMatrix, cell } from '../../src/lib/server/predictions/markets.ts';
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

  it('gives every market summing to 1, for ordinary and extreme fixtures', () => {
    for (const [l, m, r] of [
      [1.4, 1.1, -0.1],
      [3.5, 0.3, 0.05],
      [0.2, 0.25, -0.2],
      [6, 5, 0],
    ] as const) {
      expectMarketsSumToOne(markets(dixonColes(l, m, r)));
    }
  });

  it('computes the markets of a plain Poisson matrix as the sums of their cells', () => {
    const m = markets(poissonMatrix(1, 1, 12));
    // Two independent Poisson(1): P(total ≤ 1) = e^−2·(1 + 2) (the total is Poisson(2)).
    expect(m.overUnder['1.5'].under).toBeCloseTo(3 * Math.exp(-2), 9);
    expect(m.oneXTwo.home).toBeCloseTo(m.oneXTwo.away, 12);
    expect(m.expectedGoals.home).toBeCloseTo(1, 6);
    expect(m.likeliestScore).toMatchObject({ home: 0, away: 0 });
  });

  it('refuses non-positive expected goals', () => {
    expect(() => dixonColes(0, 1, 0)).toThrow(RangeError);
    expect(() => dixonColes(1, Number.NaN, 0)).toThrow(RangeError);
  });
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
