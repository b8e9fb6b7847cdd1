// Device tokens (OWASP's "device cookies"): proof that this browser signed in as this username
// before. A username is public (it is the member's referral code), so the per-username login limit
// could be run up by anyone with a few addresses, locking the member out. A login that presents a
// valid device token for its username is counted against that token instead, which strangers
// cannot run up: they would need the member's password to get one.
//
// Form: `<iat>.<nonce>.<mac>`, the MAC an HMAC-SHA256 over the subject, iat and nonce, under a key
// derived from the access-token key (rotating that key retires every device token). The subject is
// the username and a digest of the password hash the login was made with (`subject`), so a password
// change retires every token earned with the old password: someone who once knew it cannot keep
// collecting tokens to guess the new one. No database row: a token is as good as its MAC and age;
// the nonce names it for the limiter.
import crypto from 'node:crypto';

/** A device token is honoured this long after it was issued; each login issues a new one. */
export const DEVICE_TOKEN_TTL_SECONDS = 365 * 24 * 3600;

/** The device-token key, derived from the signing key so that the two are never the same key. */
export function deriveKey(signingKey: Buffer): Buffer {
  return crypto.createHmac('sha256', signingKey).update('gelora device token v1').digest();
}

/**
 * What a token is bound to: an account's name (members: the username; admins: 'admin:<name>', which
 * no username can be) and its current password hash.
 */
export function subject(name: string, passwordHash: string): string {
  return `${name}\n${crypto.createHash('sha256').update(passwordHash).digest('base64url')}`;
}

function mac(key: Buffer, subj: string, iat: number, nonce: string): Buffer {
  return crypto.createHmac('sha256', key).update(`${subj}\n${iat}\n${nonce}`).digest();
}

const FORM = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** Whether `token` has a device token's form (worth looking up the account it may belong to). */
export const isWellFormed = (token: string): boolean => FORM.test(token);

/** A new device token for `subj` (see subject). */
export function issue(key: Buffer, subj: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const nonce = crypto.randomBytes(16).toString('base64url');
  return `${nowSeconds}.${nonce}.${mac(key, subj, nowSeconds, nonce).toString('base64url')}`;
}

/**
 * The token's nonce (its limiter key) when `token` is a device token issued for `subj`, within its
 * lifetime; null for anything else.
 */
export function verify(key: Buffer, token: string, subj: string, nowSeconds = Math.floor(Date.now() / 1000)): string | null {
  const m = FORM.exec(token);
  if (!m) return null;
  const [, iatText, nonce, given] = m as unknown as [string, string, string, string];
  const iat = Number(iatText);
  if (iat > nowSeconds + 60 || nowSeconds - iat > DEVICE_TOKEN_TTL_SECONDS) return null;
  const expected = mac(key, subj, iat, nonce);
  const givenBytes = Buffer.from(given, 'base64url');
  return givenBytes.length === expected.length && crypto.timingSafeEqual(givenBytes, expected) ? nonce : null;
}
