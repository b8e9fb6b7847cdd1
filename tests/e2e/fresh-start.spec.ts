// `npm start` on a fresh embedded database, as a new user runs it: the command itself (npm, then
// scripts/start.ts with its flags, which finds the build made before the e2e run and does not build
// again), a new PGlite directory that it migrates, seeds and fills with the open data, and the model
// fitted at boot. Every fixture still to come has a stored forecast, and /prediksi and the match
// page's Prediksi tab show them. SIGTERM stops it cleanly, and a second start on that database finds
// everything there. The other specs use a server started by playwright.config.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test.ts';
import { addDays, type Summary } from './support/football.ts';
import { TEST_FOOTBALL_CLOCK } from '../support/clock.ts';
import { freePort } from '../support/ports.ts';
import { sourceStamp, stampFile } from '../../scripts/build-stamp.ts';

let origin = '';
const MODEL_LABEL = 'Sumber: Prediksi model statistik Gelora — bukan jaminan hasil';
/** The open data's last fixtures (the Premier League's 2026-27 season) are in May 2027, six months from the clock: this is ahead of them. */
const DAYS_AHEAD = 240;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ChildProcess;
let output = '';
/** The new embedded database's folder, made in beforeAll (Playwright also loads this file in processes that run no test). */
let dir = '';

/** Runs `npm start` on the embedded database in `dir` and waits until it serves. */
async function start(): Promise<void> {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  output = '';
  // Every setting npm start could otherwise take from a developer's .env is given here (node's
  // --env-file fills only what is unset): an empty DATABASE_URL is the embedded database.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: '',
    PGLITE_DIR: dir,
    SITE_URL: process.env['SITE_URL'] ?? '',
    LOG_LEVEL: 'warn',
    FOOTBALL_CLOCK: TEST_FOOTBALL_CLOCK,
    APIFOOTBALL_KEY: '',
  };
  server = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 170_000;
  const ended = () => server.exitCode !== null || server.signalCode !== null;
  for (;;) {
    if (ended() || Date.now() > deadline) throw new Error(`npm start did not serve on ${origin}:\n${output}`);
    const up = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (up && !ended()) break;
    await new Promise((r) => setTimeout(r, 500));
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // npm start builds when the build's stamp does not match the sources: that would rebuild dist/
  // under the server the other specs use. npm run test:e2e builds (and stamps) just before.
  expect(fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === sourceStamp(), 'the build is not of these sources: npm run build first').toBe(true);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-fresh-'));
  await start();
});

/** Whether any process of the group is left (npm may exit before the server under it has closed its database). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A signal to npm and the node under it: the whole process group, as a terminal's Ctrl-C or a service manager sends it. */
function signalGroup(name: NodeJS.Signals): void {
  try {
    process.kill(-server.pid!, name);
  } catch {
    /* the group has ended */
  }
}

/**
 * SIGTERM to the group, unless `signalled` says the caller has sent its own. A group still there
 * after 15 s is killed. Resolves when the group is gone, or after 20 s, with whether it had to be killed.
 */
async function stop(signalled = false): Promise<{ killed: boolean }> {
  const pid = server.pid!;
  let killed = false;
  if (!signalled) signalGroup('SIGTERM');
  for (let waited = 0; groupAlive(pid) && waited < 20_000; waited += 100) {
    if (waited === 15_000) {
      killed = true;
      signalGroup('SIGKILL');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { killed };
}

test.afterAll(async () => {
  if (server?.pid && groupAlive(server.pid)) await stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('npm start on a fresh database stores a forecast for every fixture still to come', async ({ request }) => {
  expect(output).not.toContain('Building Gelora');
  const today = ((await (await request.get(`${origin}/api/v1/football/matches?view=incoming`)).json()) as { today: string }).today;
  let fixtures = 0;
  for (let i = 0; i <= DAYS_AHEAD; i++) {
    const day = addDays(today, i);
    const [matches, predicted] = await Promise.all([
      request.get(`${origin}/api/v1/football/matches?view=date&date=${day}`).then(async (r) => ((await r.json()) as { matches: Summary[] }).matches),
      request.get(`${origin}/api/v1/football/predictions?from=${day}&to=${day}&limit=200`).then(async (r) => ((await r.json()) as { items: { match: Summary }[] }).items),
    ]);
    // Today's earlier matches have kicked off; from tomorrow on every match is still to come.
    const toCome = matches.filter((m) => m.state === 'upcoming' || m.state === 'postponed').map((m) => m.id);
    if (i > 0) expect(toCome, day).toEqual(matches.map((m) => m.id));
    const forecast = new Set(predicted.map((p) => p.match.id));
    expect(toCome.filter((id) => !forecast.has(id)), `${day}: fixtures without a forecast`).toEqual([]);
    fixtures += toCome.length;
  }
  // The Premier League's and the Championship's 2026-27 seasons run on for months.
  expect(fixtures).toBeGreaterThan(500);
});

test('/prediksi and the Prediksi tab show the stored forecasts, labelled as the model', async ({ page, request }) => {
  const today = ((await (await request.get(`${origin}/api/v1/football/matches?view=incoming`)).json()) as { today: string }).today;
  let day = today;
  let items: { match: Summary; prediction: { homeWin: number; draw: number; awayWin: number } }[] = [];
  for (let i = 1; i < 30 && items.length === 0; i++) {
    day = addDays(today, i);
    items = ((await (await request.get(`${origin}/api/v1/football/predictions?from=${day}&to=${day}`)).json()) as { items: typeof items }).items;
  }
  expect(items.length).toBeGreaterThan(0);
  const { match, prediction } = items[0]!;

  await page.goto(`${origin}/prediksi?dari=${day}&hingga=${day}`);
  await expect(page.locator('li.fb-pred')).toHaveCount(items.length);
  const row = page.locator('li.fb-pred').filter({ hasText: match.home.name }).filter({ hasText: match.away.name });
  await expect(row.locator('.fb-pill')).toHaveCount(3);
  await expect(page.getByText(MODEL_LABEL)).toBeVisible();

  await page.goto(`${origin}/match/${match.id}?tab=prediksi`);
  const panel = page.getByRole('tabpanel', { name: 'Prediksi' });
  const shown = (await panel.getByRole('row', { name: /1X2/ }).locator('.fb-pill').allTextContents()).map((t) => Number(t.replace('%', '')));
  expect(shown).toHaveLength(3);
  [prediction.homeWin, prediction.draw, prediction.awayWin].forEach((p, i) => expect(Math.abs(shown[i]! - p)).toBeLessThan(1));
  await expect(panel).toContainText(MODEL_LABEL);
});

test('SIGTERM ends npm start cleanly, and the next start on the same database finds what the first stored', async ({ request }) => {
  // What the first start stored: its first import of the open data, a member who registered
  // moments before the stop, and the forecasts of tomorrow's fixtures.
  expect(output).toMatch(/\[football\] .*: imported/);
  const username = `m${Date.now().toString(36)}`.slice(0, 12);
  const registered = await request.post(`${origin}/api/v1/auth/register`, {
    data: { username, password: 'Rahasia1', passwordConfirm: 'Rahasia1', phone: '081234567890', email: `${username}@gmail.com`, birthDate: '1995-05-17', agree: true },
  });
  expect(registered.status()).toBe(201);
  const today = ((await (await request.get(`${origin}/api/v1/football/matches?view=incoming`)).json()) as { today: string }).today;
  const forecasts = async () => (await (await request.get(`${origin}/api/v1/football/predictions?from=${addDays(today, 1)}&to=${addDays(today, 7)}&limit=200`)).json()) as { items: unknown[] };
  const before = await forecasts();
  expect(before.items.length).toBeGreaterThan(0);

  const first = output;
  // A request under way when the signal comes, its body not yet sent, holds the shutdown up; the
  // signal comes twice meanwhile, as where npm's script shell (bash) runs node in its own place and
  // npm passes on the one it got. The request is answered once its body arrives.
  const socket = net.connect(Number(new URL(origin).port), '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  // A server killed by the second signal has closed the connection before the body is written.
  socket.on('error', () => {});
  const closed = once(socket, 'close');
  socket.write('POST /api/v1/tidak-ada HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n');
  await expect.poll(() => received).toContain('100 Continue');
  signalGroup('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  signalGroup('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  socket.write('{}');
  const sent = Date.now();
  await closed;
  expect(received).toMatch(/HTTP\/1\.1 404 /);
  // Answered, then closed as it fell idle: not held open until the 10 s grace period ran out.
  expect(Date.now() - sent).toBeLessThan(5_000);
  // main.ts's handler closes the server and the database, which releases the embedded database's
  // lock, and exits (npm itself dies of the signal). Killed by the first signal or the second,
  // node would leave the lock behind for the next start to find stale.
  expect(await stop(true)).toEqual({ killed: false });
  expect(fs.existsSync(path.join(dir, 'gelora.lock'))).toBe(false);
  expect(output, 'printed while stopping').toBe(first);

  await start();
  // Nothing to import again, and the stored forecasts are current: the second start says nothing.
  expect(output).not.toContain('[football]');
  expect(output).not.toContain('[predictions]');
  expect(await forecasts()).toEqual(before);
  const login = await request.post(`${origin}/api/v1/auth/login`, { data: { username, password: 'Rahasia1' } });
  expect(login.status()).toBe(200);
});
