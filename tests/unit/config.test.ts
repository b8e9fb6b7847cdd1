import { describe, expect, it } from 'vitest';
import { ConfigError, load } from '../../src/lib/server/config.ts';

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
});
