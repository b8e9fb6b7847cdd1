import { describe, expect, it } from 'vitest';
import { ConfigError, load } from '../../src/lib/server/config.ts';
import { footballClock } from '../../src/lib/server/football/index.ts';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const cfg = load({});
    expect(cfg.PORT).toBe(4321);
    expect(cfg.HOST).toBe('localhost');
    expect(cfg.PGLITE_DIR).toBe('./data/pglite');
    expect(cfg.DATABASE_URL).toBeUndefined();
  });
  it('reads and converts values', () => {
    const cfg = load({ PORT: '8080', DATABASE_URL: 'postgres://x@127.0.0.1/db', LOG_LEVEL: 'warn' });
    expect(cfg.PORT).toBe(8080);
    expect(cfg.DATABASE_URL).toBe('postgres://x@127.0.0.1/db');
    expect(cfg.LOG_LEVEL).toBe('warn');
  });
  it('refuses values outside the schema with the variable named', () => {
    expect(() => load({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => load({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => load({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => load({ SITE_URL: 'not a url' })).toThrow(/SITE_URL/);
  });
  it('takes FOOTBALL_CLOCK as an instant with its time zone, for the embedded data only', () => {
    expect(load({}).FOOTBALL_CLOCK).toBeUndefined();
    for (const good of ['2026-11-23T12:00:00+07:00', '2028-02-29T00:00Z', '2026-11-23T05:00:00.500Z']) expect(load({ FOOTBALL_CLOCK: good }).FOOTBALL_CLOCK).toBe(good);
    for (const bad of ['2026-11-23', '2026-11-23T12:00:00', 'besok', '2026-13-45T12:00:00Z', '2026-02-30T12:00:00Z', '2026-11-23T24:00:00Z']) {
      expect(() => load({ FOOTBALL_CLOCK: bad }), bad).toThrow(/FOOTBALL_CLOCK must be an instant/);
    }
    expect(() => load({ FOOTBALL_CLOCK: '2026-11-23T12:00:00Z', APIFOOTBALL_KEY: 'k' })).toThrow(/embedded data only/);
  });
  it('runs the football clock on from FOOTBALL_CLOCK at start, or leaves the real one', () => {
    expect(footballClock(load({}))).toBeUndefined();
    const started = Date.now();
    const now = footballClock({ FOOTBALL_CLOCK: '2026-11-23T05:00:00Z' }, started - 60_000)!;
    // Started a minute ago at 05:00 UTC: now a minute later (give or take this test's own run time).
    const t = now().getTime() - Date.parse('2026-11-23T05:01:00Z');
    expect(t).toBeGreaterThanOrEqual(0);
    expect(t).toBeLessThan(5_000);
  });
});
