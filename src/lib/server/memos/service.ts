// Memos: an admin writes one to every member or to one member (audited in the same transaction);
// a member lists the memos addressed to them or to everyone, opens one (which marks it read), marks
// all read at once, and asks for the unread count (the top bar's bell).
//
// Visibility is one predicate, used by every member query: the member's own memos, and those to
// every member; to a verified member also those to the verified members (001 §6: is_verified picks
// the memo list). Read from the members row in the same query, so a change of the flag shows at once.
import { and, count, desc, eq, exists, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members, memoReads, memos, type Memo } from '../db/schema/index.ts';
import * as audit from '../admin/audit.ts';
import { NotFoundError } from '../admin/errors.ts';
import { MEMO_PAGE_SIZE } from '../../shared/constants.ts';
import type { MemoInput } from '../../shared/schemas/memos.ts';
import type { MemoDetail, MemoPage } from '../../shared/memos.ts';

export interface AdminMemoRow {
  id: number;
  subject: string;
  body: string;
  /** Null: every member, or with verifiedOnly the verified members. */
  username: string | null;
  verifiedOnly: boolean;
  createdAt: Date;
}

/** Memos per page of the back office's list. */
export const ADMIN_MEMO_PAGE_SIZE = 50;

/** The member named in a memo to one does not exist. */
export class UnknownMemberError extends Error {
  override name = 'UnknownMemberError';
}

export function createMemoService(db: Db) {
  const verified = (memberId: number) =>
    exists(db.select({ one: sql`1` }).from(members).where(and(eq(members.id, memberId), eq(members.verified, true))));
  const visibleTo = (memberId: number) =>
    or(eq(memos.memberId, memberId), and(isNull(memos.memberId), or(eq(memos.verifiedOnly, false), verified(memberId))));

  const readJoin = (memberId: number) => and(eq(memoReads.memoId, memos.id), eq(memoReads.memberId, memberId));

  async function unreadCount(memberId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(memos)
      .leftJoin(memoReads, readJoin(memberId))
      .where(and(visibleTo(memberId), isNull(memoReads.memoId)));
    return row?.n ?? 0;
  }

  return {
    unreadCount,

    /** Newest first, MEMO_PAGE_SIZE a page, with the unread count. */
    async list(memberId: number, page: number): Promise<MemoPage> {
      const p = Math.max(1, Math.floor(page));
      const [rows, [totals], unread] = await Promise.all([
        db
          .select({ id: memos.id, subject: memos.subject, createdAt: memos.createdAt, readAt: memoReads.readAt })
          .from(memos)
          .leftJoin(memoReads, readJoin(memberId))
          .where(visibleTo(memberId))
          .orderBy(desc(memos.createdAt), desc(memos.id))
          .limit(MEMO_PAGE_SIZE)
          .offset((p - 1) * MEMO_PAGE_SIZE),
        db.select({ n: count() }).from(memos).where(visibleTo(memberId)),
        unreadCount(memberId),
      ]);
      return {
        items: rows.map((r) => ({ id: r.id, subject: r.subject, createdAt: r.createdAt.toISOString(), read: r.readAt !== null })),
        page: p,
        pageSize: MEMO_PAGE_SIZE,
        total: totals?.n ?? 0,
        unread,
      };
    },

    /** One memo addressed to this member or to all, marked read; null for any other id. */
    async open(memberId: number, id: number, opts: { markRead: boolean } = { markRead: true }): Promise<MemoDetail | null> {
      const [row] = await db.select().from(memos).where(and(eq(memos.id, id), visibleTo(memberId)));
      if (!row) return null;
      if (opts.markRead) await db.insert(memoReads).values({ memoId: id, memberId }).onConflictDoNothing();
      return { id: row.id, subject: row.subject, body: row.body, createdAt: row.createdAt.toISOString(), read: true };
    },

    /** Marks every memo this member can see as read. Returns how many turned read. */
    async markAllRead(memberId: number): Promise<number> {
      const inserted = await db
        .insert(memoReads)
        .select(
          db
            .select({ memoId: memos.id, memberId: sql<number>`${memberId}::integer`.as('member_id'), readAt: sql<Date>`now()`.as('read_at') })
            .from(memos)
            .where(visibleTo(memberId)),
        )
        .onConflictDoNothing()
        .returning({ memoId: memoReads.memoId });
      return inserted.length;
    },

    /** Admin: write a memo (audited in the same transaction). */
    async create(actor: audit.Actor, input: MemoInput): Promise<Memo> {
      return db.transaction(async (tx) => {
        let memberId: number | null = null;
        if (input.audience === 'member') {
          const [m] = await tx.select({ id: members.id }).from(members).where(eq(members.username, input.username.toLowerCase()));
          if (!m) throw new UnknownMemberError(input.username);
          memberId = m.id;
        }
        const [row] = await tx
          .insert(memos)
          .values({ memberId, verifiedOnly: input.audience === 'verified', subject: input.subject, body: input.body, createdBy: actor.adminId })
          .returning();
        await audit.record(tx, actor, {
          action: 'memo.create',
          target: `memo:${row!.id}`,
          after: { ...row, audience: input.audience, username: input.audience === 'member' ? input.username.toLowerCase() : null },
        });
        return row!;
      });
    },

    /** Admin: delete a memo (audited; its read rows go with it). */
    async remove(actor: audit.Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.delete(memos).where(eq(memos.id, id)).returning();
        if (!before) throw new NotFoundError(`memo ${id}`);
        await audit.record(tx, actor, { action: 'memo.delete', target: `memo:${id}`, before });
      });
    },

    /**
     * Admin: every memo, newest first, ADMIN_MEMO_PAGE_SIZE a page (page 1 first). The list once
     * ended at the latest 100, and an older memo, still shown to its members, could not be found
     * or deleted.
     */
    async adminPage(page: number): Promise<{ items: AdminMemoRow[]; total: number; page: number; pageSize: number }> {
      const p = Math.max(1, Math.floor(page));
      const [items, [totals]] = await Promise.all([
        db
          .select({ id: memos.id, subject: memos.subject, body: memos.body, username: members.username, verifiedOnly: memos.verifiedOnly, createdAt: memos.createdAt })
          .from(memos)
          .leftJoin(members, eq(members.id, memos.memberId))
          .orderBy(desc(memos.createdAt), desc(memos.id))
          .limit(ADMIN_MEMO_PAGE_SIZE)
          .offset((p - 1) * ADMIN_MEMO_PAGE_SIZE),
        db.select({ n: count() }).from(memos),
      ]);
      return { items, total: totals?.n ?? 0, page: p, pageSize: ADMIN_MEMO_PAGE_SIZE };
    },
  };
}

export type MemoService = ReturnType<typeof createMemoService>;
