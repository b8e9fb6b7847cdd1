// Kick-off times in the sources are wall-clock times: openfootball gives the local time of the
// venue's league ("20:00" in London, "21:00" in Madrid), the World Cup files a "13:00 UTC-6" offset,
// apifootball.com the time in the timezone we ask for (Asia/Jakarta). Everything is stored as a UTC
// instant and shown in WIB. The European rule (summer time from 01:00 UTC on the last Sunday of
// March to 01:00 UTC on the last Sunday of October, since 1996) is computed directly: it is exact
// for every season in the data and a hundred times cheaper than a time-zone database lookup.

export type LeagueZone = 'Europe/London' | 'Europe/Lisbon' | 'Europe/Paris';

const STANDARD_OFFSET_MINUTES: Record<LeagueZone, number> = {
  'Europe/London': 0,
  'Europe/Lisbon': 0,
  'Europe/Paris': 60,
};

function lastSundayUtc(year: number, month: number): number {
  // Day 0 of the next month is the last day of `month` (1-based).
  const last = new Date(Date.UTC(year, month, 0, 1));
  return last.getTime() - last.getUTCDay() * 86_400_000;
}

/** Whether European summer time is in force at a UTC instant. */
export function isEuSummerTime(utcMs: number): boolean {
  const year = new Date(utcMs).getUTCFullYear();
  return utcMs >= lastSundayUtc(year, 3) && utcMs < lastSundayUtc(year, 10);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{1,2}):(\d{2})$/;

function wallClockMs(date: string, time: string): number {
  const d = DATE_RE.exec(date);
  const t = TIME_RE.exec(time);
  if (!d || !t) throw new RangeError(`invalid date/time: ${date} ${time}`);
  return Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
}

/** A local wall-clock time in a European league's zone as a UTC instant. */
export function zonedToUtc(date: string, time: string, zone: LeagueZone): Date {
  const wall = wallClockMs(date, time);
  const std = STANDARD_OFFSET_MINUTES[zone] * 60_000;
  const summer = wall - std - 3_600_000;
  return new Date(isEuSummerTime(summer) ? summer : wall - std);
}

/** A wall-clock time at a fixed offset from UTC (minutes east of Greenwich) as a UTC instant. */
export function offsetToUtc(date: string, time: string, offsetMinutes: number): Date {
  return new Date(wallClockMs(date, time) - offsetMinutes * 60_000);
}

/** "13:00 UTC-6" → { time: "13:00", offsetMinutes: -360 }; a bare "19:00" has no offset. */
export function parseTimeWithOffset(value: string): { time: string; offsetMinutes: number | undefined } {
  const m = /^(\d{1,2}:\d{2})(?:\s*UTC([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(value.trim());
  if (!m) throw new RangeError(`invalid time: ${value}`);
  if (!m[2]) return { time: m[1]!, offsetMinutes: undefined };
  const minutes = Number(m[3]) * 60 + Number(m[4] ?? 0);
  return { time: m[1]!, offsetMinutes: m[2] === '-' ? -minutes : minutes };
}
