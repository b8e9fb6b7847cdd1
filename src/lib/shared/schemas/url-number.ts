// Whole numbers as they arrive in a URL (path ids, page numbers, query ids): plain digits only.
// z.coerce.number and Number() would read '0x1', '1e3', '+1' and ' 1 ' as numbers, so
// `DELETE /promotions/0x1` deleted promotion 1 and /match/0x10 showed match 16.
import { z } from 'zod';
import { apiMessages } from '../messages/api.ts';

/** The largest id a database `integer` column holds. */
export const MAX_ID = 2_147_483_647;
const DIGITS = /^\d{1,10}$/;

interface Range {
  min?: number;
  max?: number;
}

/** `value` as a number in [min, max] when it is a string of plain digits; otherwise undefined. */
export function readUrlNumber(value: unknown, { min = 1, max = MAX_ID }: Range = {}): number | undefined {
  if (typeof value !== 'string' || !DIGITS.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

/** The highest page number a list accepts (?page=). */
export const MAX_PAGE = 100_000;

/** Digits in [min, max] (a 32-bit database id by default); anything else fails with `message`. */
export function urlNumber(message: string, { min = 1, max = MAX_ID }: Range = {}) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (DIGITS.test(v) ? Number(v) : Number.NaN) : v),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );
}

/** `{ id }` of a path such as `/promotions/:id`. */
export const idParam = z.object({ id: urlNumber(apiMessages.invalidId) });
