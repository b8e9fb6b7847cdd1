// FOOTBALL_CLOCK replays the embedded data at an instant; one before the data's last result would
// show that result as played before its day. The server refuses such a clock at start.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boot, shutdown } from '../../src/lib/server/boot.ts';

const env = (clock: string) => ({
  PGLITE_DIR: 'memory://',
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

  it('starts with a clock after it', async () => {
    const services = await boot({ env: env('2026-07-20T12:00:00+07:00'), predictions: false });
    try {
      expect((await services.football.lastResultAt())?.toISOString()).toBe('2026-07-19T19:00:00.000Z');
    } finally {
      await shutdown(services);
    }
  });
});
