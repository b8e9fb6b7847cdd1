// Whole numbers as they arrive in a URL (path ids, page numbers): plain digits only. z.coerce.number
// would read '0x1', '1e3', '+1' and ' 1 ' as numbers, so `DELETE /promotions/0x1` deleted promotion 1.
import { z } from 'zod';
import { apiMessages } from '../messages/api.ts';

/** Digits in [min, max] (a 32-bit database id by default); anything else fails with `message`. */
export function urlNumber(message: string, { min = 1, max = 2_147_483_647 }: { min?: number; max?: number } = {}) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (/^\d{1,10}$/.test(v) ? Number(v) : Number.NaN) : v),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );
}

/** `{ id }` of a path such as `/promotions/:id`. */
export const idParam = z.object({ id: urlNumber(apiMessages.invalidId) });
