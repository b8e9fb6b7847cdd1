import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Back-office accounts, separate from members: own table, own sessions, own login at /admin.
 * Created only from the shell (`npm run admin:create`).
 */
export const admins = pgTable(
  'admins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lowercase letters, digits, '.', '_' or '-'; 3–32 characters. */
    username: text('username').notNull().unique('admins_username_unique'),
    /** argon2id PHC string (parameters in src/lib/server/admin/password.ts). */
    passwordHash: text('password_hash').notNull(),
    /** owner | editor | support (src/lib/server/admin/permissions.ts). */
    role: text('role').notNull(),
    /** Set for the one-time password printed by admin:create; the admin must choose a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** Base32 TOTP secret (RFC 6238). Generated with the account; shown only until enrolled. */
    totpSecret: text('totp_secret').notNull(),
    /** When the admin proved the authenticator works; null: not enrolled yet. */
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    /** The last accepted TOTP time step: a code is accepted once (replay guard). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('admins_role_valid', sql`${t.role} in ('owner', 'editor', 'support')`),
    check('admins_username_format', sql`${t.username} ~ '^[a-z0-9._-]{3,32}$'`),
  ],
);

export type Admin = typeof admins.$inferSelect;

/**
 * Server-side admin sessions. The cookie carries a random token; only its SHA-256 is stored, so a
 * copy of this table opens no session. A session passes the password first (mfaAt null) and the
 * TOTP code second; it ends 30 minutes after the last request or at expiresAt, whichever is first.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    /** SHA-256 (hex) of the cookie token. */
    id: text('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    mfaAt: timestamp('mfa_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end, however active the session is. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('admin_sessions_admin_idx').on(t.adminId)],
);

export type AdminSession = typeof adminSessions.$inferSelect;

/**
 * Every admin write, append-only: the application has no update or delete path, and a trigger
 * (migration 'audit_append_only') refuses UPDATE, DELETE and TRUNCATE in the database itself.
 * adminUsername is copied so an entry reads the same whatever happens to the account later;
 * adminId is null for actions taken from the shell (admin:create).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id').references(() => admins.id),
    adminUsername: text('admin_username').notNull(),
    /** Verb-first, dotted: 'promotion.create', 'settings.update', 'auth.login'. */
    action: text('action').notNull(),
    /** What was touched, e.g. 'promotion:5'; empty when the action has no single target. */
    target: text('target').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

export type AuditEntry = typeof auditLog.$inferSelect;
