// Whole numbers as they arrive in a URL (path ids, page numbers, query ids): plain digits only.
// z.coerce.number and Number() would read '0x1', '1e3', '+1' and ' 1 ' as numbers, so
// `DELETE /promotions/0x1` deleted promotion 1 and /match/0x10 showed match 16.
// No zod here: the member lists read ?page= in the browser with readUrlNumber, and zod is the
// larger part of a page's script. The schema for the API is schemas/url-number.ts.

/** The largest id a database `integer` column holds. */
export const MAX_ID = 2_147_483_647;
/** The highest page number a list accepts (?page=). */
export const MAX_PAGE = 100_000;
export const URL_DIGITS = /^\d{1,10}$/;

export interface UrlNumberRange {
  min?: number;
  max?: number;
}

/** `value` as a number in [min, max] when it is a string of plain digits; otherwise undefined. */
export function readUrlNumber(value: unknown, { min = 1, max = MAX_ID }: UrlNumberRange = {}): number | undefined {
  if (typeof value !== 'string' || !URL_DIGITS.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}
