// PostgreSQL's error codes (SQLSTATE), read the same way from node-postgres and PGlite.

export const SQL_STATE = {
  uniqueViolation: '23505',
  /** statement_timeout ran out, or an operator cancelled the query. */
  queryCanceled: '57014',
} as const;

/** Whether `err` is a database error with this SQLSTATE, however it is wrapped (drizzle keeps the driver's error in `cause`). */
export function hasSqlState(err: unknown, state: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === state) return true;
  }
  return false;
}
