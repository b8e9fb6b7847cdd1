// Password hashing: argon2id through @node-rs/argon2 (a prebuilt N-API binding; hashing runs on
// libuv's thread pool, so a login never blocks the event loop).
import { hash as argonHash, verify as argonVerify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import as a value). */
const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * OWASP's argon2id baseline (Password Storage Cheat Sheet): 19 MiB memory, 2 passes, 1 lane.
 * ~30 ms per hash on this project's 2-core machine. Raising memoryCost later is safe: the PHC string
 * stores the parameters each hash was made with, and verify() reads them from there.
 */
export const ARGON2_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

export function describeParams(): string {
  const p = ARGON2_PARAMS;
  return `argon2id m=${p.memoryCost} KiB (${(p.memoryCost / 1024).toFixed(0)} MiB), t=${p.timeCost}, p=${p.parallelism}, 16-byte salt, ${p.outputLen}-byte hash`;
}

export function hash(password: string): Promise<string> {
  return argonHash(password, ARGON2_PARAMS);
}

/** True when the password matches; false for a mismatch or a malformed hash. */
export async function verify(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argonVerify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of nothing anyone knows, verified against when the username does not exist, so a login
 * for an unknown username costs the same time as one for a known username (no username probing
 * by timing). Made once per process, lazily.
 */
let dummy: Promise<string> | undefined;
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hash(`dummy-${Math.random()}`);
  await verify(await dummy, password);
  return false;
}
