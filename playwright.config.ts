import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/support/chromium.ts';
import { TEST_FOOTBALL_CLOCK } from './tests/support/clock.ts';

// End-to-end tests drive Debian's Chromium against the built site, served by src/main.ts as
// `npm start` serves it (fresh-start.spec.ts runs `npm start` itself, on a new embedded database). The database is PostgreSQL when DATABASE_URL is set,
// otherwise a throw-away in-memory PGlite. Its football clock starts at TEST_FOOTBALL_CLOCK, a day
// the embedded data covers.
const port = Number(process.env['E2E_PORT'] ?? 4330);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  webServer: {
    command: 'node src/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      PGLITE_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      FOOTBALL_CLOCK: TEST_FOOTBALL_CLOCK,
      // The embedded data, whatever the shell exports (the clock is refused with a provider key).
      APIFOOTBALL_KEY: '',
      ...(process.env['DATABASE_URL'] ? { DATABASE_URL: process.env['DATABASE_URL'] } : {}),
    },
  },
});
