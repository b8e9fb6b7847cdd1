// Parses a request part with one of the shared zod schemas; a failure is a 422 carrying the
// first message per field, or 400 for query strings (a malformed URL, not a form).
import { z } from 'zod';
import { firstErrors } from '../lib/shared/schemas/login.ts';
import { validation } from '../lib/shared/messages/auth.ts';
import { apiMessages } from '../lib/shared/messages/index.ts';
import { HttpError } from './errors.ts';

export function body<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  message: (errors: Record<string, string>) => string = () => validation.checkAgain,
): z.core.output<S> {
  const r = z.safeParse(schema, value);
  if (r.success) return r.data;
  const errors = firstErrors(r.error);
  throw new HttpError(422, message(errors), errors);
}

export function query<S extends z.core.$ZodType>(schema: S, value: unknown): z.core.output<S> {
  const r = z.safeParse(schema, value);
  if (r.success) return r.data;
  throw new HttpError(400, apiMessages.badRequest, firstErrors(r.error));
}

/** 429 with Retry-After, its message naming the wait in whole minutes. */
export function tooMany(reply: { header(name: string, value: string): unknown }, retryAfterMs: number, text: (minutes: number) => string): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header('retry-after', String(seconds));
  return new HttpError(429, text(Math.max(1, Math.ceil(seconds / 60))));
}
