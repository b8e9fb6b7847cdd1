// Access tokens: compact JWS, HS256 over node:crypto. Only HS256 is accepted (no "alg": "none", no
// key confusion), the signature is compared in constant time, and `exp` is always required.
import crypto from 'node:crypto';

export interface AccessClaims {
  /** Member id. */
  sub: string;
  /** The spec's access token payload holds the username (000 §3); the client reads it for display. */
  username: string;
  /** Session (refresh-token family) id: the auth hook checks it is still alive. */
  sid: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function signature(secret: Buffer, signingInput: string): Buffer {
  return crypto.createHmac('sha256', secret).update(signingInput).digest();
}

export function sign(secret: Buffer, claims: AccessClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${signature(secret, input).toString('base64url')}`;
}

/** The claims of a well-formed, correctly signed, unexpired token; null otherwise. */
export function verify(secret: Buffer, token: string, nowSeconds = Math.floor(Date.now() / 1000)): AccessClaims | null {
  if (token.length > 2048) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, sig] = parts as [string, string, string];
  if (header !== HEADER) return null;
  const expected = signature(secret, `${header}.${payload}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims) || claims.exp <= nowSeconds) return null;
  return claims;
}

function isClaims(c: unknown): c is AccessClaims {
  if (typeof c !== 'object' || c === null) return false;
  const o = c as Record<string, unknown>;
  return (
    typeof o['sub'] === 'string' && /^[1-9][0-9]{0,9}$/.test(o['sub']) &&
    typeof o['username'] === 'string' &&
    typeof o['sid'] === 'string' &&
    Number.isInteger(o['iat']) &&
    Number.isInteger(o['exp'])
  );
}
