// The URL-number rule of ../url-number.ts as a schema, for path ids and query numbers: plain digits
// in a range, anything else fails with one message. For the server (the API's params and queries,
// the pages' frontmatter): the browser reads its few URL numbers with readUrlNumber, without zod.
import { z } from 'zod';
import { apiMessages } from '../messages/api.ts';
import { MAX_ID, MAX_PAGE, URL_DIGITS, type UrlNumberRange } from '../url-number.ts';

/** Digits in [min, max] (a 32-bit database id by default); anything else fails with `message`. */
export function urlNumber(message: string, { min = 1, max = MAX_ID }: UrlNumberRange = {}) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (URL_DIGITS.test(v) ? Number(v) : Number.NaN) : v),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );
}

/** `{ id }` of a path such as `/promotions/:id`. */
export const idParam = z.object({ id: urlNumber(apiMessages.invalidId) });

/** `?page=` of a member's list (memos, account activity): 1 when absent. */
export const pageQuery = z.object({ page: urlNumber(apiMessages.invalidPage, { max: MAX_PAGE }).default(1) });
