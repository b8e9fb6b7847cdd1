// The login input (000 §5 Login), in zod's tree-shakable "mini" flavour: the login form sits on the
// home page, where the whole page's JavaScript budget is 100 KB compressed and the classic zod
// bundle alone costs ~23 KB. The API validates with this same schema.
import './zod-config.ts';
import * as z from 'zod/mini';
import { loginText, validation as v } from '../messages/auth.ts';
import { unitsAtMost } from './fields.ts';

/** Longer than any device token the server issues (`<iat>.<nonce>.<mac>`, under 80 characters). */
const DEVICE_TOKEN_MAX_LENGTH = 200;

/** The username is reduced to lowercase letters and digits. */
export const reduceUsername = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');
/** Spaces are stripped from passwords. */
export const stripSpaces = (s: string): string => s.replace(/\s/g, '');

const text = (requiredMessage: string) =>
  z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? requiredMessage : v.invalidType) });

export const loginSchema = z.object(
  {
    username: text(loginText.emptyUsername).check(z.overwrite(reduceUsername), z.minLength(1, loginText.emptyUsername)),
    password: text(loginText.emptyPassword).check(z.overwrite(stripSpaces), z.minLength(1, loginText.emptyPassword)),
    /** Webview (app) login: the session gets an app token instead of a web refresh token (000 §4). */
    app: z.optional(z.boolean({ error: v.invalidType })),
    /** The device token an earlier login as this username gave this browser (server: auth/device.ts). */
    deviceToken: z.optional(z.string({ error: v.invalidType }).check(z.refine(unitsAtMost(DEVICE_TOKEN_MAX_LENGTH), v.invalidType))),
  },
  { error: v.invalidType },
);
export type LoginInput = z.input<typeof loginSchema>;

/** The one line the login form shows for empty fields. */
export function loginProblem(errors: Partial<Record<string, string>>): string {
  if (errors['username'] === loginText.emptyUsername && errors['password'] === loginText.emptyPassword) return loginText.emptyBoth;
  return errors['username'] ?? errors['password'] ?? v.checkAgain;
}
