// Admins' TOTP secrets at rest. A copy of the database (a backup, a dump) must not be enough to
// make an admin's codes: each secret is stored sealed with AES-256-GCM under a key derived from the
// access-token signing key (JWT_SECRET, or the generated key in server_secrets when it is unset, in
// which case a whole-database copy holds the key too: set JWT_SECRET in production). The admin's
// name is bound in as associated data, so a sealed secret copied onto another admin's row does not
// open there.
//
// Stored form: `v1.<iv>.<ciphertext and tag>` (base64url). A secret written before sealing existed
// is plain base32, which never contains a '.': `open` still reads it, and boot seals it
// (`sealStoredSecrets` in service.ts). A new JWT_SECRET means every sealed secret no longer opens:
// boot names the admins concerned, who enrol again after `npm run admin:create -- --reset <name>`.
import crypto from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The sealing key, derived from the signing key so that the two are never the same key. */
export function deriveKey(signingKey: Buffer): Buffer {
  return crypto.createHmac('sha256', signingKey).update('gelora totp secret v1').digest();
}

const aad = (username: string) => Buffer.from(`admin:${username}`, 'utf8');

export function seal(key: Buffer, username: string, secret: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(username));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
}

/** True for a secret stored before sealing: plain base32. */
export function isPlain(stored: string): boolean {
  return !stored.includes('.');
}

/**
 * The secret, from its stored form: opened, or as it is when stored plain. Null when it does not
 * open: sealed under another key, for another admin, or altered.
 */
export function open(key: Buffer, username: string, stored: string): string | null {
  if (isPlain(stored)) return stored;
  const [version, iv, body, ...rest] = stored.split('.');
  if (version !== VERSION || iv === undefined || body === undefined || rest.length > 0) return null;
  const ivBytes = Buffer.from(iv, 'base64url');
  const bytes = Buffer.from(body, 'base64url');
  if (ivBytes.length !== IV_BYTES || bytes.length <= TAG_BYTES) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(username));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
