// Password hashing with argon2id through @node-rs/argon2 (a prebuilt N-API binding; hashing runs on
// libuv's thread pool, so a sign-in never blocks the event loop; at most HASH_CONCURRENCY at once). Members and admins use their own
// parameters (see auth/password.ts and admin/password.ts); the PHC string keeps the parameters each
// hash was made with, so raising them later needs no migration.
import crypto from 'node:crypto';
import { hash as argonHash, verify as argonVerify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import as a value). */
const ARGON2ID = 2 as Algorithm.Argon2id;

export interface Argon2Params {
  /** KiB */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
  /** bytes */
  outputLen: number;
}

/**
 * Runs at most `n` of the tasks given to it at once; the others wait their turn in order. A task that
 * fails frees its place as one that succeeds does.
 */
export function limitConcurrency(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * Hashes running at once, members' and admins' together. libuv's pool has 4 threads, which the
 * static files, zlib compression and DNS share: a burst of sign-ins on all four held those up for
 * seconds (measured: a static file 2 ms → 2.2 s during 100 logins/s). With two, two stay free; on
 * this 2-core machine a third or fourth hash would not finish sooner anyway.
 */
export const HASH_CONCURRENCY = 2;
const hashSlot = limitConcurrency(HASH_CONCURRENCY);

export function createHasher(params: Argon2Params) {
  const options = { algorithm: ARGON2ID, ...params };
  const hash = (password: string): Promise<string> => hashSlot(() => argonHash(password, options));
  /** True when the password matches; false for a mismatch or a malformed hash. */
  const verify = async (passwordHash: string, password: string): Promise<boolean> => {
    try {
      return await hashSlot(() => argonVerify(passwordHash, password));
    } catch {
      return false;
    }
  };
  let dummy: Promise<string> | undefined;
  return {
    params: options,
    hash,
    verify,
    /**
     * A hash nobody knows the password of, made once, lazily: an unknown username is verified
     * against it so that it costs the same time as a known one (no probing usernames by timing).
     */
    dummyHash(): Promise<string> {
      dummy ??= hash(crypto.randomBytes(32).toString('base64'));
      return dummy;
    },
    describe(): string {
      const p = options;
      return `argon2id m=${p.memoryCost} KiB (${(p.memoryCost / 1024).toFixed(0)} MiB), t=${p.timeCost}, p=${p.parallelism}, 16-byte salt, ${p.outputLen}-byte hash`;
    },
  };
}
