// The message of a form field whose value is not of the expected JSON type. A missing or null field
// (what an emptied form sends) is 'Data tidak boleh kosong'; a value of another type (a number for
// a text, an array, an object) is not empty, and reads 'Format data tidak valid.' like the account
// forms' fields.
import { validation } from '../messages/auth.ts';

export const INVALID_TYPE = validation.invalidType;

/** A zod `error` option: `emptyMessage` for a missing, null or '' value, INVALID_TYPE for any other. */
export const emptyOr =
  (emptyMessage: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null || issue.input === '' ? emptyMessage : INVALID_TYPE;


/**
 * Text lengths count UTF-16 code units, as the browser's `maxlength` and `minlength` do and as
 * String.length does. zod 4.6's maxLength/minLength count code points (an emoji is one), so a
 * 12-character password limit let 12 emoji through the API, 24 units the form cannot hold, and the
 * login, which counts units, then refused that member's right password for ever. Every length rule
 * of a text field uses these instead. A unit limit is never looser than a database column's
 * character limit of the same number.
 */
export const unitsAtMost = (max: number) => (s: string): boolean => s.length <= max;
export const unitsAtLeast = (min: number) => (s: string): boolean => s.length >= min;

/** The first message per field of a failed parse (dotted path; '_' for the whole input). */
export function firstErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}
