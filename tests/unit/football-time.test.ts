import { describe, expect, it } from 'vitest';
import { isEuSummerTime, offsetToUtc, parseTimeWithOffset, zonedToUtc, type LeagueZone } from '../../src/lib/server/football/time.ts';

/** The reference: the platform's time-zone database, too slow for the import but authoritative. */
function viaIntl(date: string, time: string, zone: string): number {
  const guess = Date.parse(`${date}T${time}:00Z`);
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const localOf = (ms: number) => {
    const p = Object.fromEntries(fmt.formatToParts(ms).map((x) => [x.type, x.value]));
    return Date.parse(`${p['year']}-${p['month']}-${p['day']}T${p['hour']}:${p['minute']}:00Z`);
  };
  let ms = guess - (localOf(guess) - guess);
  ms -= localOf(ms) - guess;
  return ms;
}

describe('kick-off times to UTC', () => {
  it('agrees with the time-zone database over 2015–2027 in each league zone', () => {
    const zones: LeagueZone[] = ['Europe/London', 'Europe/Lisbon', 'Europe/Paris'];
    for (let day = Date.UTC(2015, 6, 1); day < Date.UTC(2027, 6, 1); day += 86_400_000) {
      const d = new Date(day);
      // Every day of the switch months (March, October), every fifth day otherwise.
      if (d.getUTCMonth() !== 2 && d.getUTCMonth() !== 9 && d.getUTCDate() % 5 !== 0) continue;
      const date = d.toISOString().slice(0, 10);
      for (const zone of zones) {
        for (const time of ['12:30', '15:00', '21:00']) {
          expect(zonedToUtc(date, time, zone).getTime(), `${date} ${time} ${zone}`).toBe(viaIntl(date, time, zone));
        }
      }
    }
  });

  it('knows the 2024 summer-time switches', () => {
    expect(isEuSummerTime(Date.UTC(2024, 2, 31, 0, 59))).toBe(false);
    expect(isEuSummerTime(Date.UTC(2024, 2, 31, 1, 0))).toBe(true);
    expect(isEuSummerTime(Date.UTC(2024, 9, 27, 0, 59))).toBe(true);
    expect(isEuSummerTime(Date.UTC(2024, 9, 27, 1, 0))).toBe(false);
  });

  it('reads World Cup times with and without a UTC offset', () => {
    expect(parseTimeWithOffset('13:00 UTC-6')).toEqual({ time: '13:00', offsetMinutes: -360 });
    expect(parseTimeWithOffset('18:00 UTC+3')).toEqual({ time: '18:00', offsetMinutes: 180 });
    expect(parseTimeWithOffset('19:00')).toEqual({ time: '19:00', offsetMinutes: undefined });
    expect(offsetToUtc('2026-06-11', '13:00', -360).toISOString()).toBe('2026-06-11T19:00:00.000Z');
    expect(() => parseTimeWithOffset('sore')).toThrow(RangeError);
  });
});
