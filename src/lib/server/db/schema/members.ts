// Members, their sessions (refresh-token families), the account activity log, and the server's own
// signing secret. The CHECK constraints restate the registration rules (000 §5) so that no code path,
// present or future, can store a member that breaks them; the age rule (18+) depends on the current
// date, which a CHECK may not, and is enforced by the service.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const members = pgTable(
  'members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lowercase letters and digits, 6-12, not digits only. Also the member's referral code (000 §6). */
    username: text('username').notNull().unique('members_username_key'),
    /** argon2id PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash). */
    passwordHash: text('password_hash').notNull(),
    /** Starts with 08, 9-15 digits. */
    phone: text('phone').notNull(),
    /** Lowercase, at most 50 characters. */
    email: text('email').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    /** The member whose referral code was used at registration, if any. */
    referrerId: integer('referrer_id').references((): AnyPgColumn => members.id, { onDelete: 'set null' }),
    /** Set by an admin (content/back-office issue); a suspended member's game launch is refused. */
    suspended: boolean('suspended').notNull().default(false),
    /** Set by an admin; a verified member also gets the memos to verified members (001 §6, §7). */
    verified: boolean('verified').notNull().default(false),
    /** Connection address at registration (through the trusted proxy only). */
    registeredIp: text('registered_ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('members_username_rule', sql`${t.username} ~ '^[a-z0-9]{6,12}$' AND ${t.username} !~ '^[0-9]+$'`),
    check('members_phone_rule', sql`${t.phone} ~ '^08[0-9]{7,13}$'`),
    check('members_email_rule', sql`char_length(${t.email}) BETWEEN 3 AND 50 AND ${t.email} = lower(${t.email}) AND ${t.email} LIKE '%_@_%._%'`),
    check('members_password_hash_rule', sql`${t.passwordHash} LIKE '$argon2id$%'`),
    check('members_birth_date_rule', sql`${t.birthDate} >= DATE '1900-01-01'`),
    check('members_referrer_rule', sql`${t.referrerId} IS NULL OR ${t.referrerId} <> ${t.id}`),
    index('members_referrer_idx').on(t.referrerId),
  ],
);

/**
 * A session: one family of refresh tokens, born at login. Revoking it (logout, reuse of a rotated
 * token, password change elsewhere) ends every token of the family and every access token that
 * names it (`sid`), since the auth hook checks the session on each request.
 */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: uuid('id').primaryKey(),
    memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    /** 'web' (refresh token) or 'app' (the webview's apk token: same rotation, longer life). */
    kind: text('kind').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while the session is alive. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'logout' | 'reuse' | 'password' */
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    check('member_sessions_kind_rule', sql`${t.kind} IN ('web', 'app')`),
    index('member_sessions_member_idx').on(t.memberId),
  ],
);

/**
 * Refresh tokens, stored as SHA-256 of the opaque token (the token itself is 256 random bits, so a
 * fast hash is enough: nothing to brute-force). A token is used once: `usedAt` marks it rotated;
 * presenting it again is reuse and revokes its session, but for the grace of a lost answer
 * (src/lib/server/auth/session.ts). `supersededAt` marks a token that such a grace took out of use
 * before it was ever presented: presenting it is reuse at once.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id').notNull().references(() => memberSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId), index('refresh_tokens_expires_idx').on(t.expiresAt)],
);

/** Account activity shown in /setting (001 §3): jenis 'login' or 'ubah password', IP, time. */
export const memberActivity = pgTable(
  'member_activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    ip: text('ip').notNull().default(''),
    sessionId: uuid('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('member_activity_kind_rule', sql`${t.kind} IN ('login', 'ubah password')`),
    index('member_activity_member_idx').on(t.memberId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Secrets the server generates for itself when none is configured (the JWT key for PGlite installs). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Member = typeof members.$inferSelect;
export type MemberSession = typeof memberSessions.$inferSelect;
export type ActivityKind = 'login' | 'ubah password';
