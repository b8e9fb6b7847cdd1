// Admin password hashing (argon2id) and the one-time passwords admin:create prints.
import crypto from 'node:crypto';
import { createHasher } from '../argon2.ts';

/**
 * RFC 9106 §4's second recommended option: 64 MiB memory, 3 passes, 1 lane, 16-byte salt, 32-byte
 * tag. Heavier than a member login (few admins, high value): ~250 ms on this project's 2-core machine.
 */
const hasher = createHasher({ memoryCost: 65_536, timeCost: 3, parallelism: 1, outputLen: 32 });

export const ARGON2_PARAMS = hasher.params;
export const { hash, verify, dummyHash } = hasher;

// No 0/o, 1/l/i: the one-time password is read off a terminal and typed by hand.
const OTP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A one-time password for admin:create: 4 groups of 5 (about 99 bits), e.g. 'k7mqr-…'. */
export function oneTimePassword(): string {
  const chars: string[] = [];
  for (let i = 0; i < 20; i++) chars.push(OTP_ALPHABET[crypto.randomInt(OTP_ALPHABET.length)]!);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-');
}
