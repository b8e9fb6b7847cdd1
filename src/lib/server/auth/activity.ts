// The account activity log (001 §3): login and password change, with the connection IP and time.
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { memberActivity, type ActivityKind } from '../db/schema/index.ts';
import { ACTIVITY_PAGE_SIZE } from '../../shared/constants.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

export async function record(
  db: Queryable,
  entry: { memberId: number; kind: ActivityKind; ip: string; sessionId?: string | null; now?: Date },
): Promise<void> {
  await db.insert(memberActivity).values({
    memberId: entry.memberId,
    kind: entry.kind,
    ip: entry.ip,
    sessionId: entry.sessionId ?? null,
    createdAt: entry.now ?? new Date(),
  });
}

/** True when the session already has a login entry newer than `since`. */
export async function loggedSince(db: Queryable, sessionId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: memberActivity.id })
    .from(memberActivity)
    .where(and(eq(memberActivity.sessionId, sessionId), eq(memberActivity.kind, 'login'), gt(memberActivity.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

export interface ActivityPage {
  items: { kind: ActivityKind; ip: string; at: string }[];
  page: number;
  pageSize: number;
  total: number;
}

/** One page (newest first) of one member's activity. */
export async function list(db: Db, memberId: number, page: number): Promise<ActivityPage> {
  const pageSize = ACTIVITY_PAGE_SIZE;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ kind: memberActivity.kind, ip: memberActivity.ip, at: memberActivity.createdAt })
      .from(memberActivity)
      .where(eq(memberActivity.memberId, memberId))
      .orderBy(desc(memberActivity.createdAt), desc(memberActivity.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(memberActivity).where(eq(memberActivity.memberId, memberId)),
  ]);
  return {
    items: rows.map((r) => ({ kind: r.kind as ActivityKind, ip: r.ip, at: r.at.toISOString() })),
    page,
    pageSize,
    total: totalRow?.n ?? 0,
  };
}
