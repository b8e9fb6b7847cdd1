// FOOTBALL_CLOCK replays the embedded data at an instant; one before the data's last result would
// show that result as played before its day. The server refuses such a clock at start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boot, shutdown } from '../../src/lib/server/boot.ts';
import { createMatchResultService } from '../../src/lib/server/admin/matches.ts';
import { newUnfinishedMatch } from '../support/admin-routes.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-clock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const env = (clock: string, pgliteDir = 'memory://') => ({
  PGLITE_DIR: pgliteDir,
  LOG_LEVEL: 'silent',
  FOOTBALL_DATA_DIR: path.resolve('tests/fixtures/football-mini'),
  FOOTBALL_CLOCK: clock,
});

describe('FOOTBALL_CLOCK and the results in the data', () => {
  // The fixtures' last result is the 2026 World Cup final, 19 July 2026 at 15:00 UTC-4 (19:00Z).
  it('refuses a clock before the last result, naming it', async () => {
    await expect(boot({ env: env('2026-07-19T12:00:00+07:00'), predictions: false })).rejects.toThrow(
      'FOOTBALL_CLOCK 2026-07-19T12:00:00+07:00 is before the last result in the football data (a match on 2026-07-19T19:00:00.000Z)',
    );
  });

  it('starts with a clock after it, and again after an admin entered a result the running clock allowed', async () => {
    const clock = '2026-07-20T12:00:00+07:00';
    const services = await boot({ env: env(clock, dir), predictions: false });
    try {
      expect((await services.football.lastDataResultAt())?.toISOString()).toBe('2026-07-19T19:00:00.000Z');
      // The clock has run on a day: a match that kicked off a few hours after the instant gets its result.
      const id = await newUnfinishedMatch(services, 6 * 3_600_000);
      const later = createMatchResultService(services.db, { now: () => new Date(Date.parse(clock) + 86_400_000), invalidate: () => {} });
      await later.setResult({ adminId: null, username: 'uji', ip: '127.0.0.1' }, id, { status: 'finished', htHome: 1, htAway: 0, ftHome: 2, ftAway: 1 });
      expect((await services.football.match(id))?.state).toBe('finished');
    } finally {
      await shutdown(services);
    }
    const again = await boot({ env: env(clock, dir), predictions: false });
    await shutdown(again);
  });
});
