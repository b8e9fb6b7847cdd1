import { describe, expect, it } from 'vitest';
import { addressKey, checked, claim, createRateLimiter, retryMinutes } from '../../src/lib/server/rate-limit.ts';

describe('rate limiter', () => {
  it('allows `limit` hits per window, then says how long to wait', () => {
    let t = 1_000_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 }, { now: () => t });
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterMs('u:budi')).toBe(0);
      limiter.hit('u:budi');
      t += 1_000;
    }
    expect(limiter.retryAfterMs('u:budi')).toBe(57_000);
    expect(limiter.retryAfterMs('u:other')).toBe(0);
    t += 57_000;
    expect(limiter.retryAfterMs('u:budi')).toBe(0);
  });

  it('ends a window at its reset time exactly: a hit then opens a new window', () => {
    let t = 1_000_000;
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 }, { now: () => t });
    limiter.hit('k');
    t += 60_000;
    expect(limiter.retryAfterMs('k')).toBe(0);
    limiter.hit('k');
    t += 1;
    expect(limiter.retryAfterMs('k')).toBe(59_999);
  });

  it('forgets a key on reset (after a success)', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    limiter.hit('k');
    expect(limiter.retryAfterMs('k')).toBeGreaterThan(0);
    limiter.reset('k');
    expect(limiter.retryAfterMs('k')).toBe(0);
  });

  it('release takes back one hit counted in advance, and forgets a key at zero', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 });
    limiter.hit('k');
    limiter.hit('k');
    expect(limiter.retryAfterMs('k')).toBeGreaterThan(0);
    limiter.release('k');
    expect(limiter.retryAfterMs('k')).toBe(0);
    limiter.release('k');
    expect(limiter.size).toBe(0);
    limiter.release('k');
    limiter.hit('k');
    expect(limiter.retryAfterMs('k')).toBe(0);
  });

  it('claim counts against every pair at once, or against none while one is at its limit', () => {
    let t = 1_000_000;
    const perUser = createRateLimiter({ limit: 2, windowMs: 60_000 }, { now: () => t });
    const perIp = createRateLimiter({ limit: 5, windowMs: 30_000 }, { now: () => t });
    expect(claim([[perUser, 'budi'], [perIp, '10.0.0.1']])).toBe(0);
    expect(claim([[perUser, 'budi'], [perIp, '10.0.0.1']])).toBe(0);
    // 'budi' is at its limit: the third claim waits for his window and does not count against the IP.
    expect(claim([[perUser, 'budi'], [perIp, '10.0.0.1']])).toBe(60_000);
    for (let i = 0; i < 3; i++) expect(claim([[perUser, `ani${i}`], [perIp, '10.0.0.1']])).toBe(0);
    t += 1_000;
    // Now the IP is at its limit too; the longer wait is the one given.
    expect(claim([[perUser, 'budi'], [perIp, '10.0.0.1']])).toBe(59_000);
    expect(claim([[perUser, 'citra'], [perIp, '10.0.0.1']])).toBe(29_000);
    // Refused, so nothing was counted for citra: budi and ani0..ani2 are the only keys.
    expect(perUser.size).toBe(4);
  });

  it('checked gives every claimed hit back when the check throws, and keeps them when it answers', async () => {
    const perUser = createRateLimiter({ limit: 1, windowMs: 60_000 });
    const perIp = createRateLimiter({ limit: 1, windowMs: 60_000 });
    const pairs = [[perUser, 'budi'], [perIp, '10.0.0.1']] as const;
    expect(claim(pairs)).toBe(0);
    await expect(checked(pairs, () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(perUser.size + perIp.size).toBe(0);
    expect(claim(pairs)).toBe(0);
    expect(await checked(pairs, async () => false)).toBe(false);
    expect(claim(pairs)).toBeGreaterThan(0);
  });

  it('keys an IPv4 address whole and an IPv6 one by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:5:7::1')).toBe('2001:db8:5:7::/64');
    expect(addressKey('2001:0DB8:0005:0007:abcd:1:2:3')).toBe('2001:db8:5:7::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('')).toBe('');
  });

  it('stays bounded under a flood of distinct keys', () => {
    const limiter = createRateLimiter({ limit: 5, windowMs: 60_000 }, { maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) limiter.hit(`ip:${i}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
    limiter.hit('ip:last');
    expect(limiter.retryAfterMs('ip:last')).toBe(0);
  });

  it('a flood of new keys pushes out one-hit keys, never a key at its limit nor one with more hits', () => {
    // 30 failures per username, as for member logins: one username is blocked, another is one short.
    const limiter = createRateLimiter({ limit: 30, windowMs: 15 * 60_000 }, { maxKeys: 1_000 });
    for (let i = 0; i < 30; i++) limiter.hit('korban01');
    for (let i = 0; i < 29; i++) limiter.hit('korban02');
    for (let i = 0; i < 100_000; i++) limiter.hit(`sampah${i}`);
    expect(limiter.size).toBeLessThanOrEqual(1_000);
    expect(limiter.retryAfterMs('korban01')).toBeGreaterThan(0);
    expect(limiter.retryAfterMs('korban02')).toBe(0);
    limiter.hit('korban02');
    expect(limiter.retryAfterMs('korban02')).toBeGreaterThan(0);
  });

  it('keeps keys at their limit past maxKeys until their windows end, then sweeps them', () => {
    let t = 1_000_000;
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 }, { maxKeys: 10, now: () => t });
    for (let i = 0; i < 30; i++) limiter.hit(`blok${i}`), limiter.hit(`blok${i}`);
    expect(limiter.size).toBe(30);
    for (let i = 0; i < 30; i++) expect(limiter.retryAfterMs(`blok${i}`)).toBe(60_000);
    t += 60_000;
    limiter.hit('baru');
    expect(limiter.size).toBe(1);
  });

  it('with a limit of one, every live key is blocked: none is pushed out', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 }, { maxKeys: 10 });
    for (let i = 0; i < 20; i++) limiter.hit(`k${i}`);
    expect(limiter.size).toBe(20);
    for (let i = 0; i < 20; i++) expect(limiter.retryAfterMs(`k${i}`)).toBeGreaterThan(0);
  });

  it('tells people whole minutes, at least one', () => {
    expect(retryMinutes(1)).toBe(1);
    expect(retryMinutes(60_000)).toBe(1);
    expect(retryMinutes(60_001)).toBe(2);
    expect(retryMinutes(15 * 60_000)).toBe(15);
  });
});
