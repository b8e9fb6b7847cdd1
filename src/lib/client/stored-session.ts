// What the tiny redirect scripts need, with no dependency (it ships on the light public pages):
// is there a stored session? The spec's rule (000 §2): a stored token that decodes. The server
// decides whether it is still good; a stale one fails its refresh and logs the member out.
import { STORAGE_KEYS } from '../shared/constants.ts';

export interface TokenInfo {
  username: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/** The payload of an access token, decoded (not verified: only the server can, and does). */
export function decodeAccessToken(token: string | null | undefined): TokenInfo | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { username?: unknown; exp?: unknown };
    if (typeof claims.username !== 'string' || typeof claims.exp !== 'number') return null;
    return { username: claims.username, exp: claims.exp };
  } catch {
    return null;
  }
}

export function hasStoredSession(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storedSessionUser(storage) !== null;
}

/** Whose the stored session is (the access token's username), or null without one. */
export function storedSessionUser(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  try {
    if (!storage.getItem(STORAGE_KEYS.refreshToken)) return null;
    return decodeAccessToken(storage.getItem(STORAGE_KEYS.accessToken))?.username ?? null;
  } catch {
    return null; // storage blocked (privacy mode)
  }
}
