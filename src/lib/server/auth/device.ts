// Device tokens (OWASP's "device cookies"): proof that this browser signed in as this username
// before. A username is public (it is the member's referral code), so the per-username login limit
// could be run up by anyone with a few addresses, locking the member out. A login that presents a
// valid device token for its username is counted against that token instead, which strangers
// cannot run up: they would need the member's password to get one.
//
// Form: `<iat>.<nonce>.<mac>`, the MAC an HMAC-SHA256 over the username, iat and nonce, under a key
// derived from the access-token key (rotating that key retires every device token). No database row:
// a token is as good as its MAC and age; the nonce names it for the limiter.
import crypto from 'node:crypto';

/** A device token is honoured this long after it was issued; each login issues a new one. */
export const DEVICE_TOKEN_TTL_SECONDS = 365 * 24 * 3600;

/** The device-token key, derived from the signing key so that the two are never the same key. */
export function deriveKey(signingKey: Buffer): Buffer {
  return crypto.createHmac('sha256', signingKey).update('gelora device token v1').digest();
}

function mac(key: Buffer, username: string, iat: number, nonce: string): Buffer {
  return crypto.createHmac('sha256', key).update(`${username}\n${iat}\n${nonce}`).digest();
}

/** A new device token for `username` (already reduced, as the login schema leaves it). */
export function issue(key: Buffer, username: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const nonce = crypto.randomBytes(16).toString('base64url');
  return `${nowSeconds}.${nonce}.${mac(key, username, nowSeconds, nonce).toString('base64url')}`;
}

/**
 * The token's nonce (its limiter key) when `token` is a device token issued for `username`, within
 * its lifetime; null for anything else.
 */
export function verify(key: Buffer, token: string, username: string, nowSeconds = Math.floor(Date.now() / 1000)): string | null {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, iatText, nonce, given] = m as unknown as [string, string, string, string];
  const iat = Number(iatText);
  if (iat > nowSeconds + 60 || nowSeconds - iat > DEVICE_TOKEN_TTL_SECONDS) return null;
  const expected = mac(key, username, iat, nonce);
  const givenBytes = Buffer.from(given, 'base64url');
  return givenBytes.length === expected.length && crypto.timingSafeEqual(givenBytes, expected) ? nonce : null;
}
