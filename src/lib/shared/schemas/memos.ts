// Inputs of memos (member and admin), member management and manual match results.
import { z } from 'zod';
import { adminMatches, adminMemo, adminValidation as v } from '../messages/index.ts';
import { MEMO_PAGE_SIZE } from '../constants.ts';
import { idParam, pageQuery } from './url-number.ts';
import { emptyOr, INVALID_TYPE, unitsAtMost } from './fields.ts';
import { adminRequired, adminText } from './admin-text.ts';

const text = adminText;
const required = adminRequired;
/** A form's body: anything but a JSON object (an array, a string, no body) is of the wrong type. */
const form = { error: INVALID_TYPE };

export { MEMO_PAGE_SIZE };

/** The memo form's limits: the schema and the page's maxlength both read them. */
export const MEMO_MAX = { username: 40, subject: 150, body: 5000 } as const;

export const memoPageQuery = pageQuery;
export const memoIdParam = idParam;

export const memoInput = z
  .object({
    audience: z.enum(['all', 'verified', 'member'], { error: emptyOr(v.required) }),
    username: text(MEMO_MAX.username).default(''),
    subject: required(MEMO_MAX.subject),
    body: required(MEMO_MAX.body),
  }, form)
  .refine((m) => m.audience !== 'member' || m.username !== '', { path: ['username'], message: adminMemo.usernameRequired })
  // A username beside another audience was dropped, and a memo meant for one member went to all.
  .refine((m) => m.audience === 'member' || m.username === '', { path: ['audience'], message: adminMemo.usernameNeedsOne });
export type MemoInput = z.output<typeof memoInput>;

/** The longest member search term (the back office's search box says so too). */
export const MEMBER_SEARCH_MAX = 60;

export const memberSearchQuery = z.object({
  q: z.string({ error: INVALID_TYPE }).trim().refine(unitsAtMost(MEMBER_SEARCH_MAX), v.tooLong(MEMBER_SEARCH_MAX)).default(''),
  page: pageQuery.shape.page,
});

export const memberFlagsInput = z
  .object(
    { suspended: z.boolean({ error: emptyOr(v.required) }).optional(), verified: z.boolean({ error: emptyOr(v.required) }).optional() },
    form,
  )
  .refine((f) => f.suspended !== undefined || f.verified !== undefined, { message: v.required });
export type MemberFlagsInput = z.output<typeof memberFlagsInput>;

export const MANUAL_STATUSES = ['scheduled', 'live', 'finished', 'awarded', 'postponed', 'cancelled', 'abandoned'] as const;
/** The statuses of a match that has not been played (yet, or ever): no score, and any time. */
export const UNPLAYED: ReadonlySet<string> = new Set(['scheduled', 'postponed', 'cancelled']);
const goals = z
  .number({ error: emptyOr(v.required) })
  .int(adminMatches.goals)
  .min(0, adminMatches.goals)
  .max(99, adminMatches.goals)
  .nullable();

export const matchResultInput = z
  .object({
    status: z.enum(MANUAL_STATUSES, { error: emptyOr(v.required) }),
    htHome: goals,
    htAway: goals,
    ftHome: goals,
    ftAway: goals,
  }, form)
  .superRefine((r, ctx) => {
    const done = r.status === 'finished' || r.status === 'awarded';
    // A match that has not been played (yet, or ever) has no score to show: the site would print
    // one beside 'Terjadwal' or 'Ditunda'.
    if (UNPLAYED.has(r.status)) {
      for (const field of ['htHome', 'htAway', 'ftHome', 'ftAway'] as const) {
        if (r[field] !== null) ctx.addIssue({ code: 'custom', path: [field], message: adminMatches.noScoreUnplayed });
      }
      return;
    }
    if (done && (r.ftHome === null || r.ftAway === null)) {
      ctx.addIssue({ code: 'custom', path: [r.ftHome === null ? 'ftHome' : 'ftAway'], message: adminMatches.scoreRequired });
    }
    // A score is both sides' goals or neither: the site shows a pair or nothing, so half of one was
    // saved and shown nowhere.
    for (const [home, away] of [['htHome', 'htAway'], ['ftHome', 'ftAway']] as const) {
      if ((r[home] === null) === (r[away] === null) || (done && home === 'ftHome')) continue;
      ctx.addIssue({ code: 'custom', path: [r[home] === null ? home : away], message: adminMatches.bothSides });
    }
    if (r.htHome !== null && r.ftHome !== null && r.htHome > r.ftHome) {
      ctx.addIssue({ code: 'custom', path: ['htHome'], message: adminMatches.htNotAboveFt });
    }
    if (r.htAway !== null && r.ftAway !== null && r.htAway > r.ftAway) {
      ctx.addIssue({ code: 'custom', path: ['htAway'], message: adminMatches.htNotAboveFt });
    }
  });
export type MatchResultInput = z.output<typeof matchResultInput>;
/**
 * The result a form was rendered with (resultVersion, a hidden field): a save is refused when the
 * stored result has changed since. Optional, for API callers that edit without a page.
 */
export const shownResult = z.object({ shown: z.string({ error: INVALID_TYPE }).max(200, INVALID_TYPE).optional() }, form);
