// Back-office sign-in inputs, shared by the admin pages' forms and the admin API.
import { z } from 'zod';
import { adminAuth as m, adminValidation as v } from '../messages/index.ts';
import { emptyOr, INVALID_TYPE, unitsAtLeast, unitsAtMost } from './fields.ts';

const required = { error: emptyOr(m.required) };
const form = { error: INVALID_TYPE };

export const ADMIN_PASSWORD_MIN = 12;
export const ADMIN_PASSWORD_MAX = 128;
/** '            ' or 'abababababab' is 12 characters long and guessed at once. */
export const ADMIN_PASSWORD_MIN_DISTINCT = 4;
const distinctAtLeast = (min: number) => (s: string): boolean => new Set(s).size >= min;

/** Lowercase letters, digits, '.', '_' or '-'; 3–32 characters (the admins table checks it too). */
export const adminUsername = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,32}$/, v.username);

export const adminLoginInput = z.object({
  // Not the username format: a wrong username must fail like a wrong password, not tell its rules.
  username: z.string(required).trim().toLowerCase().min(1, m.required).refine(unitsAtMost(64), m.invalid),
  password: z.string(required).min(1, m.required).refine(unitsAtMost(256), m.invalid),
}, form);

export const totpInput = z.object({
  code: z
    .string({ error: m.totpFormat })
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, m.totpFormat)),
}, form);

export const adminPasswordInput = z
  .object({
    currentPassword: z.string(required).min(1, m.required).refine(unitsAtMost(256), m.passwordWrong),
    newPassword: z
      .string(required)
      .refine(unitsAtLeast(ADMIN_PASSWORD_MIN), m.passwordTooShort)
      .refine(unitsAtMost(ADMIN_PASSWORD_MAX), m.passwordTooLong)
      .refine(distinctAtLeast(ADMIN_PASSWORD_MIN_DISTINCT), m.passwordTooSimple),
    repeatPassword: z.string(required),
  }, form)
  .refine((d) => d.newPassword === d.repeatPassword, { path: ['repeatPassword'], message: m.passwordMismatch })
  .refine((d) => d.newPassword !== d.currentPassword, { path: ['newPassword'], message: m.passwordSame });
