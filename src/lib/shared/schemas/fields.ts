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

