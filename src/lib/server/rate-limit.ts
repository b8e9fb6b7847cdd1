// Fixed-window failure counters kept in this process (one Node process serves the site), for any
// action worth throttling: admin sign-in per username and per IP, TOTP codes, password checks.
// Bounded: past `maxKeys` live keys, expired windows are swept first and then the oldest keys go,
// so a flood of random usernames cannot grow memory without end.

export interface RateRule {
  /** Hits allowed inside one window; the next one is refused until the window ends. */
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Milliseconds until `key` may try again; 0 while under the limit. */
  retryAfterMs(key: string): number;
  /** Counts one hit (usually: one failure) against `key`. */
  hit(key: string): void;
  /** Forgets `key` (after a success). */
  reset(key: string): void;
  readonly size: number;
}

export function createRateLimiter(rule: RateRule, opts: { maxKeys?: number; now?: () => number } = {}): RateLimiter {
  const maxKeys = opts.maxKeys ?? 10_000;
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
    // A Map iterates in insertion order: the first keys are the oldest windows.
    for (const k of windows.keys()) {
      if (windows.size < maxKeys * 0.9) break;
      windows.delete(k);
    }
  };

  return {
    retryAfterMs(key) {
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

/** Whole minutes to tell a person ('coba lagi dalam 3 menit'), never 0. */
export function retryMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}
