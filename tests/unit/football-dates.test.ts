import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, monthsBefore, wibDayStart } from '../../src/lib/shared/football/dates.ts';

describe('WIB day keys', () => {
  it('starts a day at 00:00 WIB, 17:00 UTC the day before, for a key and for an instant', () => {
    expect(wibDayStart('2026-11-24').toISOString()).toBe('2026-11-23T17:00:00.000Z');
    // 23:30 UTC is already the next day in Jakarta.
    expect(wibDayStart(new Date('2026-11-23T23:30:00Z')).toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(wibDayStart(new Date('2026-11-23T16:59:00Z')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });

  it('goes back whole months, a day past the 28th counting as the 28th', () => {
    expect(monthsBefore('2026-11-23', 6)).toBe('2026-05-23');
    expect(monthsBefore('2026-03-15', 6)).toBe('2025-09-15');
    expect(monthsBefore('2026-08-31', 6)).toBe('2026-02-28');
    expect(monthsBefore('2024-08-29', 6)).toBe('2024-02-28');
    expect(monthsBefore('2026-01-10', 12)).toBe('2025-01-10');
  });
});
