// Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) with node:crypto only: HMAC-SHA1,
// 6 digits, 30-second steps, the neighbouring step on either side accepted for clock drift. These
// are the defaults every authenticator app understands from an otpauth:// URI.
import crypto from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const TOTP_DEFAULTS = { digits: 6, periodSeconds: 30, algorithm: 'sha1', window: 1 } as const;
type Algorithm = 'sha1' | 'sha256' | 'sha512';

/** RFC 4648 base32 without padding (what otpauth secrets use). */
export function base32Encode(buf: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, ignoring case, spaces and '=' padding. Throws on any other character. */
export function base32Decode(input: string): Buffer {
  const clean = input.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) throw new RangeError(`not a base32 character: ${ch}`);
    value = ((value << 5) | idx) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new 160-bit secret (RFC 4226 §4 recommends at least 128, 160 for SHA-1), base32. */
export function generateSecret(): string {
  return base32Encode(crypto.randomBytes(20));
}

/** RFC 4226 HOTP: dynamic truncation of HMAC(key, counter), `digits` decimal digits. */
export function hotp(key: Uint8Array, counter: number, digits: number = TOTP_DEFAULTS.digits, algorithm: Algorithm = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac(algorithm, key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** The RFC 6238 time step T = floor(unixSeconds / period). */
export function stepAt(timeMs: number, periodSeconds: number = TOTP_DEFAULTS.periodSeconds): number {
  return Math.floor(timeMs / 1000 / periodSeconds);
}

export function codeAt(secret: string, timeMs: number): string {
  return hotp(base32Decode(secret), stepAt(timeMs));
}

/**
 * The time step `code` belongs to, looking `window` steps either side of now, or null. The caller
 * must refuse a step it has already accepted (a code is good once). Every candidate is compared in
 * constant time.
 */
export function verify(secret: string, code: string, timeMs: number, window: number = TOTP_DEFAULTS.window): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = stepAt(timeMs);
  let matched: number | null = null;
  for (let step = now - window; step <= now + window; step++) {
    const candidate = hotp(key, step);
    if (crypto.timingSafeEqual(Buffer.from(candidate), Buffer.from(code)) && matched === null) matched = step;
  }
  return matched;
}

/** The otpauth:// URI authenticator apps import (Key Uri Format). */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DEFAULTS.digits),
    period: String(TOTP_DEFAULTS.periodSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
