// Member records: creation (registration), lookup, password change, referral codes.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members, type Member } from '../db/schema/index.ts';
import type { Registration } from '../../shared/schemas/auth.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

export type CreateResult = { ok: true; member: Member } | { ok: false; reason: 'taken' | 'referral' };

/**
 * Inserts a validated registration. The username's uniqueness is decided by the database (unique
 * constraint, ON CONFLICT DO NOTHING), so of any number of concurrent registrations of one name
 * exactly one succeeds and the others report 'taken'.
 */
export async function create(db: Queryable, reg: Registration, passwordHash: string, ip: string): Promise<CreateResult> {
  let referrerId: number | null = null;
  if (reg.referral) {
    const referrer = await findByUsername(db, reg.referral);
    if (!referrer) return { ok: false, reason: 'referral' };
    referrerId = referrer.id;
  }
  const [member] = await db
    .insert(members)
    .values({
      username: reg.username,
      passwordHash,
      phone: reg.phone,
      email: reg.email,
      birthDate: reg.birthDate,
      referrerId,
      registeredIp: ip,
    })
    .onConflictDoNothing({ target: members.username })
    .returning();
  return member ? { ok: true, member } : { ok: false, reason: 'taken' };
}

export async function findByUsername(db: Queryable, username: string): Promise<Member | undefined> {
  const [row] = await db.select().from(members).where(eq(members.username, username));
  return row;
}

export async function findById(db: Queryable, id: number): Promise<Member | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row;
}

export async function exists(db: Queryable, username: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(members).where(eq(members.username, username));
  return row !== undefined;
}

/**
 * Replaces the password hash only while it is still `previousHash`, the one the old password was
 * checked against: of two concurrent changes, the second finds the hash changed and returns false.
 */
export async function setPassword(db: Queryable, id: number, previousHash: string, passwordHash: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(members)
    .set({ passwordHash, passwordChangedAt: now })
    .where(and(eq(members.id, id), eq(members.passwordHash, previousHash)))
    .returning({ id: members.id });
  return rows.length === 1;
}

/**
 * Inside a transaction: whether the member's password hash is still `hash`, holding the row (FOR
 * SHARE) until the transaction ends, so no password change (setPassword's UPDATE) can commit in
 * between; one that already began is waited for, and then the hash is read as it left it.
 */
export async function holdPassword(tx: Tx, id: number, hash: string): Promise<boolean> {
  const rows = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, id), eq(members.passwordHash, hash)))
    .for('share');
  return rows.length === 1;
}

/** What GET /api/v1/me returns: the member's own data, nothing about anyone else. */
export function profile(m: Member) {
  return {
    username: m.username,
    email: m.email,
    phone: m.phone,
    birthDate: m.birthDate,
    createdAt: m.createdAt.toISOString(),
  };
}
export type Profile = ReturnType<typeof profile>;
