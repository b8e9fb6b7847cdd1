// The key that signs access tokens. JWT_SECRET when configured; otherwise one random 384-bit key
// generated on first use and kept in the database (table server_secrets), so a bare `npm start`
// works with no configuration and tokens survive restarts. Every process on one PostgreSQL
// database reads the same row: the first insert wins (ON CONFLICT DO NOTHING), all then read it.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema/index.ts';

export const JWT_SECRET_MIN_LENGTH = 32;

/**
 * A configured key that cannot be one. (Not config.ts's ConfigError: this module, which Astro's
 * server bundle takes in, stays clear of the configuration loader and its schema.)
 */
export class JwtSecretError extends Error {
  override name = 'ConfigError';
}
const NAME = 'jwt';

/** Throws JwtSecretError for a configured key that is too short to be a key. */
export function checkConfigured(configured: string | undefined): void {
  if (configured !== undefined && configured.length < JWT_SECRET_MIN_LENGTH) {
    throw new JwtSecretError(`JWT_SECRET must be at least ${JWT_SECRET_MIN_LENGTH} characters`);
  }
}

export async function load(db: Db, configured: string | undefined): Promise<Buffer> {
  checkConfigured(configured);
  if (configured) return Buffer.from(configured, 'utf8');
  await db
    .insert(serverSecrets)
    .values({ name: NAME, value: crypto.randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, NAME));
  if (!row) throw new Error('server secret missing after insert');
  return Buffer.from(row.value, 'base64url');
}
