// Login throttling rules for members; the limiter itself is the shared one in lib/server/rate-limit.ts.
import type { RateRule as Rule } from '../rate-limit.ts';

export interface LoginLimits {
  /** Failed password attempts per username (login and the settings password check). */
  usernameFailures: Rule;
  /** Failed attempts per client IP. */
  ipFailures: Rule;
  /** All login attempts per client IP: each costs an argon2 verification. */
  ipAttempts: Rule;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  usernameFailures: { limit: 10, windowMs: 15 * 60_000 },
  ipFailures: { limit: 50, windowMs: 15 * 60_000 },
  ipAttempts: { limit: 120, windowMs: 60_000 },
};
