// A page whose database is away or broken: the visitor gets the site's own screen with the true
// status, 503 'Server sedang sibuk' (try again) or 500 'Terjadi kesalahan', never a 200 with half a
// page. The server under test is started here on a database of its own, reached through a TCP relay
// that the test cuts as a database outage would.
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { expect, test } from './support/test.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { TEST_FOOTBALL_CLOCK } from '../support/clock.ts';

test('the busy screen has no address of its own: asked for, it is the 404 screen', async ({ page }) => {
  const res = await page.goto('/503');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
});

const databaseUrl = process.env['DATABASE_URL'];

test.describe('with the database away or broken (PostgreSQL)', () => {
  // The embedded database lives inside the server's process: it cannot go away on its own.
  test.skip(!databaseUrl, 'needs DATABASE_URL (PostgreSQL)');

  const port = Number(process.env['E2E_PORT'] ?? 4330) + 2;
  const base = `http://127.0.0.1:${port}`;
  let admin: pg.Client;
  let dbName: string;
  let proxy: TcpProxy;
  let server: ChildProcess | undefined;

  /** Runs SQL on the server's own database, not through the relay. */
  async function onServerDb(sql: string): Promise<void> {
    const url = new URL(databaseUrl!);
    url.pathname = `/${dbName}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const url = new URL(databaseUrl!);
    dbName = `${url.pathname.slice(1)}_down`;
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.query(`create database "${dbName}"`);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const relayed = new URL(databaseUrl!);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(proxy.port);
    relayed.pathname = `/${dbName}`;
    server = spawn(process.execPath, ['src/main.ts'], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: relayed.toString(),
        LOG_LEVEL: 'silent',
        APIFOOTBALL_KEY: '',
        FOOTBALL_CLOCK: TEST_FOOTBALL_CLOCK,
      },
      stdio: 'ignore',
    });
    // Migrated, seeded and the football data imported before it listens.
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 300) throw new Error('the server on the relayed database did not start');
      await new Promise((r) => setTimeout(r, 300));
    }
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await proxy?.close();
    await admin?.query(`drop database if exists "${dbName}" with (force)`);
    await admin?.end();
  });

  test('an outage is the busy screen with 503 and Retry-After, and "Coba lagi" loads the page once it is back', async ({ page }) => {
    const res = await page.request.get(`${base}/api/v1/football/matches?view=incoming`);
    const [match] = ((await res.json()) as { matches: { id: number; home: { name: string }; away: { name: string } }[] }).matches;
    expect(match).toBeDefined();
    // Served while the database is there (and the site's settings are read and cached).
    expect((await page.goto(`${base}/klasemenhome?league=152&season=2023-24`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Premier League 2023-24' })).toBeVisible();

    await proxy.cut();
    // The match page reads in its own frontmatter; the table is read by a component inside the
    // page, which a streamed page would already have answered 200.
    for (const address of [`/match/${match!.id}`, '/klasemenhome?league=152&season=2022-23']) {
      const busy = await page.goto(base + address);
      expect(busy?.status()).toBe(503);
      expect(busy?.headers()['retry-after']).toBe('5');
      await expect(page).toHaveTitle('Server sedang sibuk | Gelora');
      await expect(page.getByRole('heading', { name: 'Server sedang sibuk' })).toBeVisible();
      await expect(page.getByText('Server sedang sibuk. Silahkan coba lagi sebentar lagi.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Coba lagi' })).toHaveAttribute('href', address);
    }
    // The API says the same.
    const api = await page.request.get(`${base}/api/v1/football/standings?league=152&season=2021-22`);
    expect(api.status()).toBe(503);
    expect(await api.json()).toEqual({ message: 'Server sedang sibuk. Silahkan coba lagi sebentar lagi.' });

    await proxy.restore();
    await page.getByRole('link', { name: 'Coba lagi' }).click();
    await expect(page.getByRole('heading', { name: 'Premier League 2022-23' })).toBeVisible();
    expect(page.url()).toBe(`${base}/klasemenhome?league=152&season=2022-23`);
  });

  test('a query that fails inside a page is the 500 screen with status 500, not a 200 with half a page', async ({ page }) => {
    await onServerDb('alter table football_standings rename to football_standings_gone');
    try {
      const res = await page.goto(`${base}/klasemenhome?league=152&season=2021-22`);
      expect(res?.status()).toBe(500);
      await expect(page.getByRole('heading', { name: 'Terjadi kesalahan' })).toBeVisible();
      await expect(page.getByText('Maaf, terjadi kesalahan pada server. Silahkan coba beberapa saat lagi.')).toBeVisible();
    } finally {
      await onServerDb('alter table football_standings_gone rename to football_standings');
    }
    const back = await page.goto(`${base}/klasemenhome?league=152&season=2021-22`);
    expect(back?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Premier League 2021-22' })).toBeVisible();
  });
});
