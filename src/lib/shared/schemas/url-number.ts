// The URL-number rule of ../url-number.ts as a schema, for path ids and query numbers: plain digits
// in a range, anything else fails with one message. In zod's "mini" flavour because the account
// schemas (auth.ts), which the registration and password forms load, use it.
import './zod-config.ts';
import * as z from 'zod/mini';
import { apiMessages } from '../messages/api.ts';
import { MAX_ID, URL_DIGITS, type UrlNumberRange } from '../url-number.ts';

/** Digits in [min, max] (a 32-bit database id by default); anything else fails with `message`. */
export function urlNumber(message: string, { min = 1, max = MAX_ID }: UrlNumberRange = {}) {
  return z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? (URL_DIGITS.test(v) ? Number(v) : Number.NaN) : v)),
    z.int({ error: message }).check(z.minimum(min, { error: message }), z.maximum(max, { error: message })),
  );
}

/** `{ id }` of a path such as `/promotions/:id`. */
export const idParam = z.object({ id: urlNumber(apiMessages.invalidId) });
