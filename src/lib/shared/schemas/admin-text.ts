// Text fields of the back office's forms (content, memos): one rule for what counts as filled in.
// Apart from fields.ts, which the member forms' scripts load: these bring zod and the back office's
// messages, which no member page needs.
import { z } from 'zod';
import { adminValidation } from '../messages/index.ts';
import { emptyOr, unitsAtMost } from './fields.ts';

/**
 * An invisible character: white space, a control character (U+0000-U+001F, U+007F-U+009F: a memo
 * subject of one U+0007 was taken as filled in), a Unicode format character (zero width space,
 * zero width (non-)joiner, word joiner, byte order mark, soft hyphen, direction marks), the
 * combining grapheme joiner, or a blank letter (Hangul fillers, the blank Braille pattern).
 * String.prototype.trim leaves most of them, so a title of one zero width space passed as filled
 * in and showed as nothing.
 */
const INVISIBLE = /^[\s\p{Cc}\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\u2800]$/u;
/** Tag characters are format characters too, but they end a subdivision's flag: 🏴 and tags make England's. */
const isTag = (cp: number) => cp >= 0xe0020 && cp <= 0xe007f;
const invisible = (c: string) => INVISIBLE.test(c) && !isTag(c.codePointAt(0)!);

/**
 * `s` without invisible characters at its ends; inside a text they stay (an emoji sequence joins
 * with U+200D, a memo's lines are separated by U+000A). A scan from each end: a regular expression
 * anchored at the end (/X+$/) tried every run of spaces inside the text, 2.5 s for a 60,000-space one.
 */
export function trimInvisible(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end) {
    const c = String.fromCodePoint(s.codePointAt(start)!);
    if (!invisible(c)) break;
    start += c.length;
  }
  while (end > start) {
    // The last code point: a surrogate pair's two units, or one.
    const low = s.charCodeAt(end - 1);
    const pair = end - 2 >= start && low >= 0xdc00 && low <= 0xdfff && s.charCodeAt(end - 2) >= 0xd800 && s.charCodeAt(end - 2) <= 0xdbff;
    const c = s.slice(pair ? end - 2 : end - 1, end);
    if (!invisible(c)) break;
    end -= c.length;
  }
  return s.slice(start, end);
}

/** A back-office text field: invisible ends removed, at most `max` characters; may be left empty. */
export const adminText = (max: number) =>
  z.string({ error: emptyOr(adminValidation.required) }).overwrite(trimInvisible).refine(unitsAtMost(max), adminValidation.tooLong(max));

/** A back-office text field that must be filled in with something visible. */
export const adminRequired = (max: number) => adminText(max).min(1, adminValidation.required);
