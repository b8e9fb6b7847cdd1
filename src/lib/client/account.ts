// Member actions the settings and referral islands call (kept out of the JSX).
import { atom } from 'nanostores';
import type { PasswordChangeInput, RegisterInput } from '../shared/schemas/auth.ts';
import * as api from './api.ts';
import { asMember } from './session.ts';

/** Bumped after a password change, so the activity list reloads. */
export const $activityVersion = atom(0);

export const checkPassword = (password: string) => asMember((t) => api.me.checkPassword(t, password));

export async function changePassword(input: PasswordChangeInput): Promise<void> {
  await asMember((t) => api.me.changePassword(t, input));
  $activityVersion.set($activityVersion.get() + 1);
}

export const loadActivity = (page: number) => asMember((t) => api.me.activity(t, page));

export const registerDownline = (input: RegisterInput) => asMember((t) => api.referrals.registerDownline(t, input));
