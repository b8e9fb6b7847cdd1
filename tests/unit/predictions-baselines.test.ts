import { describe, expect, it } from 'vitest';
import { fitElo, predictElo } from '../../src/lib/server/predictions/elo.ts';
import { replay } from '../../src/lib/server/predictions/evaluate.ts';
import { fitFrequency } from '../../src/lib/server/predictions/frequency.ts';
import { parseSeason } from '../../src/lib/server/predictions/openfootball.ts';
import { formatEncompassing } from '../../src/lib/server/predictions/report.ts';
import type { MatchResult } from '../../src/lib/server/predictions/types.ts';
import { simulate, sixTeams } from './fixtures/predictions.ts';

const played = simulate(sixTeams, { seasons: 3, seed: 11 });

describe('frequency baseline', () => {
  it('is the smoothed share of home wins, draws, away wins and overs before the fit date', () => {
    const matches: MatchResult[] = [
      { date: '2024-01-01', home: 'A', away: 'B', homeGoals: 2, awayGoals: 1 },
      { date: '2024-01-02', home: 'B', away: 'A', homeGoals: 0, awayGoals: 0 },
      { date: '2024-01-03', home: 'A', away: 'B', homeGoals: 3, awayGoals: 0 },
      { date: '2024-01-04', home: 'B', away: 'A', homeGoals: 9, awayGoals: 9 },
    ];
    const f = fitFrequency(matches, { asOf: '2024-01-04' }).forecast;
    // Counts +1 each: home 2+1, draw 1+1, away 0+1 over 6; over 2+1 of 3+2.
    expect(f.oneXTwo).toEqual({ home: 3 / 6, draw: 2 / 6, away: 1 / 6 });
    expect(f.over25).toBeCloseTo(3 / 5, 15);
  });
});

describe('Elo baseline', () => {
  const elo = fitElo(played);

  it('rates the strongest side above the weakest and favours it', () => {
    expect(elo.ratings['Arsenal']!).toBeGreaterThan(elo.ratings['Fulham']!);
    const p = predictElo(elo, 'Arsenal', 'Fulham');
    expect(p.oneXTwo.home).toBeGreaterThan(p.oneXTwo.away);
    expect(p.oneXTwo.home + p.oneXTwo.draw + p.oneXTwo.away).toBeCloseTo(1, 12);
    for (const v of [p.oneXTwo.home, p.oneXTwo.draw, p.oneXTwo.away, p.over25]) {
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThan(1);
    }
  });

  it('gives the home side an edge that a neutral venue removes', () => {
    const level = { ...elo, ratings: { P: 1500, Q: 1500 } };
    const home = predictElo(level, 'P', 'Q');
    expect(home.oneXTwo.home).toBeGreaterThan(home.oneXTwo.away);
    // Equal ratings at a neutral venue: the only edge left is the fitted cut points' home bias.
    const neutral = predictElo(level, 'P', 'Q', { neutral: true });
    expect(neutral.oneXTwo.home).toBeLessThan(home.oneXTwo.home);
    const a = predictElo(elo, 'Arsenal', 'Derby', { neutral: true });
    const b = predictElo(elo, 'Derby', 'Arsenal', { neutral: true });
    // The ordered logit's cut points are fitted on home/away matches, so only the rating gap is mirrored.
    expect(a.oneXTwo.home).toBeGreaterThan(b.oneXTwo.home);
  });

  it('seats a promoted side at the rating of the side that left', () => {
    const teams = ['Arsenal', 'Barnsley', 'Chelsea', 'Derby', 'Everton', 'Gresik'];
    const e = fitElo(played, { season: '2023-24', teams, asOf: '2023-08-01' });
    expect(e.ratings['Gresik']).toBeCloseTo(e.ratings['Fulham']!, 9);
  });

  it('learns from the data how lopsided fixtures change Over 2.5, and gives a coin toss before it has any', () => {
    expect(fitElo([]).goals).toEqual({ a: 0, b: 0 });
    expect(predictElo(fitElo([]), 'Arsenal', 'Fulham').over25).toBe(0.5);
    // In the simulated world goals are Poisson in attack − defence, so mismatches bring more goals.
    expect(elo.goals.b).toBeGreaterThan(0);
  });

  /** Two sides playing each other on consecutive days: `n` games from `start`, each 2-1 (over) or 1-0. */
  const games = (season: string, start: string, n: number, over: (i: number) => boolean): MatchResult[] =>
    Array.from({ length: n }, (_, i) => {
      const date = new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
      const [home, away] = i % 2 ? ['A', 'B'] : ['B', 'A'];
      return { date, season, home: home!, away: away!, ...(over(i) ? { homeGoals: 2, awayGoals: 1 } : { homeGoals: 1, awayGoals: 0 }) };
    });

  it('calibrates on the first season too while the later ones hold fewer than 300 matches', () => {
    // A first season of overs, then five unders: five games alone would put Over 2.5 near 0.
    const early = fitElo([...games('2018-19', '2018-08-01', 300, () => true), ...games('2019-20', '2019-08-01', 5, () => false)]);
    expect(predictElo(early, 'A', 'B').over25).toBeGreaterThan(0.9);
  });

  it('leaves the first season to warm the ratings up once the later ones hold 300 matches', () => {
    // Later seasons: every other pair of games over, half of them. With the first season's 300 overs it would be 3 in 4.
    const later = fitElo([...games('2018-19', '2018-08-01', 300, () => true), ...games('2019-20', '2019-08-01', 300, (i) => i % 4 < 2)]);
    expect(predictElo(later, 'A', 'B').over25).toBeCloseTo(0.5, 1);
  });
});

describe('replay', () => {
  const fixtures = parseSeason(
    {
      matches: played
        .filter((m) => m.season === '2022-23')
        .map((m) => ({ date: m.date, team1: m.home, team2: m.away, score: { ft: [m.homeGoals, m.awayGoals] } })),
    },
    'xx.1',
    '2022-23',
  );
  // The parser keys teams by teamKey; so must the history.
  const keyed = (ms: MatchResult[]) => ms.map((m) => ({ ...m, home: m.home.toLowerCase(), away: m.away.toLowerCase(), league: 'xx.1' }));

  it('forecasts every played league match of the season once', () => {
    const r = replay({ league: 'xx.1', season: '2022-23', history: keyed(played), fixtures });
    expect(r.predictions).toHaveLength(fixtures.length);
    expect(r.fits).toBe(new Set(fixtures.map((f) => f.date)).size);
  });

  it('never lets a match day see its own results or later ones', () => {
    const day = fixtures[12]!.date;
    const honest = replay({ league: 'xx.1', season: '2022-23', history: keyed(played), fixtures });
    // Rewrite every result from that day on: forecasts up to and including the day must not move.
    const tampered = keyed(played).map((m) => (m.date >= day ? { ...m, homeGoals: 9, awayGoals: 0 } : m));
    const other = replay({ league: 'xx.1', season: '2022-23', history: tampered, fixtures });
    for (let i = 0; i < honest.predictions.length; i++) {
      const a = honest.predictions[i]!;
      const b = other.predictions[i]!;
      if (a.fixture.date <= day) expect(b).toEqual(a);
    }
    // …while the day after does change, or the test would prove nothing.
    const after = honest.predictions.findIndex((p) => p.fixture.date > day);
    expect(other.predictions[after]!.model).not.toEqual(honest.predictions[after]!.model);
  });

  it('reports, per group, the weight of each forecaster in the Over 2.5 encompassing regression', () => {
    const { predictions } = replay({ league: 'xx.1', season: '2022-23', history: keyed(played), fixtures });
    const text = formatEncompassing([{ label: 'xx.1', predictions }]);
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toMatch(/^xx\.1 +model −?\d+\.\d\d ± \d+\.\d\d, Elo −?\d+\.\d\d ± \d+\.\d\d$/m);
  });

  it('says so instead of failing when a forecaster gives every match the same Over 2.5', () => {
    const { predictions } = replay({ league: 'xx.1', season: '2022-23', history: keyed(played), fixtures });
    for (const constant of [0.5, 0.6]) {
      const flat = predictions.map((p) => ({ ...p, elo: { ...p.elo, over25: constant } }));
      expect(formatEncompassing([{ label: 'xx.1', predictions: flat }])).toContain('xx.1     — (a forecaster does not vary over these matches)');
    }
  });
});
