// Calendar days in WIB (UTC+7, no daylight saving) as YYYY-MM-DD keys: what "today" means on
// Gelora, whatever the server's or the visitor's own time zone.
import { WIB_OFFSET_MINUTES } from '../constants.ts';
import { wibDateKey } from '../format.ts';

const DAY_MS = 86_400_000;
const KEY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isDateKey(value: string): boolean {
  const m = KEY_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The instant a WIB calendar day starts (00:00 WIB), for a day key or for the day of an instant. */
export function wibDayStart(day: string | Date): Date {
  const key = typeof day === 'string' ? day : wibDateKey(day);
  const m = KEY_RE.exec(key);
  if (!m) throw new RangeError(`invalid date: ${key}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - WIB_OFFSET_MINUTES * 60_000);
}

/** The day key `days` days after `key` (negative: before). */
export function addDays(key: string, days: number): string {
  return wibDateKey(wibDayStart(key).getTime() + days * DAY_MS);
}

/** Whole days from `from` to `to` (both keys). */
export function daysBetween(from: string, to: string): number {
  return Math.round((wibDayStart(to).getTime() - wibDayStart(from).getTime()) / DAY_MS);
}

/** The day key `months` calendar months before `key` (a day past the 28th counts as the 28th). */
export function monthsBefore(key: string, months: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 - months, Math.min(d, 28))).toISOString().slice(0, 10);
}
