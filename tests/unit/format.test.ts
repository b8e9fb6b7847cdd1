import { describe, expect, it } from 'vitest';
import {
  formatDateLong,
  formatDateShort,
  formatDateTime,
  formatKoin,
  formatNumber,
  formatTime,
  wibDateKey,
} from '../../src/lib/shared/format.ts';

describe('Koin format', () => {
  it('groups thousands with dots and names the unit', () => {
    expect(formatKoin(1_250_000n)).toBe('1.250.000 Koin');
    expect(formatKoin(0)).toBe('0 Koin');
    expect(formatKoin(999)).toBe('999 Koin');
    expect(formatKoin(1000)).toBe('1.000 Koin');
  });
  it('keeps bigint precision past 2^53', () => {
    expect(formatNumber(9_007_199_254_740_993n)).toBe('9.007.199.254.740.993');
  });
  it('writes negative amounts with a leading minus', () => {
    expect(formatKoin(-25_000n)).toBe('-25.000 Koin');
  });
  it('refuses fractions: Koin are whole credits', () => {
    expect(() => formatKoin(1.5)).toThrow(RangeError);
  });
});

describe('WIB dates and times', () => {
  // 21 November 2026 12:30 UTC is 19.30 WIB, a Saturday.
  const instant = '2026-11-21T12:30:00Z';
  it('names the Indonesian weekday and month', () => {
    expect(formatDateLong(instant)).toBe('Sabtu, 21 November 2026');
  });
  it('writes the time with a dot and WIB', () => {
    expect(formatTime(instant)).toBe('19.30 WIB');
    expect(formatDateTime(instant)).toBe('Sabtu, 21 November 2026 19.30 WIB');
  });
  it('rolls the date over at midnight Jakarta time, not UTC', () => {
    // 17:00 UTC on Saturday is 00:00 WIB on Sunday.
    expect(formatDateLong('2026-11-21T17:00:00Z')).toBe('Minggu, 22 November 2026');
    expect(formatTime('2026-11-21T17:00:00Z')).toBe('00.00 WIB');
    expect(wibDateKey('2026-11-21T16:59:59Z')).toBe('2026-11-21');
    expect(wibDateKey('2026-11-21T17:00:00Z')).toBe('2026-11-22');
  });
  it('has the same offset in every month (no daylight saving in Jakarta)', () => {
    expect(formatTime('2026-07-01T12:30:00Z')).toBe('19.30 WIB');
    expect(formatTime('2026-01-01T12:30:00Z')).toBe('19.30 WIB');
  });
  it('covers every month and weekday name', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatDateLong(Date.UTC(2026, m, 15, 5)).split(' ')[2]);
    expect(months).toEqual([
      'Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni',
      'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember',
    ]);
    const days = Array.from({ length: 7 }, (_, d) => formatDateLong(Date.UTC(2026, 10, 15 + d, 5)).split(',')[0]);
    expect(days).toEqual(['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu']);
  });
  it('has a compact table form', () => {
    expect(formatDateShort(instant)).toBe('21 Nov 2026');
  });
  it('rejects an invalid date instead of printing NaN', () => {
    expect(() => formatDateLong('bukan tanggal')).toThrow(RangeError);
  });
});
