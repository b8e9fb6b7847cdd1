// Admin password hashing: argon2id through @node-rs/argon2 (prebuilt N-API binding; hashing runs
// on libuv's thread pool, so a sign-in never blocks the event loop).
import crypto from 'node:crypto';
import { hash as argonHash, verify as argonVerify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import as a value). */
const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * RFC 9106 §4's second recommended option: 64 MiB memory, 3 passes, 1 lane, 16-byte salt, 32-byte
 * tag. Heavier than a member login (few admins, high value): ~250 ms on this project's 2-core
 * machine. The PHC string keeps the parameters each hash was made with, so raising them later
 * needs no migration.
 */
export const ARGON2_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 1,
  outputLen: 32,
} as const;

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

let dummy: Promise<string> | undefined;
/**
 * A hash nobody knows the password of: an unknown username is verified against it, so it costs
 * the same time as a known one (no probing for admin usernames by timing).
 */
export function dummyHash(): Promise<string> {
  dummy ??= hash(crypto.randomBytes(32).toString('base64'));
  return dummy;
}

// No 0/o, 1/l/i: the one-time password is read off a terminal and typed by hand.
const OTP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A one-time password for admin:create: 4 groups of 5 (about 99 bits), e.g. 'k7mqr-…'. */
export function oneTimePassword(): string {
  const chars: string[] = [];
  for (let i = 0; i < 20; i++) chars.push(OTP_ALPHABET[crypto.randomInt(OTP_ALPHABET.length)]!);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-');
}
