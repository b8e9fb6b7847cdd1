// The accounts service: one instance per process (it holds the login rate limiters and the signing
// key). Inputs are already parsed by the shared zod schemas; expected outcomes are returned as
// tagged results, which the API maps to statuses.
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Member } from '../db/schema/index.ts';
import type { Registration } from '../../shared/schemas/auth.ts';
import { ACCESS_TOKEN_TTL_SECONDS, PASSWORD_LENGTH, USERNAME_LENGTH } from '../../shared/constants.ts';
import * as password from './password.ts';
import * as jwt from './jwt.ts';
import * as secret from './secret.ts';
import * as session from './session.ts';
import * as members from './members.ts';
import * as activity from './activity.ts';
import * as deviceToken from './device.ts';
import * as totpSeal from '../admin/totp-seal.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './rate-limit.ts';
import { addressKey, checked, claim, createRateLimiter } from '../rate-limit.ts';

export interface AccountServiceOptions {
  limits?: LoginLimits;
}

/** A session's tokens as the client receives them. In app (webview) sessions the refresh token is called apkToken. */
export type Tokens =
  | { accessToken: string; refreshToken: string; expiresIn: number }
  | { accessToken: string; apkToken: string; expiresIn: number };

export type AuthContext = session.SessionMember;

/** A signed-in browser's proof for later logins as the same username (device.ts); the client keeps it past logout. */
export type DeviceToken = { deviceToken: string };

export type LoginResult =
  | { ok: true; tokens: Tokens & DeviceToken }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'limited'; retryAfterMs: number };

export type RegisterResult =
  | { ok: true; username: string; tokens?: Tokens & DeviceToken }
  | { ok: false; reason: 'taken' | 'referral' }
  | { ok: false; reason: 'limited'; retryAfterMs: number };

export type ReferralResult = { ok: true; exists: boolean } | { ok: false; reason: 'limited'; retryAfterMs: number };

export type PasswordResult = { ok: true } | { ok: false; reason: 'wrong' } | { ok: false; reason: 'limited'; retryAfterMs: number };

/** The key of one username tried from one address (a username holds no '|'). */
const pairKey = (username: string, ip: string) => `${username}|${ip}`;

/** A history-log entry is written at most once per session and hour, however often the client asks. */
const HISTORY_LOG_MIN_INTERVAL_MS = 3_600_000;

export function createAccountService(config: Config, db: Db, opts: AccountServiceOptions = {}) {
  secret.checkConfigured(config.JWT_SECRET);
  const limits = opts.limits ?? DEFAULT_LOGIN_LIMITS;
  const usernameIpFailures = createRateLimiter(limits.usernameIpFailures, { maxKeys: 50_000 });
  const usernameFailures = createRateLimiter(limits.usernameFailures, { maxKeys: 50_000 });
  const deviceFailures = createRateLimiter(limits.deviceFailures, { maxKeys: 50_000 });
  const ipFailures = createRateLimiter(limits.ipFailures, { maxKeys: 50_000 });
  const ipAttempts = createRateLimiter(limits.ipAttempts, { maxKeys: 50_000 });
  const ipRegistrations = createRateLimiter(limits.ipRegistrations, { maxKeys: 50_000 });
  const ipLookups = createRateLimiter(limits.ipLookups, { maxKeys: 50_000 });
  const passwordChecks = createRateLimiter(limits.passwordChecks, { maxKeys: 50_000 });

  let key: Promise<Buffer> | undefined;
  const signingKey = () => {
    key ??= secret.load(db, config.JWT_SECRET).catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };
  let deviceKey: Buffer | undefined;
  const deviceTokenKey = async () => (deviceKey ??= deviceToken.deriveKey(await signingKey()));
  let totpKey: Buffer | undefined;
  const totpSealKey = async () => (totpKey ??= totpSeal.deriveKey(await signingKey()));

  async function tokensFor(
    member: { memberId: number; username: string },
    s: { sessionId: string; refreshToken: string; kind: session.SessionKind },
  ): Promise<Tokens> {
    const iat = Math.floor(Date.now() / 1000);
    const accessToken = jwt.sign(await signingKey(), {
      sub: String(member.memberId),
      username: member.username,
      sid: s.sessionId,
      iat,
      exp: iat + ACCESS_TOKEN_TTL_SECONDS,
    });
    return s.kind === 'app'
      ? { accessToken, apkToken: s.refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS }
      : { accessToken, refreshToken: s.refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

  /**
   * When `token` is a device token of `username` earned with the member's current password
   * (device.ts): its nonce, and the member, whom the login then need not look up again. Looks the
   * member up only for a token of the right form.
   */
  async function trustedDevice(token: string | undefined, username: string): Promise<{ nonce: string; member: Member } | null> {
    if (!token || !deviceToken.isWellFormed(token) || username.length > USERNAME_LENGTH.max) return null;
    const member = await members.findByUsername(db, username);
    const nonce = member && deviceToken.verify(await deviceTokenKey(), token, deviceToken.subject(member.username, member.passwordHash));
    return nonce ? { nonce, member } : null;
  }

  /**
   * Opens a session and records the login, in one transaction; the browser also gets a new device
   * token. For `member`, whose password was checked against `member.passwordHash`; null when that
   * is no longer the member's hash. A login whose argon2 check overlapped a password change got a
   * session the change never saw (it ends only the sessions that exist), so someone with the old
   * password kept the account. The member's row is held first, as the change's UPDATE takes it
   * first: a change under way is waited for and then refuses this session, and one that comes
   * after finds the session and ends it.
   */
  async function openSession(
    member: { id: number; username: string; passwordHash: string },
    kind: session.SessionKind,
    ip: string,
  ): Promise<(Tokens & DeviceToken) | null> {
    const { id: memberId } = member;
    const s = await db.transaction(async (tx) => {
      if (!(await members.holdPassword(tx, memberId, member.passwordHash))) return null;
      await session.pruneExpired(tx, memberId);
      const created = await session.create(tx, { memberId, kind, ip });
      await activity.record(tx, { memberId, kind: 'login', ip, sessionId: created.sessionId });
      return created;
    });
    if (!s) return null;
    const tokens = await tokensFor({ memberId, username: member.username }, { ...s, kind });
    const subject = deviceToken.subject(member.username, member.passwordHash);
    return { ...tokens, deviceToken: deviceToken.issue(await deviceTokenKey(), subject) };
  }

  /**
   * The settings page's "Cek Password". Failures count against the same per-address limit as login
   * failures; every check, right or wrong, also counts against the member's own limit, which takes
   * the place of the per-username limit (strangers' failed logins must not stop a signed-in member).
   */
  async function checkPassword(auth: AuthContext, candidate: string, ip: string): Promise<PasswordResult> {
    const r = await verifyCurrent(auth, candidate, ip);
    return r.ok ? { ok: true } : r;
  }

  /** checkPassword, also giving the hash the candidate matched (changePassword replaces only that one). */
  async function verifyCurrent(
    auth: AuthContext,
    candidate: string,
    ip: string,
  ): Promise<{ ok: true; hash: string } | Exclude<PasswordResult, { ok: true }>> {
    // Counted as a failure before the hash; a right password gives it back (see claim).
    const pair = pairKey(auth.username, addressKey(ip));
    const claimed = [
      [usernameIpFailures, pair],
      [passwordChecks, String(auth.memberId)],
    ] as const;
    const blocked = claim(claimed);
    if (blocked > 0) return { ok: false, reason: 'limited', retryAfterMs: blocked };
    const hash = await checked(claimed, async () => {
      const m = await members.findById(db, auth.memberId);
      return m !== undefined && (await password.verify(m.passwordHash, candidate)) ? m.passwordHash : undefined;
    });
    if (hash === undefined) return { ok: false, reason: 'wrong' };
    usernameIpFailures.release(pair);
    return { ok: true, hash };
  }

  return {
    /**
     * Registers a member. With `login`, also opens a session (the public registration's automatic
     * login); a member registering a downline gets no session for it.
     */
    async register(reg: Registration, ip: string, opts: { login: boolean }): Promise<RegisterResult> {
      // Every attempt answers whether the name exists, so every attempt counts as a lookup.
      const address = addressKey(ip);
      const lookup = [[ipLookups, address]] as const;
      const looked = claim(lookup);
      if (looked > 0) return { ok: false, reason: 'limited', retryAfterMs: looked };
      // Cheap looks first, so a taken name or a mistyped referral code costs no argon2 hash and no
      // registration of the address's allowance; the insert still decides races (a referrer gone
      // since, a name taken since).
      if (await checked(lookup, () => members.exists(db, reg.username))) return { ok: false, reason: 'taken' };
      if (reg.referral && !(await checked(lookup, () => members.exists(db, reg.referral!)))) return { ok: false, reason: 'referral' };
      const blocked = claim([[ipRegistrations, address]]);
      if (blocked > 0) return { ok: false, reason: 'limited', retryAfterMs: blocked };
      const passwordHash = await password.hash(reg.password);
      const created = await members.create(db, reg, passwordHash, ip);
      if (!created.ok) return created;
      const { member } = created;
      if (!opts.login) return { ok: true, username: member.username };
      // Null only if the new member's password changed already; then there is no session to give.
      const tokens = await openSession(member, 'web', ip);
      return { ok: true, username: member.username, ...(tokens && { tokens }) };
    },

    async login(
      input: { username: string; password: string; app?: boolean | undefined; deviceToken?: string | undefined },
      ip: string,
    ): Promise<LoginResult> {
      // Counted as a failure before the hash; a right password gives it back (see claim). A browser
      // with this username's device token is counted on its own (device.ts), neither per username
      // nor per address: many phones share one carrier address, and strangers' failures there must
      // not lock out the browsers where members signed in before (the token's own limit holds;
      // nobody gets a token without the password). Its attempts, right ones too, are counted per
      // address and member, so that its holder hashes no more often than anyone at that address.
      // No member has a longer username or password, so such a pair needs no lookup and no hash,
      // and it is counted against the address alone: it can guess nobody's password, so it has no
      // business in a username's count (nor a key of its own in those limiters).
      const address = addressKey(ip);
      const possible = input.username.length <= USERNAME_LENGTH.max && input.password.length <= PASSWORD_LENGTH.max;
      const pair = pairKey(input.username, address);
      const device = possible ? await trustedDevice(input.deviceToken, input.username) : undefined;
      const claimed = device
        ? ([
            [deviceFailures, device.nonce],
            [ipAttempts, `${address}#${device.member.id}`],
          ] as const)
        : ([
            ...(possible ? ([[usernameIpFailures, pair], [usernameFailures, input.username]] as const) : []),
            [ipFailures, address],
            [ipAttempts, address],
          ] as const);
      const blocked = claim(claimed);
      if (blocked > 0) return { ok: false, reason: 'limited', retryAfterMs: blocked };
      const member = await checked(claimed, async () => {
        const found = !possible ? undefined : (device?.member ?? (await members.findByUsername(db, input.username)));
        const valid = found
          ? await password.verify(found.passwordHash, input.password)
          : possible && (await password.verifyDummy(input.password));
        return valid ? found : undefined;
      });
      if (!member) return { ok: false, reason: 'invalid' };
      if (device) deviceFailures.reset(device.nonce);
      else {
        usernameIpFailures.reset(pair);
        usernameFailures.release(input.username);
        ipFailures.release(address);
      }
      // The password checked may have been changed meanwhile: then it is no longer the password.
      const tokens = await openSession(member, input.app ? 'app' : 'web', ip);
      return tokens ? { ok: true, tokens } : { ok: false, reason: 'invalid' };
    },

    /** A new token pair for a live refresh token; null for any token that is not (see session.rotate). */
    async refresh(refreshToken: string): Promise<Tokens | null> {
      const r = await session.rotate(db, refreshToken);
      if (!r.ok) return null;
      return tokensFor(r, r);
    },

    logout: (refreshToken: string) => session.end(db, refreshToken),

    /** The member behind a bearer access token: signature, expiry, and a session still alive. */
    async authenticate(accessToken: string): Promise<AuthContext | null> {
      const claims = jwt.verify(await signingKey(), accessToken);
      if (!claims || !session.isUuid(claims.sid)) return null;
      return session.resolve(db, Number(claims.sub), claims.sid);
    },

    async profile(auth: AuthContext): Promise<members.Profile | null> {
      const m = await members.findById(db, auth.memberId);
      return m ? members.profile(m) : null;
    },

    checkPassword,

    /** The device-token key (device.ts), which the back office's sign-in shares. */
    deviceKey: deviceTokenKey,
    /** The key admins' TOTP secrets are sealed with (admin/totp-seal.ts), derived from the signing key as the device-token key is. */
    totpKey: totpSealKey,

    /** Changes the password after checking the old one; every other session of the member ends. */
    async changePassword(auth: AuthContext, input: { oldPassword: string; password: string }, ip: string): Promise<PasswordResult> {
      const current = await verifyCurrent(auth, input.oldPassword, ip);
      if (!current.ok) return current;
      const passwordHash = await password.hash(input.password);
      // Of two concurrent changes with the same old password, the first wins; the second finds
      // the hash replaced, and its old password is no longer the password.
      const changed = await db.transaction(async (tx) => {
        if (!(await members.setPassword(tx, auth.memberId, current.hash, passwordHash))) return false;
        await session.endOthers(tx, auth.memberId, auth.sessionId);
        await activity.record(tx, { memberId: auth.memberId, kind: 'ubah password', ip, sessionId: auth.sessionId });
        return true;
      });
      return changed ? { ok: true } : { ok: false, reason: 'wrong' };
    },

    activity: (auth: AuthContext, page: number) => activity.list(db, auth.memberId, page),

    /**
     * The client's once-per-browser-session history log (001 §4): a 'login' entry for a session that
     * resumes with stored tokens. At most one per session and hour, whatever the client sends.
     */
    async logSession(auth: AuthContext, ip: string): Promise<void> {
      const since = new Date(Date.now() - HISTORY_LOG_MIN_INTERVAL_MS);
      if (await activity.loggedSince(db, auth.sessionId, since)) return;
      await activity.record(db, { memberId: auth.memberId, kind: 'login', ip, sessionId: auth.sessionId });
    },

    /** Whether a referral code (a member's username) exists, asked from `ip` (counted: see ipLookups). */
    async referralExists(code: string, ip: string): Promise<ReferralResult> {
      const lookup = [[ipLookups, addressKey(ip)]] as const;
      const blocked = claim(lookup);
      if (blocked > 0) return { ok: false, reason: 'limited', retryAfterMs: blocked };
      return { ok: true, exists: /^[a-z0-9]{1,12}$/.test(code) && (await checked(lookup, () => members.exists(db, code))) };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
