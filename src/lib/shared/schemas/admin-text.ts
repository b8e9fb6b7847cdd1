// Text fields of the back office's forms (content, memos): one rule for what counts as filled in.
// Apart from fields.ts, which the member forms' scripts load: these bring zod and the back office's
// messages, which no member page needs.
import { z } from 'zod';
import { adminValidation } from '../messages/index.ts';
import { emptyOr, unitsAtMost } from './fields.ts';

/**
 * Invisible characters at either end of a text: white space, control characters (U+0001-U+001F,
 * U+007F-U+009F: a memo subject of one U+0007 was taken as filled in), Unicode format characters
 * (zero width space, zero width (non-)joiner, word joiner, byte order mark, soft hyphen, direction
 * marks), the combining grapheme joiner and the blank letters (Hangul fillers, the blank Braille
 * pattern) that show as nothing. String.prototype.trim leaves most of them, so a title of one
 * zero width space passed as filled in and showed as nothing. Inside a text they stay (an emoji
 * sequence joins with U+200D; a memo's lines are separated by U+000A).
 */
const INVISIBLE = String.raw`[\s\p{Cc}\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\u2800]`;
const INVISIBLE_EDGES = new RegExp(`^${INVISIBLE}+|${INVISIBLE}+$`, 'gu');

/** `s` without invisible characters at its ends. */
export const trimInvisible = (s: string): string => s.replace(INVISIBLE_EDGES, '');

/** A back-office text field: invisible ends removed, at most `max` characters; may be left empty. */
export const adminText = (max: number) =>
  z.string({ error: emptyOr(adminValidation.required) }).overwrite(trimInvisible).refine(unitsAtMost(max), adminValidation.tooLong(max));

/** A back-office text field that must be filled in with something visible. */
export const adminRequired = (max: number) => adminText(max).min(1, adminValidation.required);
