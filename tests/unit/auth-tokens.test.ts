import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as jwt from '../../src/lib/server/auth/jwt.ts';
import * as password from '../../src/lib/server/auth/password.ts';
import { decodeAccessToken, hasStoredSession, storedSessionUser } from '../../src/lib/client/stored-session.ts';

const key = crypto.randomBytes(32);
const now = 1_800_000_000;
const claims: jwt.AccessClaims = { sub: '42', username: 'budi2024', sid: crypto.randomUUID(), iat: now, exp: now + 900 };

describe('access tokens (HS256)', () => {
  it('verifies what it signed, until it expires', () => {
    const token = jwt.sign(key, claims);
    expect(jwt.verify(key, token, now + 1)).toEqual(claims);
    expect(jwt.verify(key, token, now + 900)).toBeNull();
  });
  it('refuses another key, a changed payload or signature, and alg none', () => {
    const token = jwt.sign(key, claims);
    const [h, p, s] = token.split('.') as [string, string, string];
    expect(jwt.verify(crypto.randomBytes(32), token, now)).toBeNull();
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    expect(jwt.verify(key, `${h}.${forged}.${s}`, now)).toBeNull();
    // The first character changed (six bits of the first byte): never the signature itself, as a
    // random one ending in 'AA' was with 'AA' put in place of its last two.
    expect(jwt.verify(key, `${h}.${p}.${s[0] === 'A' ? 'B' : 'A'}${s.slice(1)}`, now)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(jwt.verify(key, `${none}.${p}.`, now)).toBeNull();
    expect(jwt.verify(key, 'not-a-token', now)).toBeNull();
  });
  it('refuses a correctly signed token whose claims are malformed', () => {
    const bad = jwt.sign(key, { ...claims, sub: 'admin' });
    expect(jwt.verify(key, bad, now)).toBeNull();
  });
  it('refuses a header other than its own, even when the signature over it is right', () => {
    const payload = jwt.sign(key, claims).split('.')[1]!;
    for (const header of [{ alg: 'HS512', typ: 'JWT' }, { alg: 'HS256', typ: 'JWT', kid: '../../etc/passwd' }, { alg: 'HS256' }]) {
      const h = Buffer.from(JSON.stringify(header)).toString('base64url');
      const sig = crypto.createHmac('sha256', key).update(`${h}.${payload}`).digest('base64url');
      expect(jwt.verify(key, `${h}.${payload}.${sig}`, now), JSON.stringify(header)).toBeNull();
    }
  });
  it('refuses a token over 2048 characters before anything else, even one it signed', () => {
    const long = jwt.sign(key, { ...claims, username: 'b'.repeat(1500) });
    expect(long.length).toBeGreaterThan(2048);
    expect(jwt.verify(key, long, now)).toBeNull();
    expect(jwt.verify(key, jwt.sign(key, { ...claims, username: 'b'.repeat(1300) }), now)?.username).toHaveLength(1300);
  });
  it('carries the username for the client to read (not verify)', () => {
    const token = jwt.sign(key, claims);
    expect(decodeAccessToken(token)).toEqual({ username: 'budi2024', exp: now + 900 });
    expect(decodeAccessToken('x.y.z')).toBeNull();
    expect(decodeAccessToken(undefined)).toBeNull();
  });
  it('counts as a stored session only with a refresh token and a decodable access token', () => {
    const token = jwt.sign(key, claims);
    const storage = (items: Record<string, string>) => ({ getItem: (k: string) => items[k] ?? null });
    expect(hasStoredSession(storage({ accessToken: token, refreshToken: 'r' }))).toBe(true);
    expect(hasStoredSession(storage({ accessToken: token }))).toBe(false);
    expect(hasStoredSession(storage({ accessToken: 'garbage', refreshToken: 'r' }))).toBe(false);
    // Whose it is: what a page restored from the back-forward cache compares with the one it was shown for.
    expect(storedSessionUser(storage({ accessToken: token, refreshToken: 'r' }))).toBe('budi2024');
    expect(storedSessionUser(storage({ accessToken: token }))).toBeNull();
    expect(storedSessionUser(storage({ accessToken: 'garbage', refreshToken: 'r' }))).toBeNull();
    expect(storedSessionUser({ getItem: () => { throw new DOMException('blocked', 'SecurityError'); } })).toBeNull();
  });
});

describe('password hashing', () => {
  it('makes argon2id hashes with the stated parameters and verifies them', async () => {
    const h = await password.hash('Rahasia1');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await password.verify(h, 'Rahasia1')).toBe(true);
    expect(await password.verify(h, 'rahasia1')).toBe(false);
    expect(await password.verify('not a hash', 'Rahasia1')).toBe(false);
    expect(await password.hash('Rahasia1')).not.toBe(h);
  });
});
