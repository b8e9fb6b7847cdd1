// Memos (001 §6): written by an admin to every member (member_id null), to the verified members
// (member_id null, verified_only: the list a verified member gets, 001 §6, §7), or to one member, and the
// per-member read state. A memo to everyone has one read row per member who opened it; a missing
// row means unread.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { admins } from './admin.ts';

export const memos = pgTable(
  'memos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null: addressed to every member. */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    /** With member_id null: only members an admin marked verified see it. */
    verifiedOnly: boolean('verified_only').notNull().default(false),
    subject: text('subject').notNull(),
    /** Plain text; rendered as text (line breaks kept), never as HTML. */
    body: text('body').notNull(),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('memos_subject_rule', sql`char_length(${t.subject}) BETWEEN 1 AND 150`),
    check('memos_body_rule', sql`char_length(${t.body}) BETWEEN 1 AND 5000`),
    check('memos_verified_only_rule', sql`NOT (${t.verifiedOnly} AND ${t.memberId} IS NOT NULL)`),
    index('memos_member_idx').on(t.memberId, t.createdAt.desc(), t.id.desc()),
    index('memos_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const memoReads = pgTable(
  'memo_reads',
  {
    memoId: integer('memo_id')
      .notNull()
      .references(() => memos.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'memo_reads_pkey', columns: [t.memoId, t.memberId] }), index('memo_reads_member_idx').on(t.memberId)],
);

export type Memo = typeof memos.$inferSelect;
