// What a start checks before anything slow or hard to undo: the configuration, the port, and the
// embedded database's lock. `npm start` asks before it builds (a build replaces dist/ under a server
// already running: its pages not yet loaded then failed with ERR_MODULE_NOT_FOUND), and the server
// before it opens the database and imports the data (a fresh start found out only after its
// ten-second boot). Light to load (no drizzle, no PGlite): `npm start` holds it while it builds.
import net from 'node:net';
import * as config from './config.ts';
import { checkUnlocked } from './db/pglite-dir.ts';

/** The server cannot listen where HOST and PORT say. */
export class ListenError extends Error {
  override name = 'ListenError';
}

/** A failed listen() in words that name the setting to change (a bare 'getaddrinfo ENOTFOUND x' named neither). */
export function listenError(err: NodeJS.ErrnoException, host: string, port: number): ListenError {
  switch (err.code) {
    case 'EADDRINUSE':
      return new ListenError(`Port ${port} on ${host} is already in use: stop what listens there, or set PORT.`, { cause: err });
    case 'EACCES':
      return new ListenError(`Port ${port} on ${host} needs privileges this user does not have: set PORT to 1024 or above.`, { cause: err });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EADDRNOTAVAIL':
      return new ListenError(`HOST=${host} is no address of this machine (${err.message}): set HOST to one, such as localhost, 0.0.0.0 or ::.`, { cause: err });
    default:
      return new ListenError(`Cannot listen on HOST=${host} PORT=${port}: ${err.message}`, { cause: err });
  }
}

/** Error codes of a socket that cannot listen where it is told (listenError words each). */
const LISTEN_CODES = new Set(['EADDRINUSE', 'EACCES', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EADDRNOTAVAIL']);

/** Whether `err` is the socket refusing to listen, as opposed to some other failure of a start. */
export function isListenFailure(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && LISTEN_CODES.has((err as NodeJS.ErrnoException).code ?? '');
}

/** Fails with a ListenError when the server could not listen on `host`:`port` now. */
export async function checkPort(host: string, port: number): Promise<void> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (err: NodeJS.ErrnoException) => reject(listenError(err, host, port)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/**
 * The configuration (ConfigError), then the port (ListenError), then, for the embedded database,
 * that no other live process has it open (DatabaseLockedError).
 */
export async function preflight(env: NodeJS.ProcessEnv = process.env): Promise<config.Config> {
  const cfg = config.load(env);
  await checkPort(cfg.HOST, cfg.PORT);
  if (!cfg.DATABASE_URL) checkUnlocked(cfg.PGLITE_DIR);
  return cfg;
}
