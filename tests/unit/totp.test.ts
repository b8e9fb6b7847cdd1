import { describe, expect, it } from 'vitest';
import * as totp from '../../src/lib/server/admin/totp.ts';
import { authenticatorCode } from '../support/totp.ts';

const ascii = (s: string) => Buffer.from(s, 'ascii');

describe('base32 (RFC 4648 §10 test vectors)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j ⇄ %s', (plain, encoded) => {
    expect(totp.base32Encode(ascii(plain))).toBe(encoded);
    expect(totp.base32Decode(encoded).toString('ascii')).toBe(plain);
  });
  it('reads lowercase, spaces and padding, and refuses other characters', () => {
    expect(totp.base32Decode('mzxw 6ytb oi======').toString('ascii')).toBe('foobar');
    expect(() => totp.base32Decode('MZXW1')).toThrow(RangeError);
  });
  it('round-trips a generated 160-bit secret', () => {
    const secret = totp.generateSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totp.base32Encode(totp.base32Decode(secret))).toBe(secret);
  });
});

describe('HOTP (RFC 4226 appendix D)', () => {
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(expected.map((code, counter) => [counter, code] as const))('counter %i → %s', (counter, code) => {
    expect(totp.hotp(ascii('12345678901234567890'), counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, 8 digits)', () => {
  const seeds = {
    sha1: ascii('12345678901234567890'),
    sha256: ascii('12345678901234567890123456789012'),
    sha512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
  };
  const table: [number, string, string, string][] = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it.each(table)('T=%i', (seconds, sha1, sha256, sha512) => {
    const step = totp.stepAt(seconds * 1000);
    expect(totp.hotp(seeds.sha1, step, 8, 'sha1')).toBe(sha1);
    expect(totp.hotp(seeds.sha256, step, 8, 'sha256')).toBe(sha256);
    expect(totp.hotp(seeds.sha512, step, 8, 'sha512')).toBe(sha512);
  });
});

describe('verifying a code', () => {
  const secret = totp.generateSecret();
  const now = Date.UTC(2026, 10, 21, 12, 0, 10);
  const step = totp.stepAt(now);

  it('agrees with an independent authenticator', () => {
    expect(totp.codeAt(secret, now)).toBe(authenticatorCode(secret, now));
    expect(totp.verify(secret, authenticatorCode(secret, now), now)).toBe(step);
  });
  it('accepts the neighbouring step for clock drift and names the step it matched', () => {
    expect(totp.verify(secret, authenticatorCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(totp.verify(secret, authenticatorCode(secret, now + 30_000), now)).toBe(step + 1);
  });
  it('refuses codes two steps away, wrong codes and malformed input', () => {
    expect(totp.verify(secret, authenticatorCode(secret, now - 60_000), now)).toBeNull();
    expect(totp.verify(secret, authenticatorCode(secret, now + 60_000), now)).toBeNull();
    const wrong = String((Number(authenticatorCode(secret, now)) + 1) % 1_000_000).padStart(6, '0');
    const neighbours = [-30_000, 0, 30_000].map((d) => authenticatorCode(secret, now + d));
    if (!neighbours.includes(wrong)) expect(totp.verify(secret, wrong, now)).toBeNull();
    expect(totp.verify(secret, '12345', now)).toBeNull();
    expect(totp.verify(secret, 'abcdef', now)).toBeNull();
  });
  it('builds the otpauth URI authenticator apps import', () => {
    const text = totp.otpauthUri('Gelora', 'budi', 'JBSWY3DPEHPK3PXP');
    expect(text.startsWith('otpauth://totp/Gelora:budi?')).toBe(true);
    const uri = new URL(text);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Gelora',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
