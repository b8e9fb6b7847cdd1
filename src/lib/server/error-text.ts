// One line of a log for an error. Drizzle reports a refused query as 'Failed query: <the SQL>' and
// keeps the database's own reason ('database "x" does not exist', a unique violation) in `cause`:
// the reason comes first, so that a shortened line still says it.

/** `err` as text: the cause's message, then the error's own; at most `max` characters. */
export function errorText(err: unknown, max = Number.POSITIVE_INFINITY): string {
  if (!(err instanceof Error)) return String(err ?? '');
  const text = err.cause instanceof Error ? `${err.cause.message} (${err.message})` : err.message;
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The innermost message of an error chain: the database's words ('database "x" does not exist'), not the ORM's whole query and its parameters. */
export function rootCause(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}
