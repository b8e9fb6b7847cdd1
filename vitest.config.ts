import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A forgotten it.only would skip the rest of its file without a word; fail the run instead.
    allowOnly: false,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite boots a WebAssembly Postgres per file; two at a time suits a 2-core machine.
          maxWorkers: 2,
        },
      },
    ],
  },
});
