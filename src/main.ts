// The one process: migrates and seeds the database, then serves the JSON API and Astro's pages.
// `npm start` runs the built site; NODE_ENV=development (npm run dev) mounts Astro's dev server instead.
//
// The npm scripts that open the database (start, serve, dev, db:migrate, db:seed, admin:create,
// football:import) run node with --liftoff-only: V8 then keeps PGlite's WebAssembly
// in its baseline code. Otherwise it recompiles the hot functions with its optimising compiler, and
// for PostgreSQL's SQL parser (raw_parser, 105 KB of code) that one compilation takes about 600 MB
// for half a second, early in every start: it made the start's peak (1.3 GB resident at first start,
// 1.0-1.09 GB later; with the flag about 0.8 and 0.45 GB). Uncached queries take up to a fifth longer.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { boot, shutdown } from './lib/server/boot.ts';
import * as config from './lib/server/config.ts';
import { exitOnError } from './lib/server/fatal.ts';
import { isListenFailure, listenError, preflight } from './lib/server/preflight.ts';
import { createServer, type PageHandler } from './api/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dev = process.env['NODE_ENV'] === 'development';
// Libraries pick their build from NODE_ENV when first imported (React's development build renders
// islands about half as fast): the built site always runs as production.
if (!dev) process.env['NODE_ENV'] = 'production';

async function loadPages(): Promise<{ handler: PageHandler; clientDir?: string; stop?: () => Promise<void> }> {
  if (dev) {
    const { dev: astroDev } = await import('astro');
    const server = await astroDev({ root, server: { port: 4399, host: '127.0.0.1' }, logLevel: 'warn' });
    return { handler: (req, res) => server.handle(req, res), stop: () => server.stop() };
  }
  const entry = path.join(root, 'dist/server/entry.mjs');
  const mod = (await import(pathToFileURL(entry).href)) as { handler: PageHandler };
  return { handler: mod.handler, clientDir: path.join(root, 'dist/client') };
}

/** How long a shutdown waits for requests under way before it closes their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  // A bad setting, a port in use or the embedded database open in another process fails here, at
  // once, before the database is opened and the data imported.
  const cfg = await preflight();
  const { HOST, PORT } = cfg;
  for (const warning of config.warnings(cfg)) console.warn(`[config] ${warning}`);
  const services = await boot();
  const pages = await loadPages();
  const app = await createServer({ services, pages });

  let closing = false;
  const onSignal = async (signal: string) => {
    if (closing) return void app.log.info({ signal }, 'already shutting down');
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Requests under way get SHUTDOWN_GRACE_MS to finish. Node stops timing requests out once the
    // server closes, so a client sending a byte a second held the process up for minutes.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    // Fastify closes the idle connections once, as the shutdown begins; one whose request was under
    // way then stayed open once answered (keep-alive), and the process waited out the grace period.
    // Each is closed as it falls idle, so the shutdown ends with the last request.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    // The schedules stop at once, so no sync or refit starts while requests drain; one under way
    // goes on, and shutdown() waits for it before the database closes.
    services.predictions.stop();
    const syncsStopped = services.football.source.stop();
    await app.close();
    await pages.stop?.();
    await syncsStopped;
    await shutdown(services);
    process.exit(0);
  };
  // `on`, not `once`: a signal may come twice (npm passes on the one it gets, and where the script's
  // shell is bash, which runs node in its own place, the server has it from the terminal too).
  // Under `once` the second ended the process as it shut down, the database still open.
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));

  // Taken since preflight() (another start in the ten seconds of this one's boot), or a HOST that
  // resolves only now: the same words as preflight's.
  await app.listen({ host: HOST, port: PORT }).catch((err: NodeJS.ErrnoException) => {
    // Only the socket's refusals: any other failure of Fastify's start is a bug, kept with its stack.
    throw isListenFailure(err) ? listenError(err, HOST, PORT) : err;
  });
  // Keeps provider data fresh (apifootball.com); nothing to do for the embedded data.
  await services.football.source.start();
  // The daily refit; new results from the source trigger one as well.
  services.predictions.start();
}

// A setting, the port, the embedded database's lock, or a database that cannot be reached: one line
// with the database's own reason (the server refused the connection, the database or role does not
// exist). Anything else with its stack.
main().catch(exitOnError);
