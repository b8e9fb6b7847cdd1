// Fixed-window counters kept in this process (one Node process serves the site). Bounded: past
// `maxKeys` live keys, expired windows are swept, and if that is not enough the oldest keys go, so a
// flood of random usernames cannot grow memory without end.

export interface Rule {
  limit: number;
  windowMs: number;
}

export interface Limiter {
  /** Milliseconds until `key` may try again; 0 while under the limit. */
  blockedFor(key: string): number;
  hit(key: string): void;
  reset(key: string): void;
  readonly size: number;
}

export function createLimiter(rule: Rule, opts: { maxKeys?: number; now?: () => number } = {}): Limiter {
  const maxKeys = opts.maxKeys ?? 50_000;
  const now = opts.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();

  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };

  const sweep = () => {
    const t = now();
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
    // Map iterates in insertion order: the first keys are the oldest windows.
    for (const k of windows.keys()) {
      if (windows.size <= maxKeys * 0.9) break;
      windows.delete(k);
    }
  };

  return {
    blockedFor(key) {
      const w = live(key);
      return w && w.count >= rule.limit ? w.resetAt - now() : 0;
    },
    hit(key) {
      const w = live(key);
      if (w) {
        w.count += 1;
        return;
      }
      if (windows.size >= maxKeys) sweep();
      windows.set(key, { count: 1, resetAt: now() + rule.windowMs });
    },
    reset(key) {
      windows.delete(key);
    },
    get size() {
      return windows.size;
    },
  };
}

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
