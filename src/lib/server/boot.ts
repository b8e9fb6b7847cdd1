// Opens the database, brings it up to date and registers the services: what every entry point
// (server, scripts, tests) does first.
import * as config from './config.ts';
import * as dbClient from './db/client.ts';
import * as migrations from './db/migrate.ts';
import * as seed from './db/seed.ts';
import * as context from './context.ts';
import { errorText } from './error-text.ts';

export interface BootOptions {
  env?: NodeJS.ProcessEnv;
  migrate?: boolean;
  seed?: boolean;
  /** Bring football data up to date (the embedded import when it is not in the database yet). */
  football?: boolean;
  /** Refit the prediction model after the football data (skipped when nothing changed); default: as `football`. */
  predictions?: boolean;
}

export async function boot(opts: BootOptions = {}) {
  const cfg = config.load(opts.env);
  const database = await dbClient.open({ databaseUrl: cfg.DATABASE_URL, pgliteDir: cfg.PGLITE_DIR });
  let services: context.Services;
  try {
    // One process at a time brings a database up to date: a second one starting on the same
    // PostgreSQL database waits, then finds the work done.
    services = await database.exclusive(async () => {
      if (opts.migrate ?? true) await migrations.run(database);
      if (opts.seed ?? true) await seed.run(database.db);
      const created = context.createServices(cfg, database);
      await sealTotpSecrets(created);
      if (opts.football ?? true) await prepareFootball(created, cfg.LOG_LEVEL);
      if (cfg.FOOTBALL_CLOCK !== undefined) await checkClock(created, cfg.FOOTBALL_CLOCK);
      return created;
    });
  } catch (err) {
    await database.close();
    throw err;
  }
  if (opts.predictions ?? opts.football ?? true) {
    try {
      await services.predictions.refit();
    } catch (err) {
      console.error('[predictions] fitting the model failed:', errorText(err));
    }
  }
  context.register(services);
  return services;
}

/**
 * Ends what boot() started, in the order that loses nothing: the provider's syncs stop (stop() waits
 * for one under way), then the scheduled refits, then a refit still running finishes (closed under
 * it, its transaction failed: 'PGlite is closed'), and only then the database closes.
 */
export async function shutdown(services: context.Services): Promise<void> {
  await services.football.source.stop();
  services.predictions.stop();
  await services.predictions.settled();
  await services.database.close();
}

/**
 * A FOOTBALL_CLOCK before the last result in the football data would show results still to come as
 * played: every stored result is a known one (tables, match pages and the model take it in). The
 * server refuses such a clock instead of showing the future. Results entered in the back office do
 * not count: the clock runs on from its instant, and one entered then is no reason to stay down.
 */
async function checkClock(services: context.Services, clock: string) {
  const last = await services.football.lastDataResultAt();
  if (last && last.getTime() > Date.parse(clock)) {
    throw new config.ConfigError(
      `FOOTBALL_CLOCK ${clock} is before the last result in the football data (a match on ${last.toISOString()}): the pages would show that result as already played. Choose an instant after it, or unset FOOTBALL_CLOCK.`,
    );
  }
}

/**
 * Admins' TOTP secrets stored before they were sealed are sealed now (admin/totp-seal.ts); an
 * enrolled admin whose secret no longer opens (JWT_SECRET changed) is named, with the way out.
 */
async function sealTotpSecrets(services: context.Services) {
  const { sealed, unreadable } = await services.admin.sealStoredSecrets();
  if (sealed > 0) console.log(`[admin] sealed ${sealed} TOTP secret(s) that were stored in plain text`);
  for (const username of unreadable) {
    console.error(
      `[admin] the TOTP secret of '${username}' was sealed under another JWT_SECRET and cannot be read: that admin cannot sign in until 'npm run admin:create -- --reset ${username}'`,
    );
  }
}

/** The football data's first import or sync. A problem must not keep the site down: it is logged, and the site serves what the database has. */
async function prepareFootball(services: context.Services, logLevel: string) {
  try {
    const report = await services.football.source.prepare();
    if (report.status === 'missing') {
      console.error(`[football] no football data in ${String(report['dir'])} (FOOTBALL_DATA_DIR): the pages show no matches`);
    } else if (report.status !== 'unchanged' && logLevel !== 'silent') {
      console.log(`[football] ${services.football.source.name}: ${report.status} in ${report.ms} ms`, report['result'] ?? '');
    }
  } catch (err) {
    console.error('[football] preparing the data failed:', errorText(err));
  }
}
