// The football JSON API over the quirks fixture, with predictions written as the model will write them.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '../support/db.ts';
import { createServer } from '../../src/api/server.ts';
import * as importer from '../../src/lib/server/football/importer.ts';
import { createFootballService } from '../../src/lib/server/football/service.ts';
import { footballMatches, footballPredictions } from '../../src/lib/server/db/schema/index.ts';
import type { Db } from '../../src/lib/server/db/client.ts';
import type { Services } from '../../src/lib/server/context.ts';

const mini = path.resolve('tests/fixtures/football-mini');

async function idOf(db: Db, key: string): Promise<number> {
  const [row] = await db.select({ id: footballMatches.id }).from(footballMatches).where(eq(footballMatches.externalId, key));
  return row!.id;
}

function prediction(matchId: number, homeWin: number, draw: number, awayWin: number) {
  return {
    matchId,
    source: 'Model uji',
    probHomeWin: homeWin,
    probDraw: draw,
    probAwayWin: awayWin,
    probHomeOrDraw: homeWin + draw,
    probAwayOrDraw: awayWin + draw,
    probHomeOrAway: homeWin + awayWin,
    probOver15: 70,
    probUnder15: 30,
    probOver25: 48,
    probUnder25: 52,
    probOver35: 22,
    probUnder35: 78,
  };
}

describeEachDb('football API', (db) => {
  let app: FastifyInstance;
  let ids: Record<string, number>;
  beforeAll(async () => {
    const d = db().database.db;
    await importer.importEmbedded(d, mini);
    ids = {
      mufc: await idOf(d, 'of:en.1:2019-20::Matchday 1:Manchester United:Chelsea FC'),
      chelsea: await idOf(d, 'of:en.1:2019-20::Matchday 2:Chelsea FC:Norwich City'),
      cl: await idOf(d, 'of:uefa.cl:2019-20::Group A:Manchester United (ENG):FC Porto (POR)'),
      wc: await idOf(d, 'of:worldcup:2022:Matchday 1:Qatar:Ecuador'),
    };
    await d.insert(footballPredictions).values([
      prediction(ids['cl']!, 45, 25, 30),
      prediction(ids['chelsea']!, 60, 25, 15),
      prediction(ids['mufc']!, 40, 30, 30),
      prediction(ids['wc']!, 30, 30, 40),
    ]);
    app = await createServer({ services: db().services, logger: false });
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject(url);

  it('lists the matches of one WIB day with their scores', async () => {
    const res = await get('/api/v1/football/matches?view=date&date=2019-08-11');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.matches).toHaveLength(1);
    expect(body.matches[0]).toMatchObject({
      id: ids['mufc'],
      league: { id: 152, name: 'Premier League', country: 'Inggris' },
      home: { name: 'Manchester United FC', badge: '' },
      away: { name: 'Chelsea FC' },
      state: 'finished',
      score: { home: 4, away: 0 },
      halftime: { home: 1, away: 0 },
    });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const other = await get('/api/v1/football/matches?view=date&date=2019-08-11&league=3');
    expect(other.json().matches).toEqual([]);
    // A date alone asks for that day: view=date is implied, not ignored in favour of the incoming list.
    const implied = await get('/api/v1/football/matches?date=2019-08-11');
    expect(implied.json()).toMatchObject({ view: 'date', matches: [{ id: ids['mufc'] }] });
  });

  it('answers bad parameters with 400 and an Indonesian message', async () => {
    const cases: [string, string][] = [
      ['/api/v1/football/matches?view=kemarin', 'Tampilan tidak valid.'],
      ['/api/v1/football/matches?view=date', 'Silahkan pilih tanggal'],
      ['/api/v1/football/matches?view=date&date=2026-02-30', 'Tanggal tidak valid'],
      ['/api/v1/football/matches?view=incoming&date=2019-08-11', 'Tanggal hanya dipakai dengan view=date.'],
      ['/api/v1/football/matches?view=live&date=2019-08-11', 'Tanggal hanya dipakai dengan view=date.'],
      ['/api/v1/football/matches?league=abc', 'Liga tidak valid.'],
      ['/api/v1/football/matches?league=-5', 'Liga tidak valid.'],
      ['/api/v1/football/matches/abc', 'ID pertandingan tidak valid.'],
      ['/api/v1/football/matches/99999999999', 'ID pertandingan tidak valid.'],
      ['/api/v1/football/standings?season=musim-lalu', 'Musim tidak valid.'],
      ['/api/v1/football/predictions', 'Silahkan pilih tanggal'],
      ['/api/v1/football/predictions?from=2019-08-11', 'Silahkan pilih tanggal'],
      ['/api/v1/football/predictions?from=2019-08-11&to=2019-08-10', 'Tanggal tidak valid'],
      ['/api/v1/football/predictions?from=bukan&to=2019-08-10', 'Tanggal tidak valid'],
      ['/api/v1/football/predictions?from=2019-08-01&to=2019-10-01', 'Rentang tanggal maksimal 31 hari.'],
      ['/api/v1/football/predictions?from=2019-08-01&to=2019-08-02&offset=-1', 'Halaman tidak valid.'],
      ['/api/v1/football/matches?league=152&league=3', 'Liga tidak valid.'],
      ['/api/v1/football/matches?view=date&date=2026-11-21&date=2026-11-22', 'Tanggal tidak valid'],
      ['/api/v1/football/predictions?from=2019-08-11&from=2019-08-12&to=2019-08-12', 'Tanggal tidak valid'],
      ['/api/v1/football/standings?season=2025-26&season=2024-25', 'Musim tidak valid.'],
      ['/api/v1/football/standings?league=1e99', 'Liga tidak valid.'],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });

  it('serves a match with its events, and 404 for an unknown one', async () => {
    const res = await get(`/api/v1/football/matches/${ids['wc']}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ venue: 'Al Bayt Stadium, Al Khor', events: { goals: [{ minute: '16' }, { minute: '31' }] }, lineups: null });
    const missing = await get('/api/v1/football/matches/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Pertandingan tidak ditemukan.' });
    expect((await get('/api/v1/football/matches/987654/h2h')).statusCode).toBe(404);
    expect((await get('/api/v1/football/matches/987654/prediction')).statusCode).toBe(404);
  });

  it('serves head-to-head and last matches', async () => {
    const res = await get(`/api/v1/football/matches/${ids['chelsea']}/h2h`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.headToHead).toEqual([]);
    expect(body.homeLast.map((m: { id: number }) => m.id)).toEqual([ids['mufc']]);
  });

  it('serves standings by league and season, 404 for a season without data', async () => {
    const res = await get('/api/v1/football/standings?league=152&season=2019-20');
    expect(res.statusCode).toBe(200);
    const table = res.json();
    expect(table).toMatchObject({ league: { id: 152 }, season: '2019-20', seasons: ['2025-26', '2019-20'], source: 'computed' });
    // The awarded 3-0 counts; the cancelled and postponed games do not.
    expect(table.groups[0].rows[0]).toMatchObject({ team: { name: 'Arsenal FC' }, played: 4, points: 10 });
    expect((await get('/api/v1/football/standings?league=152')).json().season).toBe('2025-26');
    const none = await get('/api/v1/football/standings?league=152&season=1990-91');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Klasemen belum tersedia untuk liga dan musim ini.');
  });

  it('lists predictions grouped in catalogue order and pages through them', async () => {
    const res = await get('/api/v1/football/predictions?from=2019-08-01&to=2019-08-31');
    expect(res.json().items.map((p: { match: { id: number } }) => p.match.id)).toEqual([ids['mufc'], ids['chelsea']]);
    const wide = await get('/api/v1/football/predictions?from=2019-08-11&to=2019-09-10');
    expect(wide.json().total).toBe(2);
    const withCl = (await get('/api/v1/football/predictions?from=2019-09-01&to=2019-09-30')).json();
    expect(withCl.items).toHaveLength(1);
    expect(withCl.items[0]).toMatchObject({ match: { league: { id: 3 } }, prediction: { source: 'Model uji', homeWin: 45, over25: 48 } });
    const page = (await get('/api/v1/football/predictions?from=2019-08-01&to=2019-08-31&offset=1&limit=1')).json();
    expect(page).toMatchObject({ total: 2, offset: 1, limit: 1 });
    expect(page.items.map((p: { match: { id: number } }) => p.match.id)).toEqual([ids['chelsea']]);
    const league = (await get('/api/v1/football/predictions?from=2022-11-20&to=2022-11-20&league=28')).json();
    expect(league.items[0].match.id).toBe(ids['wc']);
    expect((await get('/api/v1/football/predictions?from=2022-11-20&to=2022-11-20&league=152')).json().items).toEqual([]);
  });

  it('serves one match prediction, or null when there is none', async () => {
    expect((await get(`/api/v1/football/matches/${ids['mufc']}/prediction`)).json().prediction).toMatchObject({ homeWin: 40, draw: 30, awayWin: 30 });
    const none = await idOf(db().database.db, 'of:en.1:2019-20::Matchday 14:Norwich City:Arsenal FC');
    expect((await get(`/api/v1/football/matches/${none}/prediction`)).json()).toEqual({ prediction: null });
  });

  it('serves the league catalogue with 152 as the default', async () => {
    const body = (await get('/api/v1/football/leagues')).json();
    expect(body.defaultLeague).toBe(152);
    expect(body.leagues[0]).toEqual({ id: 152, country: 'Inggris', name: 'Premier League' });
    expect(body.leagues.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([302, 207, 175, 168, 3, 4, 153, 244, 266, 28]));
  });

  it('lists every league table and season and every match, latest kick-off first, in the sitemap; new data reaches it', async () => {
    const d = db().database.db;
    const football = createFootballService(d);
    const paths = await football.sitemapPaths();
    const tables = paths.filter((p) => p.startsWith('/klasemenhome?'));
    // The fixture's Premier League 2019-20 is an earlier season (its latest table is /klasemenhome);
    // the Champions League and the World Cup are latest seasons, the 2022 World Cup an earlier one.
    expect(paths.slice(0, tables.length)).toEqual(['/klasemenhome?league=152&season=2019-20', '/klasemenhome?league=3', '/klasemenhome?league=28', '/klasemenhome?league=28&season=2022']);
    const rows = await d.select({ id: footballMatches.id, kickoffAt: footballMatches.kickoffAt }).from(footballMatches);
    const byLatest = rows.toSorted((a, b) => b.kickoffAt.getTime() - a.kickoffAt.getTime() || b.id - a.id).map((r) => `/match/${r.id}`);
    expect(paths.slice(tables.length)).toEqual(byLatest);

    // Kept until data changes: a match stored later is listed once the import's invalidate() runs.
    const [{ id: _, ...model }] = (await d.select().from(footballMatches).where(eq(footballMatches.id, ids['mufc']!))) as [typeof footballMatches.$inferSelect];
    const [added] = await d
      .insert(footballMatches)
      .values({ ...model, externalId: 'test:sitemap', kickoffAt: new Date('2030-01-01T12:00:00Z'), status: 'scheduled', homeScore: null, awayScore: null })
      .returning({ id: footballMatches.id });
    try {
      expect(await football.sitemapPaths()).not.toContain(`/match/${added!.id}`);
      football.invalidate();
      expect((await football.sitemapPaths())[tables.length]).toBe(`/match/${added!.id}`);
    } finally {
      await d.delete(footballMatches).where(eq(footballMatches.id, added!.id));
    }
  });

  describe('on a fixed clock', () => {
    let clockApp: FastifyInstance;
    beforeAll(async () => {
      const base = db().services;
      const service = createFootballService(base.database.db, { now: () => new Date('2026-05-20T00:00:00Z') });
      const services = { ...base, football: { ...service, source: base.football.source } } as Services;
      clockApp = await createServer({ services, logger: false });
    });
    afterAll(() => clockApp.close());

    it('lists coming fixtures, none live, and the popular matches of the major leagues', async () => {
      const incoming = (await clockApp.inject('/api/v1/football/matches')).json();
      expect(incoming.view).toBe('incoming');
      expect(incoming.today).toBe('2026-05-20');
      // The clock's instant, which the live score page's status line shows (not the phone's).
      expect(incoming.now).toBe('2026-05-20T00:00:00.000Z');
      // The next seven days: the final round on 24 May; the play-off on 28 May is beyond them.
      expect(incoming.matches.map((m: { home: { name: string } }) => m.home.name)).toEqual(['Arsenal FC', 'Norwich City FC']);
      expect(incoming.matches.every((m: { state: string; score: unknown }) => m.state === 'upcoming' && m.score === null)).toBe(true);
      const live = (await clockApp.inject('/api/v1/football/matches?view=live')).json();
      expect(live).toMatchObject({ now: '2026-05-20T00:00:00.000Z', matches: [] });
      const popular = (await clockApp.inject('/api/v1/football/popular')).json();
      expect(popular.matches.map((m: { league: { id: number } }) => m.league.id)).toEqual([152, 152]);
    });
  });
});
