// The message of a form field whose value is not of the expected JSON type. A missing or null field
// (what an emptied form sends) is 'Data tidak boleh kosong'; a value of another type (a number for
// a text, an array, an object) is not empty, and reads 'Format data tidak valid.' like the account
// forms' fields.
import { z } from 'zod';
import { validation } from '../messages/auth.ts';
import { adminValidation } from '../messages/index.ts';

export const INVALID_TYPE = validation.invalidType;

/** A zod `error` option: `emptyMessage` for a missing, null or '' value, INVALID_TYPE for any other. */
export const emptyOr =
  (emptyMessage: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null || issue.input === '' ? emptyMessage : INVALID_TYPE;

/**
 * Invisible characters at either end of a text: white space and Unicode format characters (zero
 * width space, zero width (non-)joiner, word joiner, byte order mark, soft hyphen, direction
 * marks). String.prototype.trim leaves most format characters, so a title of one zero width space
 * passed as filled in and showed as nothing. Inside a text they stay (an emoji sequence joins with
 * U+200D).
 */
const INVISIBLE_EDGES = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;

/** `s` without invisible characters at its ends. */
export const trimInvisible = (s: string): string => s.replace(INVISIBLE_EDGES, '');

/** A back-office text field: invisible ends removed, at most `max` characters; may be left empty. */
export const adminText = (max: number) =>
  z.string({ error: emptyOr(adminValidation.required) }).overwrite(trimInvisible).max(max, adminValidation.tooLong(max));

/** A back-office text field that must be filled in with something visible. */
export const adminRequired = (max: number) => adminText(max).min(1, adminValidation.required);
