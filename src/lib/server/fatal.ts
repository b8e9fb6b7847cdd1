// How the server and the command-line scripts end on an error. One an operator can act on (a setting,
// a port in use, the embedded database open elsewhere, a database that is not there) is one line:
// its stack only buried the message. Anything else is a bug, printed with its stack.
import { ConfigError } from './config.ts';
import { DatabaseLockedError, DatabaseOpenError } from './db/pglite-dir.ts';
import { isDatabaseUnavailable } from './db/sql-state.ts';
import { rootCause } from './error-text.ts';
import { ListenError } from './preflight.ts';

/** The one line for an error an operator can act on; undefined for any other (a bug). */
export function operatorLine(err: unknown): string | undefined {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError || err instanceof DatabaseOpenError || err instanceof ListenError) {
    return `${err.name}: ${err.message}`;
  }
  // Down, refused, or not there: the driver's reason ('database "x" does not exist'), without the
  // query it interrupted.
  if (isDatabaseUnavailable(err)) return `Database unavailable: ${rootCause(err)}`;
  return undefined;
}

/**
 * Prints `err` and ends the process with exit code 1: one line for an operator's error, the stack
 * for anything else. LOG_LEVEL=debug (or trace) prints the stack of either.
 */
export function exitOnError(err: unknown): never {
  const line = operatorLine(err);
  const debug = ['debug', 'trace'].includes(process.env['LOG_LEVEL'] ?? '');
  if (line !== undefined) console.error(line.replace(/\s*\n\s*/g, ' '));
  if (line === undefined || debug) console.error(err);
  process.exit(1);
}
