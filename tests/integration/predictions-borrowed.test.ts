// Competitions with too few results of their own to fit (a tournament about to start, a four-team
// Supercopa, with apifootball.com's three years of history) still get forecasts where the model has
// honest data for them: national teams' competitions are fitted together, and a club cup's fixture
// between two sides of one league's running season is forecast by that league's model. Where there
// is none (an intercontinental tie), the fixture gets no forecast rather than the priors'.
import { beforeAll, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { describeEachDb } from '../support/db.ts';
import { poisson, rng } from '../support/random.ts';
import { footballPredictions } from '../../src/lib/server/db/schema/index.ts';
import { write } from '../../src/lib/server/football/store.ts';
import type { LeagueRecord, MatchRecord, TeamRecord } from '../../src/lib/server/football/sources/types.ts';
import { createPredictionsService, MIN_FIT_RESULTS, type RefitReport } from '../../src/lib/server/predictions/service.ts';

const NOW = new Date('2026-11-24T05:00:00Z');
const DAY = 86_400_000;
/** Reseeded for each database, so both get the same results. */
let random = rng(2026);

const league = (id: number, name: string, country: string): LeagueRecord => ({ id, name, country, logo: '' });
const LEAGUES = [
  league(24, 'Kualifikasi Piala Dunia UEFA', 'Eropa'),
  league(27, 'Kualifikasi Piala Dunia CONMEBOL', 'Amerika Selatan'),
  league(28, 'Piala Dunia', 'Dunia'),
  league(1, 'Piala Eropa', 'Eropa'),
  league(302, 'La Liga', 'Spanyol'),
  league(301, 'Segunda División', 'Spanyol'),
  league(383, 'Piala Super Spanyol', 'Spanyol'),
  league(19, 'Piala Interkontinental FIFA', 'Dunia'),
  league(99, 'Serie A', 'Brasil'),
];
const team = (key: string): TeamRecord => ({ key, name: key, country: '', badge: '' });

let n = 0;
function match(leagueId: number, season: string, daysFromNow: number, home: string, away: string, goals?: [number, number]): MatchRecord {
  const score = goals ? { home: goals[0], away: goals[1] } : null;
  return {
    key: `test:${++n}`,
    leagueId,
    season,
    round: 'Group A',
    groupName: null,
    countsForTable: true,
    kickoffAt: new Date(NOW.getTime() + daysFromNow * DAY),
    timeKnown: true,
    home: team(home),
    away: team(away),
    status: goals ? 'finished' : 'scheduled',
    minute: '',
    score,
    halftime: null,
    fulltime: score,
    extraTime: null,
    penalties: null,
    statistics: [],
    events: null,
    lineups: null,
    referee: '',
    venue: '',
  };
}

/** A double round robin of past results: team i's strength falls with i, so team 0 is the strongest. */
function roundRobin(leagueId: number, season: string, teams: string[], daysAgo: number): MatchRecord[] {
  const out: MatchRecord[] = [];
  const strength = (i: number) => -0.09 * i;
  teams.forEach((home, i) =>
    teams.forEach((away, j) => {
      if (i === j) return;
      const gap = strength(i) - strength(j);
      const goals: [number, number] = [poisson(random, 1.5 * Math.exp(gap)), poisson(random, 1.1 * Math.exp(-gap))];
      out.push(match(leagueId, season, -daysAgo + ((i * teams.length + j) % 200), home, away, goals));
    }),
  );
  return out;
}

describeEachDb('predictions: competitions with too few results of their own', (db) => {
  random = rng(2026);
  const nations = Array.from({ length: 12 }, (_, i) => `negara-${i}`);
  const southAmerica = Array.from({ length: 6 }, (_, i) => `amsel-${i}`);
  const clubs = Array.from({ length: 10 }, (_, i) => `klub-${i}`);
  // Qualifiers: 132 results of 12 national teams; La Liga: a past season and the running one's first 35 games.
  const qualifiers = roundRobin(24, '2025-2027', nations, 300);
  // Another confederation, whose seasons are labelled otherwise: its sides are not newcomers to the pooled fit.
  const conmebol = roundRobin(27, '2026', southAmerica, 200);
  const laLiga = [...roundRobin(302, '2025-26', clubs, 420), ...roundRobin(302, '2026-27', clubs, 100).slice(0, 35)];
  const fixtures = {
    worldCupStrongWeak: match(28, '2030', 20, 'negara-0', 'negara-11'),
    worldCupWeakStrong: match(28, '2030', 20, 'negara-11', 'negara-0'),
    worldCupAcross: match(28, '2030', 21, 'negara-0', 'amsel-0'),
    euro: match(1, '2028', 30, 'negara-3', 'negara-4'),
    qualifier: match(24, '2025-2027', 10, 'negara-1', 'negara-2'),
    laLigaHome: match(302, '2026-27', 5, 'klub-0', 'klub-1'),
    supercopa: match(383, '2026-27', 40, 'klub-0', 'klub-1'),
    supercopaSwapped: match(383, '2026-27', 40, 'klub-1', 'klub-0'),
    // A Segunda side: La Liga's running season does not hold it.
    supercopaOutsider: match(383, '2026-27', 41, 'klub-0', 'segunda-0'),
    intercontinental: match(19, '2026', 25, 'klub-0', 'brasil-0'),
  };
  let report: RefitReport;
  let ids: Map<string, number>;
  const forecastOf = async (fixture: keyof typeof fixtures) => {
    const [row] = await db().services.db.select().from(footballPredictions).where(eq(footballPredictions.matchId, ids.get(fixtures[fixture].key)!));
    return row;
  };

  beforeAll(async () => {
    const { services } = db();
    const upcoming = Object.values(fixtures);
    const played = [...qualifiers, ...conmebol, ...laLiga, match(383, '2025-26', -300, 'klub-2', 'klub-3', [1, 1])];
    // A Segunda season and a Brazilian one, so each outsider has a league of its own.
    played.push(match(301, '2026-27', -10, 'segunda-0', 'segunda-1', [2, 0]), match(99, '2026', -10, 'brasil-0', 'brasil-1', [1, 0]));
    ({ matchIds: ids } = await write(services.db, { leagues: LEAGUES, matches: [...played, ...upcoming, match(301, '2026-27', 10, 'segunda-1', 'segunda-0'), match(99, '2026', 10, 'brasil-1', 'brasil-0')] }));
    const predictions = createPredictionsService({ PREDICTIONS_SOURCE: 'model', APIFOOTBALL_KEY: '', LOG_LEVEL: 'silent' }, services.db, { now: () => NOW });
    report = await predictions.refit();
  });

  it('forecasts a World Cup and a Euro without a match of their own from the national teams\' other competitions', async () => {
    expect(qualifiers.length).toBeGreaterThanOrEqual(MIN_FIT_RESULTS);
    const [strongWeak, weakStrong, euro] = await Promise.all([forecastOf('worldCupStrongWeak'), forecastOf('worldCupWeakStrong'), forecastOf('euro')]);
    expect(euro).toBeDefined();
    expect(strongWeak!.source).toBe('model');
    // The strongest qualifier side is the clear favourite against the weakest, whichever side it is listed on:
    // a World Cup is played at neutral venues, so swapping the sides swaps the probabilities exactly.
    expect(strongWeak!.probHomeWin).toBeGreaterThan(2 * strongWeak!.probAwayWin);
    expect(weakStrong!.probAwayWin).toBeCloseTo(strongWeak!.probHomeWin, 1);
    expect(weakStrong!.probHomeWin).toBeCloseTo(strongWeak!.probAwayWin, 1);
    expect(report.perLeague!['worldcup']).toMatchObject({ upcoming: 3, matches: 0, model: 'national-teams' });
    expect(report.perLeague!['league:1']).toMatchObject({ upcoming: 1, model: 'national-teams' });
  });

  it("forecasts a national teams' competition with enough results of its own by the pooled fit too", async () => {
    // So a World Cup that passes MIN_FIT_RESULTS in its last week keeps its model for the final.
    expect(report.perLeague!['league:24']).toMatchObject({ upcoming: 1, matches: qualifiers.length, model: 'national-teams' });
    expect((await forecastOf('qualifier'))!.source).toBe('model');
  });

  it('weighs the best sides of two confederations alike when the data never set them against each other', async () => {
    const across = (await forecastOf('worldCupAcross'))!;
    // Each leads its own qualifiers and nothing ranks one confederation above the other, so neither
    // is a heavy favourite. (Read as newcomers, from the other's season labels, the South Americans
    // were given about a seventh of the Europeans' chance.)
    expect(across.probHomeWin).toBeLessThan(3 * across.probAwayWin);
    expect(across.probAwayWin).toBeLessThan(3 * across.probHomeWin);
  });

  it("forecasts a Supercopa tie between two La Liga sides with La Liga's model, at a neutral venue", async () => {
    const [home, cup, swapped] = await Promise.all([forecastOf('laLigaHome'), forecastOf('supercopa'), forecastOf('supercopaSwapped')]);
    expect(cup).toBeDefined();
    expect(swapped!.probHomeWin).toBeCloseTo(cup!.probAwayWin, 1);
    expect(swapped!.probAwayWin).toBeCloseTo(cup!.probHomeWin, 1);
    // The same two sides in La Liga, at klub-0's ground: the home side's chance is higher there.
    expect(home!.probHomeWin).toBeGreaterThan(cup!.probHomeWin);
    expect(report.perLeague!['league:383']).toMatchObject({ upcoming: 2, matches: 1, model: 'es.1' });
  });

  it('gives no forecast to a tie that no league of the data holds, and says which competition lacks results', async () => {
    expect(await forecastOf('supercopaOutsider')).toBeUndefined();
    expect(await forecastOf('intercontinental')).toBeUndefined();
    expect(report.tooFew).toMatchObject({ 'league:383': 1, 'league:19': 0 });
    const stored = await db()
      .services.db.select({ id: footballPredictions.matchId })
      .from(footballPredictions)
      .where(inArray(footballPredictions.matchId, [...ids.values()]));
    // The seven above (three World Cup, one Euro, one qualifier, two Supercopa) and La Liga's own
    // fixture; none for the Segunda's and Brasil's (two results each).
    expect(stored).toHaveLength(8);
  });
});
