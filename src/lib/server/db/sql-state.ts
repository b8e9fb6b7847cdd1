// PostgreSQL's error codes (SQLSTATE), read the same way from node-postgres and PGlite, and the
// failures that mean the database cannot be reached just now.

export const SQL_STATE = {
  uniqueViolation: '23505',
  /** statement_timeout ran out, or an operator cancelled the query. */
  queryCanceled: '57014',
} as const;

/** `err` and the errors it wraps (drizzle keeps the driver's error in `cause`). */
function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown; routine?: unknown }> {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    yield e as { code?: unknown; message?: unknown; routine?: unknown };
  }
}

/** Whether `err` is a database error with this SQLSTATE, however it is wrapped. */
export function hasSqlState(err: unknown, state: string): boolean {
  for (const e of chain(err)) if (e.code === state) return true;
  return false;
}

/**
 * SQLSTATEs of a server that cannot serve this session just now: class 08 (connection exception),
 * class 28 (the role may not log in: it was dropped, made NOLOGIN or its password changed), 3D000
 * (the database does not exist: renamed or dropped while the server ran), 53300 (too many
 * connections), 57P01–57P03 (the server or an operator ended the session, or it is starting or
 * stopping). No query of the site raises class 28 or 3D000 on a session that is open.
 */
const UNAVAILABLE_STATE = /^(08...|28...|3D000|53300|57P0[123])$/;
/**
 * 55000 (object not in prerequisite state) and 42501 (insufficient privilege) are also faults of a
 * query ('permission denied for table x'). Raised by PostgreSQL's CheckMyDatabase as the session
 * starts, they are a refusal of the session: the database does not allow connections
 * (ALLOW_CONNECTIONS false) or the role's CONNECT privilege was revoked. The reporting routine,
 * unlike the message, is never translated.
 */
const SESSION_START_STATE = new Set(['55000', '42501']);
const SESSION_START_ROUTINE = 'CheckMyDatabase';
/** Socket errors on the way to the server. */
const UNREACHABLE_CODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
/** node-postgres's own words, which carry no code: the pool's connect timeout and a dropped connection. */
const UNAVAILABLE_MESSAGE = /^(timeout exceeded when trying to connect|Connection terminated)/;

/**
 * Whether `err` says the database cannot be reached or will not take this session now (it is down,
 * restarting, full, ended the connection, or refuses this role or database), as opposed to a fault
 * in the query or the data. The
 * server is unavailable, not broken: the API answers 503 and the client may try again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && (UNAVAILABLE_STATE.test(e.code) || UNREACHABLE_CODE.has(e.code))) return true;
    if (typeof e.code === 'string' && SESSION_START_STATE.has(e.code) && e.routine === SESSION_START_ROUTINE) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    // Node reports a refused connection to a name with several addresses as an AggregateError.
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * Whether the database refuses this site's sessions (class 28, 3D000, or 55000/42501 from
 * CheckMyDatabase): unavailable as well, but it will stay so until an operator changes the role,
 * the database or DATABASE_URL. Logged as an error, not a warning, so that alerting sees it.
 */
export function isDatabaseRefusal(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code !== 'string') continue;
    if (/^(28...|3D000)$/.test(e.code)) return true;
    if (SESSION_START_STATE.has(e.code) && e.routine === SESSION_START_ROUTINE) return true;
  }
  return false;
}

/**
 * Whether `err` means the database is busy or away rather than broken: a statement that outlived
 * statement_timeout (most likely behind another session's lock), or the server cannot be reached or
 * will not take the session just now. The API answers 503 and pages show the busy screen.
 */
export function isDatabaseBusy(err: unknown): boolean {
  return hasSqlState(err, SQL_STATE.queryCanceled) || isDatabaseUnavailable(err);
}
