// Server-side admin sessions. The browser holds a random 256-bit token in an httpOnly, Secure,
// SameSite=Strict cookie; the table holds only its SHA-256. A session ends 30 minutes after its
// last request (idle), 12 hours after sign-in (absolute), or 10 minutes after the password step if
// the TOTP step never follows.
import crypto from 'node:crypto';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { admins, adminSessions, type Admin, type AdminSession } from '../db/schema/index.ts';
import { DEVICE_TOKEN_TTL_SECONDS } from '../auth/device.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 60 * 60_000;
export const PENDING_MFA_MS = 10 * 60_000;

/**
 * `__Host-`: the browser accepts it only with Secure, Path=/ and no Domain, so no subdomain or
 * plain-HTTP page can plant or overwrite it. Browsers treat http://localhost and 127.0.0.1 as
 * secure, so development works; any other plain-HTTP origin cannot hold an admin session.
 */
export const COOKIE_NAME = '__Host-gelora_admin';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function setCookie(token: string): string {
  return `${COOKIE_NAME}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict`;
}

export function clearCookie(): string {
  return `${COOKIE_NAME}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0`;
}

/**
 * The device token (auth/device.ts) of a browser where an admin completed sign-in, password and
 * TOTP: its later password steps as that admin are counted on their own (service.ts login). Kept a
 * year and past logout, like the token itself.
 */
export const DEVICE_COOKIE_NAME = '__Host-gelora_admin_device';

export function setDeviceCookie(token: string): string {
  return `${DEVICE_COOKIE_NAME}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${DEVICE_TOKEN_TTL_SECONDS}`;
}

/** The value of cookie `name` in a Cookie header when it has the expected form, else undefined. */
function cookieValue(header: string | undefined, name: string, form: RegExp): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return form.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** The session token from a Cookie header, if any. */
export const tokenFromCookieHeader = (header: string | undefined): string | undefined =>
  cookieValue(header, COOKIE_NAME, /^[A-Za-z0-9_-]{43}$/);

/** The device token from a Cookie header, if any (checked for real by the service). */
export const deviceTokenFromCookieHeader = (header: string | undefined): string | undefined =>
  cookieValue(header, DEVICE_COOKIE_NAME, /^[\w.-]{1,100}$/);

export async function create(db: Db | Tx, input: { adminId: number; ip: string; userAgent: string; now: number }): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(adminSessions).values({
    id: hashToken(token),
    adminId: input.adminId,
    createdAt: new Date(input.now),
    lastSeenAt: new Date(input.now),
    expiresAt: new Date(input.now + SESSION_MAX_MS),
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 300),
  });
  return token;
}

function expired(session: AdminSession, now: number): boolean {
  if (session.expiresAt.getTime() <= now) return true;
  if (session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) return true;
  return !session.mfaAt && session.createdAt.getTime() + PENDING_MFA_MS <= now;
}

/**
 * The live session and its admin for a cookie token, or null. A live session's idle clock restarts
 * (this request counts as activity); an expired one is deleted.
 */
export async function resolve(db: Db, token: string, now: number): Promise<{ session: AdminSession; admin: Admin } | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({ session: adminSessions, admin: admins })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(eq(adminSessions.id, id));
  if (!row) return null;
  if (expired(row.session, now) || row.admin.disabledAt) {
    await db.delete(adminSessions).where(eq(adminSessions.id, id));
    return null;
  }
  const lastSeenAt = new Date(now);
  await db.update(adminSessions).set({ lastSeenAt }).where(eq(adminSessions.id, id));
  return { session: { ...row.session, lastSeenAt }, admin: row.admin };
}

export async function markMfa(db: Db, sessionId: string, now: number): Promise<void> {
  await db.update(adminSessions).set({ mfaAt: new Date(now) }).where(eq(adminSessions.id, sessionId));
}

export async function revoke(db: Db, sessionId: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.id, sessionId));
}

/** Ends every other session of the admin (after a password change). */
export async function revokeOthers(db: Db, adminId: number, keepSessionId: string): Promise<void> {
  await db.delete(adminSessions).where(and(eq(adminSessions.adminId, adminId), ne(adminSessions.id, keepSessionId)));
}

export async function revokeAll(db: Db, adminId: number): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.adminId, adminId));
}

/** Deletes sessions past any of their limits; run at sign-in so the table stays small. */
export async function sweep(db: Db, now: number): Promise<void> {
  await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.expiresAt, new Date(now)),
        lt(adminSessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
      ),
    );
}
