// Sessions and their refresh tokens. A session is a family of refresh tokens born at one login; every
// refresh rotates the token (the presented one is marked used, a new one is issued) and presenting
// a used token again revokes the whole family: whoever holds the newer token, thief or member, must
// log in again (OAuth 2.0 Security BCP, refresh token rotation).
//
// But for the grace of a lost answer: a page left while its refresh was in flight never stored the
// new token, and the next page presents the old one again. That token is rotated once more if it
// comes back within REUSE_GRACE_MS of its first use and the token it was exchanged for was never
// presented; the unpresented token is then superseded, and presenting a superseded token is reuse
// at once. So the grace ends 60 s after the first use whatever happens in it, a replay after the
// member's own next refresh is reuse as before, and a thief who replays inside the grace takes the
// member's unpresented token out of use: the member's next refresh ends the family.
import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { memberSessions, members, refreshTokens } from '../db/schema/index.ts';

export type SessionKind = 'web' | 'app';
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

const DAY_MS = 86_400_000;
/** How long after its first use a refresh token may be presented again (its answer was lost). */
export const REUSE_GRACE_MS = 60_000;
/** Idle lifetime of a refresh token (each rotation starts a new one): web 14 days, app token 90 days. */
export const REFRESH_TTL_MS: Record<SessionKind, number> = { web: 14 * DAY_MS, app: 90 * DAY_MS };
/**
 * Absolute lifetime of a session, however often it is refreshed (OWASP's absolute timeout): a
 * stolen refresh token that the thief keeps rotating, while the member no longer uses that browser,
 * would otherwise never expire. The member signs in again at least every 90 days on the web, every
 * 180 in the app. No token of a session outlives it.
 */
export const SESSION_MAX_AGE_MS: Record<SessionKind, number> = { web: 90 * DAY_MS, app: 180 * DAY_MS };

/** 256 random bits, base64url: 43 characters. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function digest(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

async function issue(db: Queryable, sessionId: string, kind: SessionKind, now: Date, sessionStart: Date): Promise<string> {
  const token = newToken();
  await db.insert(refreshTokens).values({
    tokenHash: digest(token),
    sessionId,
    createdAt: now,
    expiresAt: new Date(Math.min(now.getTime() + REFRESH_TTL_MS[kind], sessionStart.getTime() + SESSION_MAX_AGE_MS[kind])),
  });
  return token;
}

/** Starts a session for a member who just proved their password; returns its first refresh token. */
export async function create(
  db: Queryable,
  opts: { memberId: number; kind: SessionKind; ip: string; now?: Date },
): Promise<{ sessionId: string; refreshToken: string }> {
  const now = opts.now ?? new Date();
  const sessionId = crypto.randomUUID();
  await db.insert(memberSessions).values({ id: sessionId, memberId: opts.memberId, kind: opts.kind, ip: opts.ip, createdAt: now });
  const refreshToken = await issue(db, sessionId, opts.kind, now, now);
  return { sessionId, refreshToken };
}

export type RotateResult =
  | { ok: true; memberId: number; username: string; sessionId: string; kind: SessionKind; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Exchanges a refresh token for a new one.
 *
 * Lock order: every transaction that changes a session's tokens first locks the session's row
 * (rotate, end, endOthers), so the operations on one family run one after the other: of two
 * concurrent uses of one token, one rotates and the other finds it used; a grace and a rotation
 * cannot fork the family; a logout racing a refresh cannot deadlock.
 */
export async function rotate(db: Db, token: string, now = new Date()): Promise<RotateResult> {
  const hash = digest(token);
  return db.transaction(async (tx) => {
    // The session's row first, locked (see above), found through the token in the same statement.
    const [session] = await tx
      .select({ sessionId: memberSessions.id, kind: memberSessions.kind, createdAt: memberSessions.createdAt, revokedAt: memberSessions.revokedAt, memberId: members.id, username: members.username })
      .from(memberSessions)
      .innerJoin(members, eq(members.id, memberSessions.memberId))
      .where(eq(memberSessions.id, sql`(select ${refreshTokens.sessionId} from ${refreshTokens} where ${refreshTokens.tokenHash} = ${hash})`))
      .for('update', { of: memberSessions });
    if (!session) return { ok: false, reason: 'unknown' } as const;
    if (session.revokedAt) return { ok: false, reason: 'revoked' } as const;
    const kind = session.kind as SessionKind;
    const rotated = async () => {
      const refreshToken = await issue(tx, session.sessionId, kind, now, session.createdAt);
      return { ok: true, memberId: session.memberId, username: session.username, sessionId: session.sessionId, kind, refreshToken } as const;
    };
    // The usual case, in one statement: an unused token that has not expired is used now.
    const [fresh] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, hash), eq(refreshTokens.sessionId, session.sessionId), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, now)))
      .returning({ hash: refreshTokens.tokenHash });
    if (fresh) return rotated();

    const [row] = await tx
      .select({ usedAt: refreshTokens.usedAt, supersededAt: refreshTokens.supersededAt, expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, hash), eq(refreshTokens.sessionId, session.sessionId)));
    // Deleted (a logout) while this waited for the session.
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.usedAt && !row.supersededAt && row.expiresAt > now && now.getTime() - row.usedAt.getTime() <= REUSE_GRACE_MS) {
      // Was the token it was exchanged for (or a later one) presented since? Then this is a replay.
      const [later] = await tx
        .select({ hash: refreshTokens.tokenHash })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.sessionId, session.sessionId), gt(refreshTokens.usedAt, row.usedAt), isNull(refreshTokens.supersededAt)))
        .limit(1);
      if (!later) {
        await tx
          .update(refreshTokens)
          .set({ usedAt: now, supersededAt: now })
          .where(and(eq(refreshTokens.sessionId, session.sessionId), isNull(refreshTokens.usedAt)));
        return rotated();
      }
    }
    if (row.usedAt) {
      await tx
        .update(memberSessions)
        .set({ revokedAt: now, revokedReason: 'reuse' })
        .where(and(eq(memberSessions.id, session.sessionId), isNull(memberSessions.revokedAt)));
      return { ok: false, reason: 'reused' } as const;
    }
    return { ok: false, reason: 'expired' } as const;
  });
}

/**
 * Logout: the session's refresh tokens are deleted and the session ends (its row locked first, see
 * rotate). Unknown tokens are ignored.
 */
export async function end(db: Db, token: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, digest(token)));
    if (!row) return;
    await tx.select({ id: memberSessions.id }).from(memberSessions).where(eq(memberSessions.id, row.sessionId)).for('update');
    await tx.delete(refreshTokens).where(eq(refreshTokens.sessionId, row.sessionId));
    await tx
      .update(memberSessions)
      .set({ revokedAt: now, revokedReason: 'logout' })
      .where(and(eq(memberSessions.id, row.sessionId), isNull(memberSessions.revokedAt)));
  });
}

/**
 * Ends every live session of a member except one (after a password change, inside its
 * transaction): the sessions' rows are locked first, in one order, as rotate says.
 */
export async function endOthers(db: Queryable, memberId: number, keepSessionId: string, now = new Date()): Promise<void> {
  const others = await db
    .select({ id: memberSessions.id })
    .from(memberSessions)
    .where(and(eq(memberSessions.memberId, memberId), ne(memberSessions.id, keepSessionId), isNull(memberSessions.revokedAt)))
    .orderBy(asc(memberSessions.id))
    .for('update');
  if (others.length === 0) return;
  await db.delete(refreshTokens).where(inArray(refreshTokens.sessionId, others.map((o) => o.id)));
  await db
    .update(memberSessions)
    .set({ revokedAt: now, revokedReason: 'password' })
    .where(and(eq(memberSessions.memberId, memberId), ne(memberSessions.id, keepSessionId), isNull(memberSessions.revokedAt)));
}

/** Housekeeping at login: a member's expired refresh tokens can never be used again. */
export async function pruneExpired(db: Queryable, memberId: number, now = new Date()): Promise<void> {
  await db.delete(refreshTokens).where(
    and(
      lt(refreshTokens.expiresAt, now),
      inArray(refreshTokens.sessionId, db.select({ id: memberSessions.id }).from(memberSessions).where(eq(memberSessions.memberId, memberId))),
    ),
  );
}

export interface SessionMember {
  memberId: number;
  username: string;
  sessionId: string;
  suspended: boolean;
  verified: boolean;
}

/** The member of a live session, or null when the session was revoked (or never existed). */
export async function resolve(db: Db, memberId: number, sessionId: string): Promise<SessionMember | null> {
  const [row] = await db
    .select({
      memberId: members.id,
      username: members.username,
      suspended: members.suspended,
      verified: members.verified,
      sessionId: memberSessions.id,
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(and(eq(memberSessions.id, sessionId), eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt)));
  return row ?? null;
}

/** True when the string could be a UUID (anything else never reaches a uuid column). */
export const isUuid = (s: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(s);

