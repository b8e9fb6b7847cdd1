import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, load, trustedProxies, warnings } from '../../src/lib/server/config.ts';
import { footballClock } from '../../src/lib/server/football/index.ts';
import { JWT_SECRET_MIN_LENGTH } from '../../src/lib/server/auth/secret.ts';
import { envSchema } from '../../src/env-schema.ts';

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
  it('takes only http:// and https:// URLs ("localhost:4321" parses as a URL of the scheme localhost:)', () => {
    expect(load({ SITE_URL: 'https://gelora.example/' }).SITE_URL).toBe('https://gelora.example/');
    expect(load({ APIFOOTBALL_URL: 'http://127.0.0.1:9/' }).APIFOOTBALL_URL).toBe('http://127.0.0.1:9/');
    for (const bad of ['localhost:4321', 'example.com', 'ftp://gelora.example/', 'javascript:alert(1)']) {
      expect(() => load({ SITE_URL: bad }), bad).toThrow(/^SITE_URL must be an http:\/\/ or https:\/\/ URL/);
    }
    expect(() => load({ APIFOOTBALL_URL: 'apiv3.apifootball.com:443' })).toThrow(/APIFOOTBALL_URL/);
  });
  it('takes TRUST_PROXY as addresses, CIDR ranges and named ranges that Fastify accepts, and refuses anything else at once', () => {
    const good = ['', '127.0.0.1', '10.0.0.0/8, 192.168.1.1', '::1', 'fd00::/8,loopback', 'linklocal,uniquelocal', '::ffff:10.0.0.1', '172.16.0.0/12,2001:db8::/32'];
    for (const value of good) {
      expect(load({ TRUST_PROXY: value }).TRUST_PROXY, value).toBe(value);
      const list = trustedProxies(value);
      // What the schema takes, Fastify takes as well (it compiles the list when the server is built).
      expect(() => Fastify({ trustProxy: list.length ? list : false }), value).not.toThrow();
    }
    for (const bad of ['notanip', 'true', '2', '10.0.0.0/0', '10.0.0.0/33', '::/129', '10.0.0.1/8/8', '10.0.0.0/255.0.0.0', '127.1', 'fe80::1%eth0', 'localhost', '10.0.0.1,,x']) {
      expect(() => load({ TRUST_PROXY: bad }), bad).toThrow(/^TRUST_PROXY must be comma-separated IP addresses or CIDR ranges/);
    }
  });
  it('refuses a JWT_SECRET too short to be a key when the configuration is read, as the key\'s own check would', () => {
    expect(() => load({ JWT_SECRET: 'pendek' })).toThrow(new ConfigError('JWT_SECRET must be at least 32 characters'));
    expect(load({ JWT_SECRET: 'k'.repeat(32) }).JWT_SECRET).toBe('k'.repeat(32));
    expect(envSchema.JWT_SECRET.min).toBe(JWT_SECRET_MIN_LENGTH);
  });
  it('warns, without refusing, of PREDICTIONS_SOURCE=provider without APIFOOTBALL_KEY', () => {
    expect(warnings(load({ PREDICTIONS_SOURCE: 'provider' }))).toEqual([expect.stringMatching(/^PREDICTIONS_SOURCE=provider needs APIFOOTBALL_KEY/)]);
    expect(warnings(load({ PREDICTIONS_SOURCE: 'provider', APIFOOTBALL_KEY: 'k' }))).toEqual([]);
    expect(warnings(load({}))).toEqual([]);
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
