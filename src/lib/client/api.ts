// The JSON API as functions (ofetch). Public calls here; member calls take the bearer explicitly and
// are wrapped by session.ts, which supplies a fresh token and handles its expiry.
import { FetchError, ofetch } from 'ofetch';
import type { LoginInput, PasswordChangeInput, RegisterInput } from '../shared/schemas/auth.ts';

export const http = ofetch.create({ baseURL: '/api/v1', retry: 0, timeout: 20_000 });

export type Tokens = { accessToken: string; expiresIn: number } & ({ refreshToken: string } | { apkToken: string });
/** A login's tokens: also a device token, which lets this browser's later logins as the same username past a lockout that strangers caused. */
export type SignedIn = Tokens & { deviceToken: string };
export type Registered = SignedIn & { username: string };

export interface Profile {
  username: string;
  email: string;
  phone: string;
  birthDate: string;
  createdAt: string;
}

export interface ActivityPage {
  items: { kind: 'login' | 'ubah password'; ip: string; at: string }[];
  page: number;
  pageSize: number;
  total: number;
}

/** What a failed call tells the form: HTTP status (0 = no answer), the server's message and field errors. */
export interface Problem {
  status: number;
  message?: string | undefined;
  errors?: Record<string, string> | undefined;
}

export function problem(err: unknown): Problem {
  if (err instanceof FetchError) {
    const data = err.data as { message?: unknown; errors?: unknown } | undefined;
    return {
      status: err.status ?? 0,
      message: typeof data?.message === 'string' ? data.message : undefined,
      errors: data?.errors && typeof data.errors === 'object' ? (data.errors as Record<string, string>) : undefined,
    };
  }
  return { status: 0 };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const auth = {
  login: (body: LoginInput) => http<SignedIn>('/auth/login', { method: 'POST', body }),
  register: (body: RegisterInput) => http<Registered>('/auth/register', { method: 'POST', body }),
  refresh: (refreshToken: string) => http<Tokens>('/auth/refresh', { method: 'POST', body: { refreshToken } }),
  logout: (refreshToken: string) => http('/auth/logout', { method: 'POST', body: { refreshToken } }),
};

export const referrals = {
  check: (code: string) => http<{ code: string }>(`/referrals/${encodeURIComponent(code)}`),
  registerDownline: (token: string, body: RegisterInput) =>
    http<{ username: string }>('/referrals', { method: 'POST', body, headers: bearer(token) }),
};

export const me = {
  get: (token: string) => http<Profile>('/me', { headers: bearer(token) }),
  checkPassword: (token: string, password: string) =>
    http<{ valid: boolean; message: string }>('/me/password/check', { method: 'POST', body: { password }, headers: bearer(token) }),
  changePassword: (token: string, body: PasswordChangeInput) =>
    http('/me/password', { method: 'POST', body, headers: bearer(token) }),
  activity: (token: string, page: number) => http<ActivityPage>('/me/activity', { query: { page }, headers: bearer(token) }),
  historyLog: (token: string) => http('/me/activity', { method: 'POST', headers: bearer(token) }),
};
