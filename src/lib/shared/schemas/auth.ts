// The account inputs, each one zod schema shared by the island that collects it and the endpoint
// that receives it (and the service behind the endpoint). Messages are the spec's Indonesian texts.
//
// Normalisation happens inside the schema, so the form and the API agree on it:
//   registration: username, e-mail and referral are lowercased (000 §5 "all input lowercased");
//     passwords are case-sensitive (login does not lowercase them, 000 §5 Login);
//   login: the username is reduced to lowercase letters and digits, spaces are stripped from the password.
//
// In zod's tree-shakable "mini" flavour, as login.ts: the registration and password forms validate
// with these schemas in the browser, and the classic bundle would add ~11 KB (compressed) to them.
import './zod-config.ts';
import * as z from 'zod/mini';
import { validation as v, settingText } from '../messages/auth.ts';
import {
  EMAIL_MAX_LENGTH,
  MIN_AGE,
  PASSWORD_LENGTH,
  PHONE_LENGTH,
  REFERRAL_MAX_LENGTH,
  USERNAME_LENGTH,
} from '../constants.ts';
import { wibDateKey } from '../format.ts';
import { emptyOr, unitsAtLeast, unitsAtMost } from './fields.ts';
import { loginProblem, loginSchema, reduceUsername, stripSpaces, type LoginInput } from './login.ts';

/** A string field: missing or null reads as empty ('Data tidak boleh kosong'), any other type is invalid. */
const text = (requiredMessage: string = v.required) => z.string({ error: emptyOr(requiredMessage) });

const USERNAME_CHARS = /^[a-z0-9]*$/;
const DIGITS = /^[0-9]*$/;
/**
 * A simple address pattern (000 §5), applied after lowercasing: dots only between characters of
 * the local part, and domain labels that neither start nor end with a hyphen (no '..@x.com' or
 * 'a@-x-.com', which no mail server delivers to).
 */
const EMAIL = /^[a-z0-9_%+-]+(\.[a-z0-9_%+-]+)*@([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const username = text().check(
  z.toLowerCase(),
  z.minLength(1, v.required),
  z.regex(USERNAME_CHARS, v.username.chars),
  z.refine(unitsAtMost(USERNAME_LENGTH.max), v.username.max),
  z.refine(unitsAtLeast(USERNAME_LENGTH.min), v.username.min),
  z.refine((s) => !/^[0-9]+$/.test(s), v.username.notOnlyDigits),
);

export const password = text().check(
  z.minLength(1, v.required),
  z.refine((s) => !/\s/.test(s), v.password.noSpaces),
  z.refine(unitsAtLeast(PASSWORD_LENGTH.min), v.password.min),
  z.refine(unitsAtMost(PASSWORD_LENGTH.max), v.password.max),
);

export const phone = text().check(
  z.minLength(1, v.required),
  z.regex(DIGITS, v.phone.digits),
  z.startsWith('08', v.phone.prefix),
  z.refine(unitsAtLeast(PHONE_LENGTH.min), v.phone.min),
  z.refine(unitsAtMost(PHONE_LENGTH.max), v.phone.max),
);

export const email = text().check(
  z.toLowerCase(),
  z.minLength(1, v.required),
  z.refine(unitsAtMost(EMAIL_MAX_LENGTH), v.email.max),
  z.regex(EMAIL, v.email.format()),
);

/** Calendar date YYYY-MM-DD that exists (no 2001-02-30), or null. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whole years between a birth date and a day (both YYYY-MM-DD); a 29 February birthday falls on 1 March. */
export function ageOn(birthDate: string, today: string): number {
  const b = parseIsoDate(birthDate);
  const t = parseIsoDate(today);
  if (!b || !t) return Number.NaN;
  let age = t.year - b.year;
  if (t.month < b.month || (t.month === b.month && t.day < b.day)) age -= 1;
  return age;
}

/** Today's date in WIB: the day an Indonesian member's age is counted on. */
export const todayWib = (): string => wibDateKey(Date.now());

/**
 * One message for the field: empty, not a real past date, or under 18. A single refinement, not an
 * aborting chain: an aborted field would also silence the form's other checks ('Password tidak
 * cocok' would wait until the date was fixed).
 */
export const birthDate = text().check(z.superRefine((s, ctx) => {
  const today = todayWib();
  const d = parseIsoDate(s);
  const message =
    s === ''
      ? v.required
      : d === null || d.year < 1900 || s > today
        ? v.birthDate.invalid
        : ageOn(s, today) < MIN_AGE
          ? v.birthDate.underage
          : null;
  if (message) ctx.addIssue({ code: 'custom', message });
}));

/** Optional referral code (a referrer's username, 000 §6): empty means none. */
export const referral = z.pipe(
  z.optional(
    z.union(
      [z.null(), text().check(z.toLowerCase(), z.refine(unitsAtMost(REFERRAL_MAX_LENGTH), v.referral.max), z.regex(USERNAME_CHARS, v.referral.notFound))],
      { error: v.invalidType },
    ),
  ),
  z.transform((s) => (s ? s : undefined)),
);

/**
 * "Repeat" must equal the field it repeats. A refinement with `when` so the message also shows while
 * other fields are still wrong (zod skips object refinements after a field's type error otherwise).
 */
function mustMatch<S extends z.ZodMiniType<{ password: string; passwordConfirm: string }>>(schema: S, message: string) {
  return schema.check(
    z.refine((o) => typeof o.passwordConfirm !== 'string' || o.passwordConfirm === '' || o.passwordConfirm === o.password, {
      message,
      path: ['passwordConfirm'],
      when: isObject,
    }),
  );
}

const isObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

export const registerSchema = mustMatch(
  z.object({
    username,
    password,
    passwordConfirm: text().check(z.minLength(1, v.required)),
    phone,
    email,
    birthDate,
    referral,
    agree: z.literal(true, { error: v.agree }),
  }, { error: v.invalidType }),
  v.password.mismatch,
);

export type RegisterInput = z.input<typeof registerSchema>;
export type Registration = z.output<typeof registerSchema>;

/** The registration form's fields, in the order the form shows them. */
export const registerFields = ['username', 'password', 'passwordConfirm', 'phone', 'email', 'referral', 'birthDate', 'agree'] as const;
export type RegisterField = (typeof registerFields)[number];

// Login lives in login.ts (zod mini, for the home page's budget); re-exported for the server side.
export { loginProblem, loginSchema, reduceUsername, stripSpaces, type LoginInput };

export const refreshSchema = z.object({
  refreshToken: text().check(z.minLength(1, v.required), z.refine(unitsAtMost(200), v.invalidType)),
}, { error: v.invalidType });

export const passwordCheckSchema = z.object({
  password: text().check(z.overwrite(stripSpaces), z.minLength(1, v.required), z.refine(unitsAtMost(64), settingText.wrong)),
}, { error: v.invalidType });

export const passwordChangeSchema = mustMatch(
  z
    .object({
      oldPassword: text().check(z.overwrite(stripSpaces), z.minLength(1, v.required), z.refine(unitsAtMost(64), settingText.wrong)),
      password,
      passwordConfirm: text().check(z.minLength(1, v.required)),
    }, { error: v.invalidType })
    // A "change" to the same password changes nothing; shown beside the other fields' messages.
    .check(
      z.refine((o) => typeof o.password !== 'string' || o.password === '' || o.password !== o.oldPassword, {
        message: settingText.sameAsOld,
        path: ['password'],
        when: isObject,
      }),
    ),
  settingText.mismatch,
);
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
