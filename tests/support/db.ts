// Runs a suite on every database driver the machine offers: PGlite always, PostgreSQL when
// DATABASE_URL is set. Each suite gets its own fresh, migrated database (on PostgreSQL a copy of
// the template made by global-setup.ts), so files can run in parallel.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import pg from 'pg';
import * as dbClient from '../../src/lib/server/db/client.ts';
import * as migrations from '../../src/lib/server/db/migrate.ts';
import * as seed from '../../src/lib/server/db/seed.ts';
import * as config from '../../src/lib/server/config.ts';
import { shutdown } from '../../src/lib/server/boot.ts';
import { createServices, type Services } from '../../src/lib/server/context.ts';
import { templateName } from './pg-template.ts';

export type DriverName = 'pglite' | 'postgres';

export interface TestDb {
  database: dbClient.Database;
  services: Services;
  driver: DriverName;
}

export async function adminQuery(databaseUrl: string, sqlText: string): Promise<void> {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

export interface TestDbOptions {
  seed?: boolean;
  /** Configuration beside the test defaults (e.g. FOOTBALL_CLOCK). */
  env?: NodeJS.ProcessEnv;
}

export async function openTestDb(driver: DriverName, opts: TestDbOptions = {}): Promise<TestDb & { close(): Promise<void> }> {
  let database: dbClient.Database;
  let drop = async () => {};
  const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'silent', PGLITE_DIR: 'memory://', ...opts.env };
  if (driver === 'postgres') {
    const base = process.env['DATABASE_URL']!;
    const name = `gelora_t_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE "${name}" TEMPLATE "${templateName(base)}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    env['DATABASE_URL'] = url.href;
    database = await dbClient.open({ databaseUrl: url.href, pgliteDir: 'memory://', poolSize: 5 });
    drop = () => adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } else {
    database = await dbClient.open({ pgliteDir: 'memory://' });
    await migrations.run(database);
  }
  if (opts.seed ?? true) await seed.run(database.db);
  const services = createServices(config.load(env), database);
  return {
    database,
    services,
    driver,
    close: async () => {
      // As the server shuts down: no refit scheduled by the suite runs against a closed database.
      await shutdown(services);
      await drop();
    },
  };
}

export const drivers: DriverName[] = process.env['DATABASE_URL'] ? ['pglite', 'postgres'] : ['pglite'];

/** describe() once per driver; `db()` gives the suite's database inside tests and hooks. */
export function describeEachDb(title: string, fn: (db: () => TestDb) => void, opts: TestDbOptions = {}): void {
  describe.each(drivers)(`${title} [%s]`, (driver) => {
    let current: (TestDb & { close(): Promise<void> }) | undefined;
    beforeAll(async () => {
      current = await openTestDb(driver, opts);
    });
    afterAll(async () => {
      await current?.close();
    });
    fn(() => {
      if (!current) throw new Error('test database not open yet');
      return current;
    });
  });
}
