import { describe, expect, it } from 'vitest';
import { checkVersion, savedAt } from '../../src/lib/server/admin/edit-version.ts';
import { StaleEditError } from '../../src/lib/server/admin/errors.ts';

describe('back-office edit versions', () => {
  const row = { updatedAt: new Date('2026-11-25T10:00:00.123Z') };

  it('passes the version the row has, refuses any other and a missing row, and checks nothing without one', () => {
    expect(() => checkVersion(row, row.updatedAt.getTime())).not.toThrow();
    expect(() => checkVersion(row, row.updatedAt.getTime() - 1)).toThrow(StaleEditError);
    expect(() => checkVersion(undefined, row.updatedAt.getTime())).toThrow(StaleEditError);
    expect(() => checkVersion(undefined, undefined)).not.toThrow();
  });

  it('gives each save a time later than the one it replaces, even within the same millisecond', () => {
    const now = row.updatedAt.getTime();
    expect(savedAt(row, now).getTime()).toBe(now + 1);
    expect(savedAt(row, now - 5_000).getTime()).toBe(now + 1);
    expect(savedAt(row, now + 60_000).getTime()).toBe(now + 60_000);
    expect(savedAt(undefined, now).getTime()).toBe(now);
  });
});
