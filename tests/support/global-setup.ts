// Before the integration suites: when DATABASE_URL is set, build one migrated template database
// on that server; each suite then copies it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
import pg from 'pg';
import * as dbClient from '../../src/lib/server/db/client.ts';
import * as migrations from '../../src/lib/server/db/migrate.ts';
import { templateName } from './pg-template.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const base = process.env['DATABASE_URL'];
  if (!base) return async () => {};
  const tpl = templateName(base);
  const adminUrl = new URL(base);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.href });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${tpl}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${tpl}"`);
  const tplUrl = new URL(base);
  tplUrl.pathname = `/${tpl}`;
  const database = await dbClient.open({ databaseUrl: tplUrl.href, pgliteDir: 'memory://', poolSize: 1 });
  await migrations.run(database);
  await database.close();
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${tpl}" WITH (FORCE)`);
    await admin.end();
  };
}
