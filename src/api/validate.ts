// Parses a request part with one of the shared zod schemas. A body that fails its form's rules is
// a 422 carrying the first message per field; a query string or a path parameter that fails is a
// 400 (a malformed address, not a form), whose message is the first problem found.
import { z } from 'zod';
import { firstErrors } from '../lib/shared/schemas/fields.ts';
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

/** A query string or path parameters: 400 with the first problem as the message. */
export function query<S extends z.core.$ZodType>(schema: S, value: unknown): z.core.output<S> {
  const r = z.safeParse(schema, value);
  if (r.success) return r.data;
  const errors = firstErrors(r.error);
  throw new HttpError(400, Object.values(errors)[0] ?? apiMessages.badRequest, errors);
}

export const params = query;
