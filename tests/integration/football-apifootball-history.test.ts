// The apifootball.com history backfill against the fake provider on loopback, which serves past
// seasons of the Premier League, Serie A and La Liga in get_events' wire format.
import { afterAll, beforeAll, expect, it, onTestFinished, vi } from 'vitest';
import { and, count, eq, isNotNull, like, sql } from 'drizzle-orm';
import { describeEachDb } from '../support/db.ts';
import { startFakeApifootball, type FakeApifootball } from '../support/fake-apifootball.ts';
import * as config from '../../src/lib/server/config.ts';
import { createServices, type Services } from '../../src/lib/server/context.ts';
import { createFootball } from '../../src/lib/server/football/index.ts';
import { createFootballService } from '../../src/lib/server/football/service.ts';
import { createApifootballSource, createClient, SYNC } from '../../src/lib/server/football/sources/apifootball.ts';
import { footballImports, footballMatches } from '../../src/lib/server/db/schema/index.ts';
import { createPredictionsService, MIN_FIT_RESULTS } from '../../src/lib/server/predictions/service.ts';
import type { Db } from '../../src/lib/server/db/client.ts';

// 19:00 WIB on Saturday 21 November 2026. History ends the day before yesterday (19 November);
// 3 × 365 days back is 22 November 2023, in the season 2023-24, so the floor is 1 July 2023.
const NOW = new Date('2026-11-21T12:00:00Z');
const LEAGUES = [152, 207, 302];

/** The history calls made so far (get_events by league: this suite never syncs fixtures), as [league, from, to]. */
function historyCalls(fake: FakeApifootball): [number, string, string][] {
  return fake
    .calls('get_events')
    .filter((r) => r.searchParams.get('league_id'))
    .map((r) => [Number(r.searchParams.get('league_id')), r.searchParams.get('from')!, r.searchParams.get('to')!]);
}

async function matchCount(db: Db, leagueId: number, season: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(footballMatches)
    .where(and(eq(footballMatches.leagueId, leagueId), eq(footballMatches.season, season)));
  return row?.n ?? 0;
}

describeEachDb('football: apifootball.com history backfill', (db) => {
  let fake: FakeApifootball;
  let d: Db;
  const at = (t: Date, historyMs?: number) => {
    const client = createClient({ key: fake.key, baseUrl: fake.url });
    return createApifootballSource({ db: d, client, now: () => t, leagueIds: [...LEAGUES, 175], log: () => {}, ...(historyMs && { historyMs }) });
  };

  beforeAll(async () => {
    fake = await startFakeApifootball({ now: () => NOW, history: ['152', '207', '302'] });
    d = db().database.db;
  });
  afterAll(async () => {
    await fake.close();
  });

  it('asks for each league newest window first, a bounded number per run, the least-fetched league first', async () => {
    const source = at(NOW);
    // Nothing is asked before a league's season is known (get_leagues, or a table row in the database).
    expect((await source.syncHistory()).windows).toEqual([]);
    await source.syncLeagues();
    const report = await source.syncHistory();
    expect(report.windows.map((w) => [w.leagueId, w.from, w.to, w.matches])).toEqual([
      [152, '2026-10-21', '2026-11-19', 40],
      [207, '2026-10-21', '2026-11-19', 40],
      [302, '2026-10-21', '2026-11-19', 40],
      // 40 plus Chelsea – Bournemouth of the fixture files (today − 40).
      [152, '2026-09-21', '2026-10-20', 41],
      [207, '2026-09-21', '2026-10-20', 40],
      [302, '2026-09-21', '2026-10-20', 40],
    ]);
    expect(report.windows).toHaveLength(SYNC.historyWindowsPerRun);
    expect(historyCalls(fake)).toHaveLength(SYNC.historyWindowsPerRun);
    // The Bundesliga is followed but not in the provider's list (not in the plan): never asked.
    expect(historyCalls(fake).some(([league]) => league === 175)).toBe(false);
    expect(report.remaining).toBe(3);
    // Stored as full matches: goals and all, in the table of their season.
    const [row] = await d.select().from(footballMatches).where(and(eq(footballMatches.leagueId, 152), eq(footballMatches.kickoffAt, new Date('2026-11-14T14:00:00Z'))));
    expect(row).toMatchObject({ status: 'finished', countsForTable: true, season: '2026-27' });
    expect(row!.events!.goals).toHaveLength(row!.homeScore! + row!.awayScore!);
  });

  it('resumes after a restart where it stopped, without asking for a window twice', async () => {
    const progress = await d.select().from(footballImports).where(like(footballImports.source, 'apifootball:history:%'));
    expect(progress.map((p) => [p.source, p.fingerprint, p.summary]).sort()).toEqual([
      ['apifootball:history:152', '2026-09-21/2026-11-19', { windows: 2, matches: 81 }],
      ['apifootball:history:207', '2026-09-21/2026-11-19', { windows: 2, matches: 80 }],
      ['apifootball:history:302', '2026-09-21/2026-11-19', { windows: 2, matches: 80 }],
    ]);
    const restarted = at(NOW);
    await restarted.syncLeagues();
    const report = await restarted.syncHistory();
    expect(report.windows.slice(0, 3).map((w) => [w.leagueId, w.from, w.to])).toEqual([
      [152, '2026-08-22', '2026-09-20'],
      [207, '2026-08-22', '2026-09-20'],
      [302, '2026-08-22', '2026-09-20'],
    ]);
    const asked = historyCalls(fake).map((c) => c.join(' '));
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('ends the run at a failed window and asks that league again later, for a shorter window', async () => {
    const source = at(NOW);
    await source.syncLeagues();
    fake.state.failIf = (q) => (q.get('action') === 'get_events' && q.get('league_id') === '207' ? { status: 503, body: {} } : undefined);
    const failing = await source.syncHistory();
    // A refusal ends the run: a spent quota or a refused key would refuse the next requests too.
    expect(failing.windows.map((w) => [w.leagueId, w.from, w.to, w.failed ?? false])).toEqual([
      [152, '2026-06-23', '2026-07-22', false],
      [207, '2026-06-23', '2026-07-22', true],
    ]);
    const [progress] = await d.select().from(footballImports).where(eq(footballImports.source, 'apifootball:history:207'));
    expect(progress!.fingerprint).toBe('2026-07-23/2026-11-19');
    // Still refused: asked again the next run, for half the days; then it sits one run out while the others go on.
    const again = await source.syncHistory();
    expect(again.windows.map((w) => [w.leagueId, w.from, w.to, w.failed ?? false])).toEqual([[207, '2026-07-08', '2026-07-22', true]]);
    const others = await source.syncHistory();
    expect(others.windows.map((w) => w.leagueId)).toEqual([302, 152, 302, 152, 302, 152]);
    expect(others.windows.every((w) => !w.failed)).toBe(true);
    // Answered at last: a window of a quarter of the days, then whole months again.
    fake.state.failIf = undefined;
    const next = await source.syncHistory();
    expect(next.windows.slice(0, 3).map((w) => [w.leagueId, w.from, w.to])).toEqual([
      [207, '2026-07-16', '2026-07-22'],
      [207, '2026-06-16', '2026-07-15'],
      [207, '2026-05-17', '2026-06-15'],
    ]);
    expect(next.windows.every((w) => !w.failed)).toBe(true);
  });

  it('stops at the start of the season three years back: whole seasons, nothing older asked', async () => {
    const source = at(NOW);
    await source.syncLeagues();
    for (let run = 0; ; run++) {
      if (run > 100) throw new Error('history never completed');
      const report = await source.syncHistory();
      expect(report.windows.length).toBeLessThanOrEqual(SYNC.historyWindowsPerRun);
      if (report.remaining === 0) break;
    }
    const calls = historyCalls(fake);
    // No window asked twice; the two refused in the test before came again as shorter ones.
    const keys = calls.map((c) => c.join(' '));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    const refused = ['207 2026-06-23 2026-07-22', '207 2026-07-08 2026-07-22'];
    const answered = keys.filter((k) => !refused.includes(k));
    for (const league of LEAGUES) {
      const mine = answered.map((k) => k.split(' ') as [string, string, string]).filter(([l]) => Number(l) === league);
      // Newest first, each window ending the day before the previous one began: no day left out.
      const dayBefore = (key: string) => new Date(Date.parse(key) - 86_400_000).toISOString().slice(0, 10);
      for (let i = 1; i < mine.length; i++) expect(mine[i]![2]).toBe(dayBefore(mine[i - 1]![1]));
      expect(mine.at(-1)![1]).toBe('2023-07-01');
      // 1,238 days in 30-day windows; Serie A's refused month came again as 7 days, which shifted the rest by one.
      expect(mine).toHaveLength(league === 207 ? 43 : 42);
    }
    expect(calls.every(([, from]) => from >= '2023-07-01')).toBe(true);
    const progress = await d.select().from(footballImports).where(like(footballImports.source, 'apifootball:history:%'));
    expect(progress.map((p) => p.fingerprint)).toEqual(['2023-07-01/2026-11-19', '2023-07-01/2026-11-19', '2023-07-01/2026-11-19']);
    expect(await matchCount(d, 152, '2022-23')).toBe(0);
    for (const season of ['2023-24', '2024-25', '2025-26']) expect(await matchCount(d, 207, season)).toBe(380);

    // Past seasons have no provider table: theirs is computed from the results, and it is whole.
    const football = createFootballService(d);
    expect(await football.seasons(152)).toEqual(['2026-27', '2025-26', '2024-25', '2023-24']);
    const table = await football.standings(152, '2023-24');
    expect(table!.source).toBe('computed');
    expect(table!.groups[0]!.rows).toHaveLength(20);
    expect(table!.groups[0]!.rows.every((r) => r.played === 38)).toBe(true);

    // Complete: a further run asks nothing.
    const before = fake.requests.length;
    expect(await source.syncHistory()).toEqual({ windows: [], remaining: 0 });
    expect(fake.requests.length).toBe(before);
  });

  it('the next day, fetches the one day that left the fixture window, per league', async () => {
    const tomorrow = at(new Date(NOW.getTime() + 86_400_000));
    await tomorrow.syncLeagues();
    const report = await tomorrow.syncHistory();
    expect(report.windows.map((w) => [w.leagueId, w.from, w.to])).toEqual([
      [152, '2026-11-20', '2026-11-20'],
      [207, '2026-11-20', '2026-11-20'],
      [302, '2026-11-20', '2026-11-20'],
    ]);
    expect(report.remaining).toBe(0);
  });

  it('runs on its own schedule once started, and not after stop', async () => {
    const source = at(new Date(NOW.getTime() + 2 * 86_400_000), 50);
    await source.syncLeagues();
    const before = historyCalls(fake).length;
    await source.start();
    // Three runs 50 ms apart; vi.waitFor's default second was too short on a busy CI machine.
    await vi.waitFor(
      () =>
        expect(historyCalls(fake).slice(before)).toEqual([
          [152, '2026-11-21', '2026-11-21'],
          [207, '2026-11-21', '2026-11-21'],
          [302, '2026-11-21', '2026-11-21'],
        ]),
      { timeout: 10_000 },
    );
    await source.stop();
    const after = fake.requests.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(fake.requests.length).toBe(after);
  });
});

describeEachDb('football: apifootball.com history and the seasons pages offer', (db) => {
  let fake: FakeApifootball;
  beforeAll(async () => {
    fake = await startFakeApifootball({ now: () => NOW, history: ['152', '207', '302'] });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('offers a past season only once its history is whole, never a table of a few months', async () => {
    const d = db().database.db;
    const cfg = config.load({ APIFOOTBALL_KEY: fake.key, APIFOOTBALL_URL: fake.url, LOG_LEVEL: 'silent', PGLITE_DIR: 'memory://' });
    // Wired as the server wires it (football/index.ts): each history window clears the season lists.
    const football = createFootball(cfg, d, { now: () => NOW });
    const source = football.source as ReturnType<typeof createApifootballSource>;
    await source.syncLeagues();
    const from = async () => (await d.select().from(footballImports).where(eq(footballImports.source, 'apifootball:history:152')))[0]?.fingerprint.slice(0, 10);
    let partialSeen = false;
    let before: string | undefined;
    // One window a run, so the run that reaches 1 July 2025 fetches nothing but that empty window
    // (the season starts in August): the list must change on the progress alone.
    const perRun = SYNC.historyWindowsPerRun;
    SYNC.historyWindowsPerRun = 1;
    onTestFinished(() => void (SYNC.historyWindowsPerRun = perRun));
    for (let run = 0; ; run++) {
      if (run > 80) throw new Error('2025-26 never offered');
      before = await from();
      await source.syncHistory();
      const offered = await football.seasons(152);
      if (offered.includes('2025-26')) break;
      // Coming in from its end: the last months of 2025-26 are stored, but no page offers them.
      expect(offered).toEqual(['2026-27']);
      expect((await from())! > '2025-07-01').toBe(true);
      if ((await matchCount(d, 152, '2025-26')) > 0) {
        partialSeen = true;
        expect(await football.standings(152, '2025-26')).toBeNull();
        expect((await football.standingsView(152, '2025-26')).table!.season).toBe('2026-27');
      }
    }
    expect(partialSeen).toBe(true);
    // Offered the very run its first day came in (even when that window held no match), and whole:
    // every side played 38.
    expect([before! > '2025-07-01', (await from())! <= '2025-07-01']).toEqual([true, true]);
    expect(await football.seasons(152)).toEqual(['2026-27', '2025-26']);
    const table = await football.standings(152, '2025-26');
    expect(table!.source).toBe('computed');
    expect(table!.groups[0]!.rows).toHaveLength(20);
    expect(table!.groups[0]!.rows.every((r) => r.played === 38)).toBe(true);
    await source.stop();
  });
});

describeEachDb('football: apifootball.com history and the prediction model', (db) => {
  let fake: FakeApifootball;
  let services: Services;
  let d: Db;

  /** The stored prediction source of a fixture of the fake, by its provider id. */
  async function sourceOf(matchId: string): Promise<string | null> {
    const [row] = await d.select({ id: footballMatches.id }).from(footballMatches).where(eq(footballMatches.externalId, `af:${matchId}`));
    const p = await services.football.prediction(row!.id);
    return p?.source ?? null;
  }

  beforeAll(async () => {
    // The real clock, as the server runs: the fake's dates follow it.
    fake = await startFakeApifootball({ history: ['152', '207', '302'] });
    d = db().database.db;
    const cfg = config.load({ APIFOOTBALL_KEY: fake.key, APIFOOTBALL_URL: fake.url, LOG_LEVEL: 'silent', PREDICTIONS_SOURCE: 'provider', PGLITE_DIR: 'memory://' });
    // Wired as the server wires them (context.ts): a source write tells the model there are new results.
    services = createServices(cfg, db().database);
  });
  afterAll(async () => {
    await services.football.source.stop();
    services.predictions.stop();
    await services.predictions.settled();
    await fake.close();
  });

  it('with PREDICTIONS_SOURCE=provider, the model forecasts what the provider does not once history is in; provider rows stay', async () => {
    expect((await services.football.source.prepare()).status).toBe('synced');
    const first = await services.predictions.refit();
    expect(Object.keys(first.tooFew ?? {}).sort()).toEqual(['es.1', 'it.1']);
    // Inter – Juventus (Serie A, today, postponed): no provider prediction, too few results to fit.
    expect(await sourceOf('900004')).toBeNull();

    const source = services.football.source as ReturnType<typeof createApifootballSource>;
    // Windows go newest first, so in the summer break the first ones are empty: run until Serie A
    // holds the model's minimum of results (four runs in the season, one or two more in the
    // summer; a year of windows at most), whatever the day the suite runs on.
    const serieA = async () => (await d.select({ n: count() }).from(footballMatches).where(and(eq(footballMatches.leagueId, 207), isNotNull(footballMatches.homeScore))))[0]!.n;
    for (let run = 0; run < 12 && (await serieA()) < MIN_FIT_RESULTS; run++) await source.syncHistory();
    expect(await serieA()).toBeGreaterThanOrEqual(MIN_FIT_RESULTS);
    // The writes asked for a refit (debounced a few seconds): the model now has Serie A's history.
    await vi.waitFor(async () => expect(await sourceOf('900004')).toBe('model'), { timeout: 20_000, interval: 250 });
    const report = services.predictions.lastReport()!;
    expect(report.perLeague!['it.1']!.matches).toBeGreaterThanOrEqual(100);
    // The provider's predictions are kept where it has one, in leagues the model now fits too.
    expect(report.perLeague!['es.1']).toBeDefined();
    expect(await sourceOf('900003')).toBe('apifootball.com');
    expect(await sourceOf('900002')).toBe('apifootball.com');
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const list = await services.football.predictions({ from: today, to: today });
    expect(new Set(list.map((p) => p.prediction.source))).toEqual(new Set(['apifootball.com', 'model']));
  });

  it('with PREDICTIONS_SOURCE=model (the default), the same history gives every fixture the model forecast', async () => {
    const model = createPredictionsService({ LOG_LEVEL: 'silent', PREDICTIONS_SOURCE: 'model', APIFOOTBALL_KEY: fake.key }, d);
    await model.refit({ force: true });
    expect(await sourceOf('900003')).toBe('model');
    expect(await sourceOf('900004')).toBe('model');
  });
});
