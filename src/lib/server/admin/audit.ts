// The audit log: one row per admin write, in the same transaction as the write. There is no
// update or delete here on purpose; the database refuses both as well (migration 0002).
import { count, desc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, type AuditEntry } from '../db/schema/index.ts';
import type { AuditAction } from '../../shared/messages/admin.ts';

/** Anything that can run a query: the database or an open transaction. */
export type Executor = Pick<Db, 'insert' | 'select' | 'update' | 'delete'>;

/** Who acted, from where. adminId null: the shell (admin:create), or a refused sign-in to `username`. */
export interface Actor {
  adminId: number | null;
  username: string;
  ip: string;
}

export interface Change {
  /** Subject and verb, dotted: 'promotion.create'; each has its Indonesian words in adminAudit.actions. */
  action: AuditAction;
  target?: string;
  before?: unknown;
  after?: unknown;
}

/** JSON-safe copy: Dates become ISO strings, undefined becomes null. */
function snapshot(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

export async function record(db: Executor, actor: Actor, change: Change): Promise<void> {
  await db.insert(auditLog).values({
    adminId: actor.adminId,
    adminUsername: actor.username,
    action: change.action,
    target: change.target ?? '',
    before: snapshot(change.before),
    after: snapshot(change.after),
    ip: actor.ip,
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** Newest first. */
export async function list(db: Db, page: number): Promise<{ rows: AuditEntry[]; total: number; page: number; pageSize: number }> {
  const p = Math.max(1, Math.floor(page));
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((p - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog),
  ]);
  return { rows, total: totals?.n ?? 0, page: p, pageSize: AUDIT_PAGE_SIZE };
}
