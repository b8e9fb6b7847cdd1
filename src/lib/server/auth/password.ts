// Member password hashing (argon2id): OWASP's baseline parameters.
import { createHasher } from '../argon2.ts';

/**
 * OWASP's argon2id baseline (Password Storage Cheat Sheet): 19 MiB memory, 2 passes, 1 lane.
 * ~30 ms per hash on this project's 2-core machine.
 */
const hasher = createHasher({ memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 });

export const ARGON2_PARAMS = hasher.params;
export const { hash, verify } = hasher;
export const describeParams = hasher.describe;

/** Verifies against a hash nobody knows the password of: an unknown username costs as much as a known one. */
export async function verifyDummy(password: string): Promise<false> {
  await verify(await hasher.dummyHash(), password);
  return false;
}
