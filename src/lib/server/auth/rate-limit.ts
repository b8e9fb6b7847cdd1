// Throttling rules for members (login, password checks, registration); the limiter itself is the
// shared one in lib/server/rate-limit.ts. Failures are counted before the password is hashed and
// given back when it was right (see claim there), so a burst sent at once gets no more tries.
import type { RateRule as Rule } from '../rate-limit.ts';

export interface LoginLimits {
  /**
   * Failed password attempts for one username from one client IP (login and the settings password
   * check): the limit a person meets after mistyping.
   */
  usernameIpFailures: Rule;
  /**
   * Failed logins for one username from any IP: caps guessing spread over many addresses. A few
   * addresses can run it up, so it does not apply to a login with the username's device token
   * (deviceFailures), nor to the settings check of a member already signed in (passwordChecks).
   */
  usernameFailures: Rule;
  /**
   * Failed logins with one device token (device.ts: a browser where the username signed in
   * before), in place of the two per-username rules and the per-address failures: strangers'
   * failures, from anywhere or from the same carrier address, cannot lock that browser out.
   */
  deviceFailures: Rule;
  /**
   * Every settings password check per member ('Cek Password' and the password change), right or
   * wrong: each costs an argon2 verification, so a signed-in member cannot keep the hashing busy.
   */
  passwordChecks: Rule;
  /** Failed attempts per client IP (logins without a valid device token). */
  ipFailures: Rule;
  /**
   * All login attempts per client IP, each an argon2 verification: those without a valid device
   * token per address, those with one per address and member (strangers sharing the address cannot
   * use up that member's, and the token's holder gets no more than anyone else there).
   */
  ipAttempts: Rule;
  /**
   * Registrations per client IP that get as far as hashing a password (a free name, valid fields):
   * each costs an argon2 hash and may create an account. Generous, because many phones share one
   * carrier address; it stops scripted sign-up floods, not people.
   */
  ipRegistrations: Rule;
  /**
   * Answers to whether a username exists, per client IP: the referral check (GET /referrals/{code}
   * and the /register/{code} page) and every registration attempt, whose 409 'Username telah
   * digunakan' says the same. Usernames are public referral codes, so this hides none of them; it
   * stops a script listing them by the thousand. Generous, for the same shared carrier addresses.
   */
  ipLookups: Rule;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  usernameIpFailures: { limit: 10, windowMs: 15 * 60_000 },
  usernameFailures: { limit: 30, windowMs: 15 * 60_000 },
  deviceFailures: { limit: 10, windowMs: 15 * 60_000 },
  passwordChecks: { limit: 30, windowMs: 15 * 60_000 },
  ipFailures: { limit: 50, windowMs: 15 * 60_000 },
  ipAttempts: { limit: 120, windowMs: 60_000 },
  ipRegistrations: { limit: 30, windowMs: 10 * 60_000 },
  ipLookups: { limit: 100, windowMs: 10 * 60_000 },
};
