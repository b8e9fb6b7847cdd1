// Member management for the back office (support and owner): search, view, suspend and lift,
// mark verified. Every change is audited in the same transaction. A suspended member keeps signing
// in and reading (the member shell shows the notice); the game launch refuses them (games issue:
// read `suspended` from the session, SessionMember.suspended).
import { aliasedTable, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import * as audit from './audit.ts';
import { NotFoundError } from './errors.ts';
import type { MemberFlagsInput } from '../../shared/schemas/memos.ts';
import type { AuditAction } from '../../shared/messages/admin.ts';

export interface AdminMemberView {
  id: number;
  username: string;
  email: string;
  phone: string;
  birthDate: string;
  suspended: boolean;
  verified: boolean;
  registeredIp: string;
  createdAt: Date;
  referrer: string | null;
}

export const MEMBER_PAGE_SIZE = 50;

export type MemberRow = Omit<AdminMemberView, 'referrer' | 'birthDate' | 'registeredIp'>;

const columns = {
  id: members.id,
  username: members.username,
  email: members.email,
  phone: members.phone,
  birthDate: members.birthDate,
  suspended: members.suspended,
  verified: members.verified,
  registeredIp: members.registeredIp,
  createdAt: members.createdAt,
};

/** LIKE pattern of a literal search term. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const referrers = aliasedTable(members, 'referrer');

export function createMemberAdminService(db: Db) {
  async function view(id: number): Promise<AdminMemberView | null> {
    // A join, not a subquery: drizzle writes the outer column unqualified, which inside a subquery
    // on the same table named the subquery's own row (the referrer was always null).
    const [row] = await db
      .select({ ...columns, referrer: referrers.username })
      .from(members)
      .leftJoin(referrers, eq(referrers.id, members.referrerId))
      .where(eq(members.id, id));
    return row ?? null;
  }

  return {
    view,

    /** Newest first, 50 a page; an empty query lists the latest members. */
    async search(q: string, page = 1): Promise<{ items: MemberRow[]; total: number; page: number; pageSize: number }> {
      const term = q.trim().toLowerCase();
      const p = Math.max(1, Math.floor(page));
      const where = term ? or(ilike(members.username, contains(term)), ilike(members.email, contains(term)), ilike(members.phone, contains(term))) : undefined;
      const [items, [totals]] = await Promise.all([
        db
          .select({
            id: members.id,
            username: members.username,
            email: members.email,
            phone: members.phone,
            suspended: members.suspended,
            verified: members.verified,
            createdAt: members.createdAt,
          })
          .from(members)
          .where(where)
          .orderBy(desc(members.createdAt), desc(members.id))
          .limit(MEMBER_PAGE_SIZE)
          .offset((p - 1) * MEMBER_PAGE_SIZE),
        db.select({ n: count() }).from(members).where(where),
      ]);
      return { items, total: totals?.n ?? 0, page: p, pageSize: MEMBER_PAGE_SIZE };
    },

    /** Suspend/lift and verify/unverify, audited with the flags before and after. */
    async setFlags(actor: audit.Actor, id: number, input: MemberFlagsInput): Promise<AdminMemberView> {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ suspended: members.suspended, verified: members.verified, username: members.username })
          .from(members)
          .where(eq(members.id, id))
          .for('update');
        if (!before) throw new NotFoundError(`member ${id}`);
        const patch = {
          ...(input.suspended !== undefined && { suspended: input.suspended }),
          ...(input.verified !== undefined && { verified: input.verified }),
        };
        const [after] = await tx
          .update(members)
          .set(patch)
          .where(eq(members.id, id))
          .returning({ suspended: members.suspended, verified: members.verified, username: members.username });
        // One entry per flag that changed (a change of both was recorded as the suspension alone);
        // 'member.update' when the change changed nothing.
        const actions: AuditAction[] = [];
        if (input.suspended !== undefined && input.suspended !== before.suspended) actions.push(input.suspended ? 'member.suspend' : 'member.lift');
        if (input.verified !== undefined && input.verified !== before.verified) actions.push(input.verified ? 'member.verify' : 'member.unverify');
        for (const action of actions.length ? actions : (['member.update'] as const)) {
          await audit.record(tx, actor, { action, target: `member:${id}`, before, after });
        }
      });
      return (await view(id))!;
    },
  };
}

export type MemberAdminService = ReturnType<typeof createMemberAdminService>;
