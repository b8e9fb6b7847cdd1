// Member management for the back office (support and owner): search, view, suspend and lift,
// mark verified. Every change is audited in the same transaction. A suspended member keeps signing
// in and reading (the member shell shows the notice); the game launch refuses them (games issue:
// read `suspended` from the session, SessionMember.suspended).
import { desc, eq, ilike, or, sql } from 'drizzle-orm';
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

const SEARCH_LIMIT = 50;

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

export function createMemberAdminService(db: Db) {
  async function view(id: number): Promise<AdminMemberView | null> {
    const [row] = await db
      .select({ ...columns, referrer: sql<string | null>`(select r.username from members r where r.id = ${members.referrerId})` })
      .from(members)
      .where(eq(members.id, id));
    return row ?? null;
  }

  return {
    view,

    /** Newest first; an empty query lists the latest members. */
    async search(q: string): Promise<Omit<AdminMemberView, 'referrer' | 'birthDate' | 'registeredIp'>[]> {
      const term = q.trim().toLowerCase();
      const base = db
        .select({
          id: members.id,
          username: members.username,
          email: members.email,
          phone: members.phone,
          suspended: members.suspended,
          verified: members.verified,
          createdAt: members.createdAt,
        })
        .from(members);
      const filtered = term
        ? base.where(or(ilike(members.username, contains(term)), ilike(members.email, contains(term)), ilike(members.phone, contains(term))))
        : base;
      return filtered.orderBy(desc(members.createdAt), desc(members.id)).limit(SEARCH_LIMIT);
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
