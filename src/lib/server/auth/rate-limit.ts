// Throttling rules for members (login, password checks, registration); the limiter itself is the
// shared one in lib/server/rate-limit.ts.
import type { RateRule as Rule } from '../rate-limit.ts';

export interface LoginLimits {
  /** Failed password attempts per username (login and the settings password check). */
  usernameFailures: Rule;
  /** Failed attempts per client IP. */
  ipFailures: Rule;
  /** All login attempts per client IP: each costs an argon2 verification. */
  ipAttempts: Rule;
  /**
   * Registrations per client IP that get as far as hashing a password (a free name, valid fields):
   * each costs an argon2 hash and may create an account. Generous, because many phones share one
   * carrier address; it stops scripted sign-up floods, not people.
   */
  ipRegistrations: Rule;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  usernameFailures: { limit: 10, windowMs: 15 * 60_000 },
  ipFailures: { limit: 50, windowMs: 15 * 60_000 },
  ipAttempts: { limit: 120, windowMs: 60_000 },
  ipRegistrations: { limit: 30, windowMs: 10 * 60_000 },
};
