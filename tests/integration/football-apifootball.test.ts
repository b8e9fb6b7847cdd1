// The apifootball.com source against a fake provider on loopback that speaks the real wire format.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { describeEachDb } from '../support/db.ts';
import { startFakeApifootball, type FakeApifootball } from '../support/fake-apifootball.ts';
import * as config from '../../src/lib/server/config.ts';
import { createFootball, type Football } from '../../src/lib/server/football/index.ts';
import { createApifootballSource, createClient, ApifootballError } from '../../src/lib/server/football/sources/apifootball.ts';
import { footballLeagues, footballMatches, footballPredictions, footballTeams } from '../../src/lib/server/db/schema/index.ts';
import { createPredictionsService, MIN_FIT_RESULTS } from '../../src/lib/server/predictions/service.ts';
import type { Db } from '../../src/lib/server/db/client.ts';

// 19:00 WIB on Saturday 21 November 2026: the fake's {{today}} and the source's clock agree.
const NOW = new Date('2026-11-21T12:00:00Z');
const now = () => NOW;

async function idOf(db: Db, key: string): Promise<number> {
  const [row] = await db.select({ id: footballMatches.id }).from(footballMatches).where(eq(footballMatches.externalId, key));
  if (!row) throw new Error(`no match ${key}`);
  return row.id;
}

describeEachDb('football: apifootball.com source', (db) => {
  let fake: FakeApifootball;
  let football: Football;
  let d: Db;
  let firstSync: Awaited<ReturnType<Football['source']['prepare']>>;

  // Every test reads what the first sync stored, so it runs here: a test run alone (-t) has it too.
  beforeAll(async () => {
    fake = await startFakeApifootball({ now });
    d = db().database.db;
    const cfg = config.load({ APIFOOTBALL_KEY: fake.key, APIFOOTBALL_URL: fake.url, LOG_LEVEL: 'silent', PREDICTIONS_SOURCE: 'provider' });
    football = createFootball(cfg, d, { now });
    firstSync = await football.source.prepare();
  });
  afterAll(async () => {
    await football.source.stop();
    await fake.close();
  });

  it('is chosen when a key is configured, and the first sync fills the database', async () => {
    expect(football.source.name).toBe('apifootball');
    expect(firstSync.status).toBe('synced');
    // get_standings and get_predictions rows carry no league logo or team badges: the sync that
    // stored them after the events kept the ones get_leagues and get_events gave.
    const [league] = await d.select({ logo: footballLeagues.logo }).from(footballLeagues).where(eq(footballLeagues.id, 152));
    expect(league!.logo).toMatch(/152_premier-league\.png$/);
    const badges = await d.select({ name: footballTeams.name, badge: footballTeams.badge }).from(footballTeams);
    expect(badges.filter((t) => t.badge === '')).toEqual([]);
  });

  it('asks every action in the Asia/Jakarta time zone with the key', () => {
    expect(fake.requests.length).toBeGreaterThan(10);
    for (const r of fake.requests) {
      expect(r.searchParams.get('timezone')).toBe('Asia/Jakarta');
      expect(r.searchParams.get('APIkey')).toBe(fake.key);
    }
    expect(fake.calls('get_leagues')).toHaveLength(1);
    const pl = fake.calls('get_events').find((r) => r.searchParams.get('league_id') === '152')!;
    expect([pl.searchParams.get('from'), pl.searchParams.get('to')]).toEqual(['2026-11-20', '2026-11-28']);
    expect(fake.calls('get_standings').map((r) => r.searchParams.get('league_id'))).toContain('152');
    expect(fake.calls('get_predictions').some((r) => r.searchParams.get('league_id') === '302')).toBe(true);
  });

  it('stores a finished match with its events, lineups and statistics', async () => {
    const m = await football.match(await idOf(d, 'af:900001'));
    expect(m).toMatchObject({
      league: { id: 152, name: 'Premier League', country: 'Inggris', logo: 'https://apiv3.apifootball.com/badges/logo_leagues/152_premier-league.png' },
      season: '2026-27',
      state: 'finished',
      score: { home: 1, away: 5 },
      halftime: { home: 1, away: 2 },
      home: { name: 'West Ham United', badge: 'https://apiv3.apifootball.com/badges/3081_west-ham-united.jpg' },
    });
    expect(m!.events!.goals.map((g) => g.score)).toEqual(['0 - 1', '0 - 2', '1 - 2', '1 - 3', '1 - 4', '1 - 5']);
    expect(m!.lineups!.away.starting.map((p) => p.name)).toEqual(['Nick Pope', 'Kieran Trippier', 'Alexander Isak']);
    expect(m!.statistics[0]).toEqual({ type: 'Ball Possession', home: 42, away: 58 });
  });

  it('lists live matches with their minute, and upcoming ones without a score', async () => {
    const live = await football.live();
    expect(live.map((m) => [m.home.name, m.minute, m.score])).toEqual([
      ['Arsenal', '67', { home: 1, away: 0 }],
      ['Manchester City', 'HT', { home: 0, away: 0 }],
    ]);
    const incoming = await football.incoming();
    expect(incoming.map((m) => m.home.name)).toEqual(['Barcelona']);
    expect(incoming[0]).toMatchObject({ state: 'upcoming', score: null, league: { id: 302 } });
    const postponed = await football.match(await idOf(d, 'af:900004'));
    expect(postponed).toMatchObject({ state: 'postponed', score: null });
  });

  it('serves the provider table for the current season', async () => {
    const table = await football.standings(152);
    expect(table).toMatchObject({ source: 'provider', season: '2026-27' });
    expect(table!.groups[0]!.rows.map((r) => [r.team.name, r.played, r.points])).toEqual([
      ['Arsenal', 12, 29],
      ['Manchester City', 12, 27],
      ['Newcastle United', 12, 24],
      ['Chelsea', 12, 22],
      ['West Ham United', 12, 11],
      ['Bournemouth', 12, 9],
    ]);
  });

  it('shows no table computed from the fixture week where the provider publishes none and the history has not reached the season start', async () => {
    // Serie A: the provider has no table for it, and no history window has been fetched yet.
    expect(await football.seasons(207)).toEqual(['2026-27']);
    const table = await football.standings(207);
    expect(table).toMatchObject({ season: '2026-27', source: 'computed', groups: [] });
  });

  it('stores the provider predictions, labelled with the provider', async () => {
    const list = await football.predictions({ from: '2026-11-20', to: '2026-11-22' });
    expect(list.map((p) => [p.match.home.name, p.prediction.homeWin, p.prediction.source])).toEqual([
      ['West Ham United', 18, 'apifootball.com'],
      ['Arsenal', 52.5, 'apifootball.com'],
      ['Barcelona', 41, 'apifootball.com'],
    ]);
  });

  it('adds no model forecast where the provider has none but the league has too few results to fit', async () => {
    // The provider's sync holds only the days around today: a model fitted on a handful of results
    // would show its priors as a forecast. The fixture the provider does not predict stays without one.
    const predictions = createPredictionsService({ LOG_LEVEL: 'silent', PREDICTIONS_SOURCE: 'provider', APIFOOTBALL_KEY: fake.key }, d, { now });
    const report = await predictions.refit({ force: true });
    expect(report).toMatchObject({ status: 'fitted', leagues: 0, upcoming: 0 });
    expect(Object.keys(report.tooFew!).sort()).toEqual(['es.1', 'it.1']);
    for (const n of Object.values(report.tooFew!)) expect(n).toBeLessThan(MIN_FIT_RESULTS);
    expect(await d.select().from(footballPredictions).where(eq(footballPredictions.source, 'model'))).toEqual([]);
    const list = await football.predictions({ from: '2026-11-20', to: '2026-11-28' });
    expect(list.every((p) => p.prediction.source === 'apifootball.com')).toBe(true);
  });

  it('refreshes one match on demand, at most once a minute', async () => {
    const before = fake.calls('get_events').filter((r) => r.searchParams.get('match_id') === '900003').length;
    football.invalidate();
    await football.match(await idOf(d, 'af:900003'));
    football.invalidate();
    await football.match(await idOf(d, 'af:900003'));
    expect(fake.calls('get_events').filter((r) => r.searchParams.get('match_id') === '900003').length).toBe(before + 1);
    const pred = await football.prediction(await idOf(d, 'af:900003'));
    expect(pred).toMatchObject({ homeWin: 41, draw: 26, awayWin: 33, source: 'apifootball.com' });
    expect(fake.calls('get_predictions').some((r) => r.searchParams.get('match_id') === '900003')).toBe(true);
  });

  it('reads head-to-head (an object) and six months of each team for Last Matches', async () => {
    const id = await idOf(d, 'af:900002');
    const h2h = await football.headToHead(id);
    const call = fake.calls('get_H2H')[0]!;
    expect([call.searchParams.get('firstTeamId'), call.searchParams.get('secondTeamId')]).toEqual(['141', '2616']);
    const teamCalls = fake.calls('get_events').filter((r) => r.searchParams.get('team_id'));
    expect(teamCalls.map((r) => [r.searchParams.get('team_id'), r.searchParams.get('from'), r.searchParams.get('to')])).toEqual([
      ['141', '2026-05-21', '2026-11-21'],
      ['2616', '2026-05-21', '2026-11-21'],
    ]);
    expect(h2h!.headToHead.map((m) => `${m.home.name} ${m.score!.home}-${m.score!.away}`)).toEqual(['Arsenal 1-0']);
    // Newest first, six months back (000 §9): the earlier meeting (16 March 2025), which the
    // provider lists among each team's last matches too, is older.
    expect(h2h!.homeLast.map((m) => m.home.name + ' ' + m.away.name)).toEqual(['Arsenal Newcastle United', 'FC Porto Arsenal']);
    expect(h2h!.awayLast.map((m) => m.home.name + ' ' + m.away.name)).toEqual(['Chelsea Bournemouth']);
    // Rows known only from these lists shape no table: the 2024-25 season has none.
    expect(await football.seasons(152)).toEqual(['2026-27']);
  });

  it('never lets a list row overwrite the details of a stored match', async () => {
    // West Ham – Newcastle listed bare (no goals, lineups or statistics) in another pair's history.
    const row = { ...fake.event('900001'), goalscorer: [], lineup: {}, statistics: [] };
    fake.state.h2h['80-3071'] = { firstTeam_VS_secondTeam: [row], firstTeam_lastResults: [], secondTeam_lastResults: [] };
    await football.headToHead(await idOf(d, 'af:900006'));
    expect(fake.calls('get_H2H').some((r) => r.searchParams.get('firstTeamId') === '80')).toBe(true);
    football.invalidate();
    const m = await football.match(await idOf(d, 'af:900001'));
    expect(m!.lineups).not.toBeNull();
    expect(m!.events!.goals).toHaveLength(6);
  });

  it('follows a live match until it ends, and polls only while a match is live or due', async () => {
    const e = fake.event('900002');
    Object.assign(e, {
      match_status: '68',
      match_hometeam_score: '2',
      goalscorer: [...(e['goalscorer'] as unknown[]), { time: '68', home_scorer: 'M. Ødegaard', home_assist: '', score: '[2 - 0]', away_scorer: '', info: '', score_info_time: '2nd Half' }],
    });
    const source = football.source as ReturnType<typeof createApifootballSource>;
    expect(await source.shouldPollLive()).toBe(true);
    await source.syncLive();
    const id = await idOf(d, 'af:900002');
    expect(await football.match(id)).toMatchObject({ state: 'live', minute: '68', score: { home: 2, away: 0 } });
    expect((await football.match(id))!.events!.goals.at(-1)).toMatchObject({ player: 'M. Ødegaard', score: '2 - 0' });

    // Full time: the match leaves the live list and is fetched once more by its id.
    Object.assign(e, { match_status: 'Finished', match_live: '0', match_hometeam_ft_score: '2', match_awayteam_ft_score: '0' });
    for (const other of ['900006', '900007']) Object.assign(fake.event(other), { match_status: 'Finished', match_live: '0' });
    await source.syncLive();
    expect(await football.match(id)).toMatchObject({ state: 'finished', score: { home: 2, away: 0 } });
    expect(await football.live()).toEqual([]);
    expect(fake.calls('get_events').some((r) => r.searchParams.get('match_id') === '900007')).toBe(true);
    // A league outside the catalogue came in through the live list, named by the provider.
    expect((await football.match(await idOf(d, 'af:900007')))!.league).toMatchObject({ name: 'Liga Antah', country: 'Antah Berantah' });
    expect(await source.shouldPollLive()).toBe(false);
  });

  it('treats "No event found" as an empty answer and other errors as failures', async () => {
    const client = createClient({ key: fake.key, baseUrl: fake.url });
    fake.state.failWith = { status: 200, body: { error: 404, message: 'No event found (please check your plan)!' } };
    expect(await client.events({ from: '2026-11-21', to: '2026-11-21' })).toEqual([]);
    fake.state.failWith = { status: 200, body: { error: 201, message: 'Required parameters missing' } };
    await expect(client.events({ from: '2026-11-21' })).rejects.toThrow(/Required parameters missing/);
    fake.state.failWith = { status: 500, body: 'oops' };
    await expect(client.leagues()).rejects.toBeInstanceOf(ApifootballError);
    fake.state.failWith = undefined;
    const wrongKey = createClient({ key: 'salah', baseUrl: fake.url });
    await expect(wrongKey.leagues()).rejects.toThrow(/Authentification failed/);
    // A failing provider never breaks the pages: they serve what the database has.
    fake.state.failWith = { status: 503, body: {} };
    football.invalidate();
    expect((await football.match(await idOf(d, 'af:900005')))!.penalties).toEqual({ home: 4, away: 3 });
    fake.state.failWith = undefined;
  });

  it('serves without waiting for a slow provider: the first sync goes on in the background', async () => {
    const source = createApifootballSource({ db: d, client: createClient({ key: fake.key, baseUrl: fake.url }), now, leagueIds: [152], prepareWaitMs: 100 });
    const asked = () => fake.calls('get_standings').length;
    const before = asked();
    // Each answer takes 1.5 s; prepare() waits 100 ms. The bound below leaves room for a busy
    // machine and still tells a prepare() that waited for an answer.
    fake.state.delayMs = 1500;
    try {
      const started = performance.now();
      expect(await source.prepare()).toMatchObject({ status: 'pending' });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(asked()).toBe(before);
      // The sync goes on to the league's standings after prepare() has returned.
      await expect.poll(asked, { timeout: 15_000 }).toBe(before + 1);
      await source.stop();
    } finally {
      fake.state.delayMs = undefined;
    }
  });

  it('asks again within minutes, not the hour, when every league failed (the provider was down at the start)', async () => {
    const source = createApifootballSource({ db: d, client: createClient({ key: fake.key, baseUrl: fake.url }), now, leagueIds: [152, 302], fixturesRetryMs: 50, log: () => undefined });
    fake.state.failWith = { status: 503, body: {} };
    try {
      expect(await source.prepare()).toMatchObject({ status: 'failed' });
    } finally {
      fake.state.failWith = undefined;
    }
    const asked = () => fake.calls('get_events').filter((r) => r.searchParams.get('league_id') === '302').length;
    const before = asked();
    await source.start();
    await new Promise((r) => setTimeout(r, 500));
    await source.stop();
    expect(asked()).toBe(before + 1);

    // The same when the start stopped waiting for a slow first sync, which then failed in the background.
    const late = createApifootballSource({ db: d, client: createClient({ key: fake.key, baseUrl: fake.url }), now, leagueIds: [152, 302], fixturesRetryMs: 50, prepareWaitMs: 50, log: () => undefined });
    const beforeLate = asked();
    Object.assign(fake.state, { failWith: { status: 503, body: {} }, delayMs: 150 });
    try {
      expect(await late.prepare()).toMatchObject({ status: 'pending' });
      await late.start();
      await expect.poll(asked, { timeout: 5000 }).toBe(beforeLate + 1);
      // Its answer, a 503 after 150 ms, comes while the provider is still down.
      await new Promise((r) => setTimeout(r, 400));
    } finally {
      Object.assign(fake.state, { failWith: undefined, delayMs: undefined });
    }
    await expect.poll(asked, { timeout: 5000 }).toBeGreaterThan(beforeLate + 1);
    await late.stop();
  });

  it('waits a bounded time for a slow provider on a match page, and asks a failing one once a minute, not per visitor', async () => {
    const cfg = config.load({ APIFOOTBALL_KEY: fake.key, APIFOOTBALL_URL: fake.url, LOG_LEVEL: 'silent', PREDICTIONS_SOURCE: 'provider' });
    const slow = createFootball(cfg, d, { now, onDemandWaitMs: 100 });
    const id = await idOf(d, 'af:900004');
    fake.state.delayMs = 5000;
    try {
      const started = performance.now();
      const page = await slow.matchPage(id);
      expect(page?.match.home.name).toBeTruthy();
      // Three calls in a row (the match, then head-to-head and prediction) of 100 ms each at most,
      // where the provider takes 5 s: far under one answer, with room for a busy machine.
      expect(performance.now() - started).toBeLessThan(2500);
    } finally {
      fake.state.delayMs = undefined;
    }

    const fresh = createFootball(cfg, d, { now });
    const other = await idOf(d, 'af:900005');
    const asked = () => fake.calls('get_predictions').filter((r) => r.searchParams.get('match_id') === '900005').length;
    const before = asked();
    fake.state.failWith = { status: 503, body: {} };
    try {
      for (let i = 0; i < 5; i++) await fresh.prediction(other);
    } finally {
      fake.state.failWith = undefined;
    }
    expect(asked()).toBe(before + 1);
  });

  it('stops showing and following a match left live hours after its kick-off (the provider dropped it)', async () => {
    const id = await idOf(d, 'af:900001');
    const [saved] = await d.select({ status: footballMatches.status, kickoffAt: footballMatches.kickoffAt }).from(footballMatches).where(eq(footballMatches.id, id));
    await d.update(footballMatches).set({ status: 'live', minute: '67', kickoffAt: new Date(NOW.getTime() - 5 * 3_600_000) }).where(eq(footballMatches.id, id));
    try {
      const source = createApifootballSource({ db: d, client: createClient({ key: fake.key, baseUrl: fake.url }), now });
      const refetched = () => fake.calls('get_events').filter((r) => r.searchParams.get('match_id') === '900001').length;
      const before = refetched();
      await source.syncLive();
      expect(refetched()).toBe(before);
      football.invalidate();
      expect((await football.live()).map((m) => m.id)).not.toContain(id);
      expect((await football.byDate('2026-11-21')).find((m) => m.id === id)).toMatchObject({ state: 'no_result', score: null });
      // The live list is asked for yesterday too: a late kick-off is still played after midnight.
      const live = fake.calls('get_events').filter((r) => r.searchParams.get('match_live') === '1').at(-1)!;
      expect([live.searchParams.get('from'), live.searchParams.get('to')]).toEqual(['2026-11-20', '2026-11-21']);
    } finally {
      await d.update(footballMatches).set(saved!).where(eq(footballMatches.id, id));
      football.invalidate();
    }
  });

  it('follows a fixture moved out of the week: asked for by its id, it takes its new day', async () => {
    const e = fake.event('900003');
    const saved = e['match_date'];
    const later = new Date(NOW.getTime() + 10 * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10);
    e['match_date'] = later;
    try {
      const source = createApifootballSource({ db: d, client: createClient({ key: fake.key, baseUrl: fake.url }), now, leagueIds: [302] });
      await source.syncFixtures();
      expect(fake.calls('get_events').some((r) => r.searchParams.get('match_id') === '900003')).toBe(true);
      const [row] = await d.select({ kickoffAt: footballMatches.kickoffAt }).from(footballMatches).where(eq(footballMatches.externalId, 'af:900003'));
      expect(row!.kickoffAt.toISOString()).toBe(new Date(`${later}T02:00:00+07:00`).toISOString());
    } finally {
      e['match_date'] = saved;
    }
  });

  it('refuses an answer larger than its limit', async () => {
    const small = createClient({ key: fake.key, baseUrl: fake.url, maxBytes: 1000 });
    await expect(small.events({ from: '2026-11-20', to: '2026-11-28' })).rejects.toThrow(/larger than 1000 bytes/);
    expect((await createClient({ key: fake.key, baseUrl: fake.url }).events({ from: '2026-11-20', to: '2026-11-28' })).length).toBeGreaterThan(3);
  });

  it('stores the rest of a live update when one row holds what the database cannot, and keeps a team name a row brings empty', async () => {
    const source = football.source as ReturnType<typeof createApifootballSource>;
    const good = fake.event('900006');
    const bad = fake.event('900007');
    const saved = { good: { ...good }, bad: { ...bad } };
    try {
      Object.assign(good, { match_status: '70', match_live: '1', match_hometeam_score: '2', match_awayteam_score: '1' });
      // A score past PostgreSQL's integer, a NUL in a text, and no home team name: each failed the
      // insert of the whole batch (every live score froze) or blanked the team on every page.
      Object.assign(bad, { match_status: '71', match_live: '1', match_hometeam_score: '99999999999', match_awayteam_score: '0', match_referee: 'Wasit\u0000 Satu', match_hometeam_name: '' });
      await source.syncLive();
      expect(await football.match(await idOf(d, 'af:900006'))).toMatchObject({ state: 'live', minute: '70', score: { home: 2, away: 1 } });
      const stored = (await football.match(await idOf(d, 'af:900007')))!;
      expect(stored).toMatchObject({ state: 'live', minute: '71', referee: 'Wasit Satu', home: { name: 'Klub Satu' } });
    } finally {
      Object.assign(good, saved.good);
      Object.assign(bad, saved.bad, { match_status: 'Finished', match_live: '0' });
      await source.syncLive();
    }
  });

  it('runs the schedule: live polling on its interval, until stopped', async () => {
    Object.assign(fake.event('900006'), { match_status: '75', match_live: '1' });
    const source = createApifootballSource({ db: d, client: createClient({ key: fake.key, baseUrl: fake.url }), now, liveTickMs: 50 });
    await source.syncLive();
    const live = () => fake.calls('get_events').filter((r) => r.searchParams.get('match_live') === '1').length;
    const before = live();
    await source.start();
    await new Promise((r) => setTimeout(r, 400));
    await source.stop();
    const during = live();
    expect(during).toBeGreaterThan(before + 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(live()).toBe(during);
  });
});
