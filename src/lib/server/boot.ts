// Opens the database, brings it up to date and registers the services: what every entry point
// (server, scripts, tests) does first.
import * as config from './config.ts';
import * as dbClient from './db/client.ts';
import * as migrations from './db/migrate.ts';
import * as seed from './db/seed.ts';
import * as context from './context.ts';

export interface BootOptions {
  env?: NodeJS.ProcessEnv;
  migrate?: boolean;
  seed?: boolean;
}

export async function boot(opts: BootOptions = {}) {
  const cfg = config.load(opts.env);
  const database = await dbClient.open({ databaseUrl: cfg.DATABASE_URL, pgliteDir: cfg.PGLITE_DIR });
  try {
    if (opts.migrate ?? true) await migrations.run(database);
    if (opts.seed ?? true) await seed.run(database.db);
  } catch (err) {
    await database.close();
    throw err;
  }
  const services = context.createServices(cfg, database);
  context.register(services);
  return services;
}
