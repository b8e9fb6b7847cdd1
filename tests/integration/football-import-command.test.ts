// `npm run football:import` with an apifootball.com key, run as the operator runs it (a child
// process on its own embedded database) against the fake provider on loopback.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { startFakeApifootball, type FakeApifootball } from '../support/fake-apifootball.ts';
import * as dbClient from '../../src/lib/server/db/client.ts';
import { footballMatches } from '../../src/lib/server/db/schema/index.ts';
import { addDays } from '../../src/lib/shared/football/dates.ts';
import { wibDateKey } from '../../src/lib/shared/format.ts';

const run = promisify(execFile);
const script = path.resolve('scripts/football-import.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-import-'));

async function footballImport(fake: FakeApifootball): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, APIFOOTBALL_KEY: fake.key, APIFOOTBALL_URL: fake.url, PGLITE_DIR: dir, LOG_LEVEL: 'warn' };
  delete env['DATABASE_URL'];
  return run(process.execPath, [script], { env, maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

/** The sync's report, one of the JSON objects the command prints between the model's log lines. */
const report = (stdout: string) => JSON.parse(/^\{\n {2}"source"[\s\S]*?\n\}$/m.exec(stdout)![0]) as Record<string, unknown>;

describe('npm run football:import with apifootball.com', { timeout: 120_000 }, () => {
  let fake: FakeApifootball;
  beforeAll(async () => {
    fake = await startFakeApifootball();
  });
  afterAll(async () => {
    await fake.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the whole first sync, however slow the provider, before it refits and closes the database', async () => {
    // The Premier League's fixtures and table take 11 s each (under the client's 15-s timeout):
    // the sync outlasts the 20 s a server's start waits for it.
    fake.state.delayIf = (q) => (q.get('league_id') === '152' && ['get_events', 'get_standings'].includes(q.get('action')!) ? 11_000 : undefined);
    const { code, stdout, stderr } = await footballImport(fake).finally(() => (fake.state.delayIf = undefined));

    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(report(stdout)).toMatchObject({ source: 'apifootball', status: 'synced' });
    expect(report(stdout)).not.toHaveProperty('failedLeagues');
    expect(stdout).toContain('"predictions": {');

    // The slow league's fixtures (yesterday to a week ahead, WIB) were stored before the database closed.
    const today = wibDateKey(new Date());
    const window = [addDays(today, -1), addDays(today, 7)] as const;
    const database = await dbClient.open({ pgliteDir: dir });
    try {
      const [row] = await database.db.select({ n: count() }).from(footballMatches).where(eq(footballMatches.leagueId, 152));
      const fixtures = fake.state.events.filter((e) => e['league_id'] === '152' && String(e['match_date']) >= window[0] && String(e['match_date']) <= window[1]);
      expect(fixtures.length).toBeGreaterThan(0);
      expect(row!.n).toBe(fixtures.length);
    } finally {
      await database.close();
    }
  });

  it('ends with exit code 1 when a league failed, after storing the others', async () => {
    fake.state.failIf = (q) => (q.get('league_id') === '302' && q.get('action') === 'get_events' ? { status: 500, body: {} } : undefined);
    const { code, stdout } = await footballImport(fake).finally(() => (fake.state.failIf = undefined));

    expect(code).toBe(1);
    expect(report(stdout)).toMatchObject({ source: 'apifootball', status: 'synced', failedLeagues: 1 });
  });
});
