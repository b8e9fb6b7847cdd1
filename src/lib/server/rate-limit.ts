// Fixed-window failure counters kept in this process (one Node process serves the site), for any
// action worth throttling: admin sign-in per username and per IP, TOTP codes, password checks.
// An expensive check (an argon2 hash, a database read) is counted before it runs, with `claim`:
// counted only after it, a burst of requests sent together would all pass the limit before the
// first of them was counted. A check that succeeds gives its attempt back (`release`, `reset`).
// Bounded: past `maxKeys` live keys, expired windows are swept first, then the keys with the fewest
// hits (the oldest first among equals), so a flood of random usernames cannot grow memory without
// end. Nor can it wipe a count that matters: a flood of one-hit keys only pushes out one-hit keys,
// and a key at its limit stays until its window ends (dropping it would lift the block; 50,000
// made-up usernames used to push out a username's 30 counted failures with the oldest keys). So
// keys at their limit may take the map past `maxKeys`: by as many as were blocked in one window,
// each at the cost of `limit` hits.
import { isIPv6 } from 'node:net';

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
  /** Takes back one hit counted in advance (the attempt turned out not to be a failure). */
  release(key: string): void;
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

  /** The size at which the next new key sweeps: past maxKeys when only blocked keys were left to keep. */
  let sweepAt = maxKeys;
  const sweep = () => {
    const t = now();
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
    let excess = windows.size - Math.floor(maxKeys * 0.9);
    if (excess > 0) {
      // How many keys have each count under the limit; the keys go from the lowest count up.
      const byCount = new Array<number>(rule.limit).fill(0);
      for (const w of windows.values()) if (w.count < rule.limit) byCount[w.count]! += 1;
      let cut = 1;
      while (cut < rule.limit - 1 && byCount[cut]! < excess) excess -= byCount[cut++]!;
      // Every key under `cut` goes, and of those at `cut`, the oldest `excess` (a Map iterates in
      // insertion order: the first keys are the oldest windows).
      for (const [k, w] of windows) {
        if (w.count < cut) windows.delete(k);
        else if (w.count === cut && cut < rule.limit && excess > 0) {
          windows.delete(k);
          excess -= 1;
        }
      }
    }
    // Blocked keys may leave more than maxKeys: the next sweep waits for a tenth more new keys, so
    // a map full of them is not scanned on every hit. Each took `limit` hits, a bound of its own.
    sweepAt = Math.max(maxKeys, windows.size + Math.ceil(maxKeys * 0.1));
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
      if (windows.size >= sweepAt) sweep();
      windows.set(key, { count: 1, resetAt: now() + rule.windowMs });
    },
    release(key) {
      const w = live(key);
      if (!w) return;
      w.count -= 1;
      if (w.count <= 0) windows.delete(key);
    },
    reset(key) {
      windows.delete(key);
    },
    get size() {
      return windows.size;
    },
  };
}

/**
 * Counts one attempt against every (limiter, key) pair, unless one of them is already at its limit:
 * then nothing is counted and the longest wait is returned (0: go ahead). Check and count happen in
 * one synchronous step, so concurrent requests cannot slip between them; call it before the
 * expensive check, and `release` or `reset` what should not stay counted once the check succeeds.
 */
export function claim(pairs: readonly (readonly [RateLimiter, string])[]): number {
  const wait = Math.max(0, ...pairs.map(([limiter, key]) => limiter.retryAfterMs(key)));
  if (wait > 0) return wait;
  for (const [limiter, key] of pairs) limiter.hit(key);
  return 0;
}

/**
 * Runs the expensive check that follows a `claim`. If it throws (the database is down), nothing was
 * checked, so every claimed hit is given back before the error goes on: an outage must not turn
 * the logins it refused into failures that block an address afterwards.
 */
export async function checked<T>(pairs: readonly (readonly [RateLimiter, string])[], check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    for (const [limiter, key] of pairs) limiter.release(key);
    throw err;
  }
}

/**
 * The part of a client address one subscriber controls, as a limiter key: an IPv4 address whole,
 * an IPv6 address by its /64 (a single host may rotate through its /64 at will, so per-address
 * limits keyed on the whole address would not hold). An IPv4-mapped IPv6 address is its IPv4.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.toLowerCase().split('::');
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const left = groups(head);
  const right = ip.includes('::') ? groups(tail) : [];
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${all.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** Whole minutes to tell a person ('coba lagi dalam 3 menit'), never 0. */
export function retryMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}
