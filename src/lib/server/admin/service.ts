// The back office's sign-in and account service: password (argon2id) → TOTP (enrolment on the
// first sign-in) → forced change of the one-time password → work. One instance per process; the
// rate limiters live in it.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { admins, type Admin } from '../db/schema/index.ts';
import { addressKey, checked, claim, createRateLimiter, type RateRule } from '../rate-limit.ts';
import * as audit from './audit.ts';
import { errorText } from '../error-text.ts';
import * as deviceToken from '../auth/device.ts';
import * as password from './password.ts';
import * as sessions from './sessions.ts';
import * as totp from './totp.ts';
import * as totpSeal from './totp-seal.ts';
import { isRole, type AdminRole } from './permissions.ts';
import {
  AdminExistsError,
  InvalidCredentialsError,
  InvalidTotpError,
  NotFoundError,
  RateLimitedError,
  WrongPasswordError,
} from './errors.ts';

/** The admin behind a request, as every handler sees it. */
export interface Principal {
  sessionId: string;
  adminId: number;
  username: string;
  role: AdminRole;
  /** The TOTP step is done for this session. */
  mfa: boolean;
  /** TOTP is set up (false: the 2FA page shows the secret to enrol). */
  enrolled: boolean;
  /** Still on the one-time password from admin:create. */
  mustChangePassword: boolean;
}

export interface AdminLimits {
  /** Failed passwords for one username from one address: the limit an admin meets after mistyping. */
  usernameIpFailures: RateRule;
  /**
   * Failed passwords for one username from any address: caps guessing spread over many addresses,
   * and is high enough that a stranger cannot lock an admin out by failing five times (the TOTP
   * step stands behind the password in any case). A few addresses can still run it up, so it does
   * not apply to a password step with the admin's device token (deviceFailures).
   */
  usernameFailures: RateRule;
  /**
   * Failed passwords with one device token (a browser where this admin completed sign-in before,
   * TOTP included), in place of the two per-username rules: strangers cannot lock that browser out.
   */
  deviceFailures: RateRule;
  /** Failed passwords per client IP, whatever the username. */
  ipFailures: RateRule;
  /** Failed TOTP codes per admin. */
  totpFailures: RateRule;
  /** Wrong current passwords in a password change, per admin. */
  passwordFailures: RateRule;
}

const FIFTEEN_MINUTES = 15 * 60_000;
export const DEFAULT_LIMITS: AdminLimits = {
  usernameIpFailures: { limit: 5, windowMs: FIFTEEN_MINUTES },
  usernameFailures: { limit: 30, windowMs: FIFTEEN_MINUTES },
  deviceFailures: { limit: 5, windowMs: FIFTEEN_MINUTES },
  ipFailures: { limit: 20, windowMs: FIFTEEN_MINUTES },
  totpFailures: { limit: 5, windowMs: FIFTEEN_MINUTES },
  passwordFailures: { limit: 5, windowMs: FIFTEEN_MINUTES },
};

export const ISSUER = 'Gelora';

/** Where the admin goes next after a completed step. */
export function nextStep(p: Pick<Principal, 'mfa' | 'mustChangePassword'>): string {
  if (!p.mfa) return '/admin/2fa';
  if (p.mustChangePassword) return '/admin/password';
  return '/admin';
}

const CLI: audit.Actor = { adminId: null, username: 'cli', ip: '' };

/** What an admin's device token is bound to: 'admin:<name>' (never a member's username, which has no ':') and the password hash. */
const deviceSubject = (admin: Pick<Admin, 'username' | 'passwordHash'>) => deviceToken.subject(`admin:${admin.username}`, admin.passwordHash);

export interface AdminServiceOptions {
  now?: () => number;
  limits?: Partial<AdminLimits>;
  /** The device-token key (auth/device.ts), the members' one: the subjects differ (deviceSubject). */
  deviceKey: () => Promise<Buffer>;
  /** The key TOTP secrets are sealed with at rest (totp-seal.ts). */
  totpKey: () => Promise<Buffer>;
}

export function createAdminService(db: Db, opts: AdminServiceOptions) {
  const now = opts.now ?? Date.now;
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const limiter = {
    usernameIp: createRateLimiter(limits.usernameIpFailures, { now }),
    username: createRateLimiter(limits.usernameFailures, { now }),
    device: createRateLimiter(limits.deviceFailures, { now }),
    ip: createRateLimiter(limits.ipFailures, { now }),
    totp: createRateLimiter(limits.totpFailures, { now }),
    password: createRateLimiter(limits.passwordFailures, { now }),
  };

  const toPrincipal = (sessionId: string, admin: Admin, mfa: boolean): Principal => ({
    sessionId,
    adminId: admin.id,
    username: admin.username,
    role: isRole(admin.role) ? admin.role : 'support',
    mfa,
    enrolled: admin.totpEnrolledAt !== null,
    mustChangePassword: admin.mustChangePassword,
  });

  const actorOf = (p: Principal, ip: string): audit.Actor => ({ adminId: p.adminId, username: p.username, ip });

  async function findByUsername(username: string): Promise<Admin | undefined> {
    const [row] = await db.select().from(admins).where(eq(admins.username, username));
    return row;
  }

  /**
   * A refused sign-in step on an admin's account. Whoever tried is not known to be the admin: the
   * row has no admin id (as the shell's), and names the account tried. Only attempts the rate limits
   * let through to the check are recorded, so a flood of them is bounded as the checks are. Not
   * waited for: the answer to a wrong password must take as long whether the account exists or not,
   * and a failed write must not turn the refusal into an error.
   */
  const recordFailure = (adminId: number, username: string, ip: string, action: 'auth.login_failed' | 'auth.totp_failed') => {
    audit
      .record(db, { adminId: null, username, ip }, { action, target: `admin:${adminId}` })
      .catch((err: unknown) => console.error(`[admin] recording ${action} failed:`, errorText(err)));
  };

  /** A new TOTP secret, sealed for storage on `username`'s row. */
  const newSealedSecret = async (username: string) => totpSeal.seal(await opts.totpKey(), username, totp.generateSecret());
  /** The TOTP secret of an admin's row; null when it does not open (sealed under another key). */
  const secretOf = async (row: { username: string; totpSecret: string }) => totpSeal.open(await opts.totpKey(), row.username, row.totpSecret);

  /** A device token for a browser where the admin completed sign-in (login below). */
  const issueDeviceToken = async (admin: Pick<Admin, 'username' | 'passwordHash'>, t: number) =>
    deviceToken.issue(await opts.deviceKey(), deviceSubject(admin), Math.floor(t / 1000));

  return {
    /** admin:create. Returns the one-time password, shown once. */
    async create(username: string, role: AdminRole): Promise<{ admin: Admin; password: string }> {
      if (await findByUsername(username)) throw new AdminExistsError(username);
      const oneTime = password.oneTimePassword();
      const passwordHash = await password.hash(oneTime);
      // Sealed before the transaction: the key may be read from the database (PGlite has one connection).
      const totpSecret = await newSealedSecret(username);
      const admin = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(admins)
          .values({ username, role, passwordHash, totpSecret, mustChangePassword: true })
          .returning();
        await audit.record(tx, CLI, { action: 'admin.create', target: `admin:${row!.id}`, after: { username, role } });
        return row!;
      });
      return { admin, password: oneTime };
    },

    /**
     * admin:create --reset: a lost password or authenticator. New one-time password and a new TOTP
     * secret (enrolment again), every session ended; the role may change at the same time.
     */
    async reset(username: string, role?: AdminRole): Promise<{ admin: Admin; password: string }> {
      const existing = await findByUsername(username);
      if (!existing) throw new NotFoundError(username);
      const oneTime = password.oneTimePassword();
      const passwordHash = await password.hash(oneTime);
      const totpSecret = await newSealedSecret(existing.username);
      const admin = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(admins)
          .set({
            passwordHash,
            role: role ?? existing.role,
            mustChangePassword: true,
            totpSecret,
            totpEnrolledAt: null,
            totpLastStep: null,
            disabledAt: null,
            updatedAt: new Date(now()),
          })
          .where(eq(admins.id, existing.id))
          .returning();
        await audit.record(tx, CLI, {
          action: 'admin.reset',
          target: `admin:${existing.id}`,
          before: { role: existing.role, enrolled: existing.totpEnrolledAt !== null },
          after: { role: row!.role, enrolled: false },
        });
        return row!;
      });
      await sessions.revokeAll(db, existing.id);
      return { admin, password: oneTime };
    },

    /** admin:create --disable: the account can no longer sign in and its sessions end. */
    async disable(username: string): Promise<Admin> {
      const existing = await findByUsername(username);
      if (!existing) throw new NotFoundError(username);
      const admin = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(admins)
          .set({ disabledAt: new Date(now()), updatedAt: new Date(now()) })
          .where(eq(admins.id, existing.id))
          .returning();
        await audit.record(tx, CLI, {
          action: 'admin.disable',
          target: `admin:${existing.id}`,
          before: { disabled: existing.disabledAt !== null },
          after: { disabled: true },
        });
        return row!;
      });
      await sessions.revokeAll(db, existing.id);
      return admin;
    },

    /**
     * Password step. Starts a session that still needs the TOTP step. With the admin's device token
     * the attempt is counted against that token, not per username.
     */
    async login(input: {
      username: string;
      password: string;
      ip: string;
      userAgent: string;
      deviceToken?: string | undefined;
    }): Promise<{ token: string; next: string }> {
      const userKey = `u:${input.username}`;
      const ipKey = `ip:${addressKey(input.ip)}`;
      const userIpKey = `${userKey}|${ipKey}`;
      // A token of the right form is checked against the admin it names, with the current password.
      const named = input.deviceToken && deviceToken.isWellFormed(input.deviceToken) ? await findByUsername(input.username) : undefined;
      const device = named
        ? deviceToken.verify(await opts.deviceKey(), input.deviceToken!, deviceSubject(named), Math.floor(now() / 1000))
        : null;
      // Counted as a failure before the hash; a success gives it back (see claim).
      const claimed = [
        ...(device
          ? ([[limiter.device, device]] as const)
          : ([[limiter.usernameIp, userIpKey], [limiter.username, userKey]] as const)),
        [limiter.ip, ipKey],
      ] as const;
      const wait = claim(claimed);
      if (wait > 0) throw new RateLimitedError(wait);

      // An admin's account whose password was tried and refused: the owner sees it in the audit log.
      let refused: Admin | undefined;
      const admin = await checked(claimed, async () => {
        const found = named ?? (await findByUsername(input.username));
        const ok = await password.verify(found?.passwordHash ?? (await password.dummyHash()), input.password);
        if (!ok) refused = found;
        return ok && found && !found.disabledAt ? found : undefined;
      });
      if (!admin) {
        if (refused) recordFailure(refused.id, refused.username, input.ip, 'auth.login_failed');
        throw new InvalidCredentialsError();
      }
      if (device) limiter.device.reset(device);
      else {
        limiter.usernameIp.reset(userIpKey);
        limiter.username.release(userKey);
      }
      limiter.ip.release(ipKey);
      const t = now();
      await sessions.sweep(db, t);
      // Only while the password checked is still the admin's: a login whose check overlapped a
      // password change would get a session the change never saw (it ends the sessions that exist).
      // The row is held until the session is stored, so a change under way is waited for and then
      // refuses it, and one that comes after finds the session and ends it.
      const token = await db.transaction(async (tx) => {
        const held = await tx
          .select({ id: admins.id })
          .from(admins)
          .where(and(eq(admins.id, admin.id), eq(admins.passwordHash, admin.passwordHash), isNull(admins.disabledAt)))
          .for('share');
        return held.length ? sessions.create(tx, { adminId: admin.id, ip: input.ip, userAgent: input.userAgent, now: t }) : null;
      });
      if (!token) throw new InvalidCredentialsError();
      return { token, next: nextStep({ mfa: false, mustChangePassword: admin.mustChangePassword }) };
    },

    /** The principal for a cookie token; restarts the idle clock. */
    async resolve(token: string | undefined): Promise<Principal | null> {
      if (!token) return null;
      const found = await sessions.resolve(db, token, now());
      return found ? toPrincipal(found.session.id, found.admin, found.session.mfaAt !== null) : null;
    },

    /**
     * The secret to enrol, only while the admin has not enrolled yet. One that no longer opens (sealed
     * under an earlier JWT_SECRET) is replaced: nobody has enrolled it, so no authenticator holds it.
     */
    async enrolment(p: Principal): Promise<{ secret: string; uri: string } | null> {
      if (p.enrolled) return null;
      const [row] = await db.select({ username: admins.username, totpSecret: admins.totpSecret }).from(admins).where(eq(admins.id, p.adminId));
      if (!row) return null;
      let secret = await secretOf(row);
      if (secret === null) {
        const sealed = await newSealedSecret(row.username);
        const [replaced] = await db
          .update(admins)
          .set({ totpSecret: sealed, updatedAt: new Date(now()) })
          .where(and(eq(admins.id, p.adminId), eq(admins.totpSecret, row.totpSecret), isNull(admins.totpEnrolledAt)))
          .returning({ totpSecret: admins.totpSecret });
        if (!replaced) return null;
        secret = await secretOf({ username: row.username, totpSecret: replaced.totpSecret });
        if (secret === null) return null;
      }
      return { secret, uri: totp.otpauthUri(ISSUER, p.username, secret) };
    },

    /**
     * At boot: seals every TOTP secret still stored in plain text (written before sealing), and
     * names the enrolled admins whose sealed secret does not open under the current key (JWT_SECRET
     * changed): they cannot pass the TOTP step until `admin:create -- --reset`.
     */
    async sealStoredSecrets(): Promise<{ sealed: number; unreadable: string[] }> {
      const rows = await db.select({ id: admins.id, username: admins.username, totpSecret: admins.totpSecret, enrolledAt: admins.totpEnrolledAt }).from(admins);
      let sealed = 0;
      const unreadable: string[] = [];
      for (const row of rows) {
        if (totpSeal.isPlain(row.totpSecret)) {
          const updated = await db
            .update(admins)
            .set({ totpSecret: totpSeal.seal(await opts.totpKey(), row.username, row.totpSecret) })
            .where(and(eq(admins.id, row.id), eq(admins.totpSecret, row.totpSecret)))
            .returning({ id: admins.id });
          sealed += updated.length;
        } else if (row.enrolledAt !== null && (await secretOf(row)) === null) {
          unreadable.push(row.username);
        }
      }
      return { sealed, unreadable };
    },

    /**
     * TOTP step (and enrolment on the first sign-in). A code is accepted once. A completed sign-in
     * also gives the browser a new device token (login above).
     */
    async verifyTotp(p: Principal, code: string, ip: string): Promise<{ next: string; deviceToken?: string }> {
      // Already past this step: the browser got its device token then.
      if (p.mfa) return { next: nextStep(p) };
      const key = `a:${p.adminId}`;
      const counted = [[limiter.totp, key]] as const;
      const wait = claim(counted);
      if (wait > 0) throw new RateLimitedError(wait);
      const t = now();
      const claimed = await checked(counted, async () => {
        const [row] = await db.select({ username: admins.username, totpSecret: admins.totpSecret }).from(admins).where(eq(admins.id, p.adminId));
        const secret = row ? await secretOf(row) : null;
        const step = secret === null ? null : totp.verify(secret, code, t);
        // Claim the step atomically: only a step later than the last accepted one passes (replay guard).
        return step === null
          ? []
          : await db.transaction(async (tx) => {
              const updated = await tx
                .update(admins)
                .set({
                  totpLastStep: step,
                  totpEnrolledAt: sql`coalesce(${admins.totpEnrolledAt}, ${new Date(t).toISOString()}::timestamptz)`,
                  lastLoginAt: new Date(t),
                })
                .where(and(eq(admins.id, p.adminId), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
                .returning({ passwordHash: admins.passwordHash });
              if (updated.length) {
                await audit.record(tx, actorOf(p, ip), {
                  action: p.enrolled ? 'auth.login' : 'auth.totp_enrol',
                  target: `admin:${p.adminId}`,
                  ...(p.enrolled ? {} : { before: { enrolled: false }, after: { enrolled: true } }),
                });
              }
              return updated;
            });
      });
      if (!claimed.length) {
        recordFailure(p.adminId, p.username, ip, 'auth.totp_failed');
        throw new InvalidTotpError();
      }
      limiter.totp.reset(key);
      await sessions.markMfa(db, p.sessionId, t);
      return {
        next: nextStep({ mfa: true, mustChangePassword: p.mustChangePassword }),
        deviceToken: await issueDeviceToken({ username: p.username, passwordHash: claimed[0]!.passwordHash }, t),
      };
    },

    /**
     * Replaces the password (required after the one-time one) and ends the admin's other sessions.
     * The browser's device token is renewed: the old password's tokens are retired (device.ts).
     */
    async changePassword(
      p: Principal,
      input: { currentPassword: string; newPassword: string },
      ip: string,
    ): Promise<{ next: string; deviceToken: string }> {
      const key = `a:${p.adminId}`;
      const counted = [[limiter.password, key]] as const;
      const wait = claim(counted);
      if (wait > 0) throw new RateLimitedError(wait);
      const row = await checked(counted, async () => {
        const [found] = await db.select().from(admins).where(eq(admins.id, p.adminId));
        return found && (await password.verify(found.passwordHash, input.currentPassword)) ? found : undefined;
      });
      if (!row) throw new WrongPasswordError();
      limiter.password.reset(key);
      const passwordHash = await password.hash(input.newPassword);
      await db.transaction(async (tx) => {
        // Only while the hash is still the one the current password was checked against: of two
        // concurrent changes the second finds it replaced, and its current password is wrong.
        const changed = await tx
          .update(admins)
          .set({ passwordHash, mustChangePassword: false, updatedAt: new Date(now()) })
          .where(and(eq(admins.id, p.adminId), eq(admins.passwordHash, row.passwordHash)))
          .returning({ id: admins.id });
        if (changed.length === 0) throw new WrongPasswordError();
        await audit.record(tx, actorOf(p, ip), {
          action: 'auth.password_change',
          target: `admin:${p.adminId}`,
          before: { mustChangePassword: row.mustChangePassword },
          after: { mustChangePassword: false },
        });
      });
      await sessions.revokeOthers(db, p.adminId, p.sessionId);
      return {
        next: nextStep({ mfa: p.mfa, mustChangePassword: false }),
        deviceToken: await issueDeviceToken({ username: p.username, passwordHash }, now()),
      };
    },

    async logout(p: Principal, ip: string): Promise<void> {
      await db.transaction(async (tx) => {
        await sessions.revoke(tx, p.sessionId);
        if (p.mfa) await audit.record(tx, actorOf(p, ip), { action: 'auth.logout', target: `admin:${p.adminId}` });
      });
    },

    actorOf,
    auditPage: (page: number) => audit.list(db, page),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
