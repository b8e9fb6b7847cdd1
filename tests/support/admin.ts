// Signing admins in through the real API, as a browser would: password, TOTP from the secret,
// then the forced password change.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Services } from '../../src/lib/server/context.ts';
import { admins } from '../../src/lib/server/db/schema/index.ts';
import type { AdminRole } from '../../src/lib/server/admin/permissions.ts';
import { authenticatorCode } from './totp.ts';
import * as totpSeal from '../../src/lib/server/admin/totp-seal.ts';

/** What app.inject sends as Host; a write must carry the matching Origin. */
export const ORIGIN = 'http://localhost:80';

export function cookieFrom(setCookie: string | string[] | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!first) throw new Error('no set-cookie');
  return first.split(';')[0]!;
}

/** The admin's TOTP secret, opened from its sealed form in the database as the server opens it. */
export async function totpSecret(services: Services, username: string): Promise<string> {
  const [row] = await services.db.select({ s: admins.totpSecret }).from(admins).where(eq(admins.username, username));
  if (!row) throw new Error(`no admin ${username}`);
  const secret = totpSeal.open(await services.accounts.totpKey(), username, row.s);
  if (secret === null) throw new Error(`the TOTP secret of ${username} does not open`);
  return secret;
}

export interface SignedIn {
  username: string;
  password: string;
  headers: { cookie: string; origin: string };
}

let counter = 0;

/** A new admin of `role`, fully signed in (TOTP enrolled, one-time password replaced). */
export async function signIn(app: FastifyInstance, services: Services, role: AdminRole): Promise<SignedIn> {
  counter += 1;
  const username = `${role}${counter}${process.pid % 1000}`;
  const { password: oneTime } = await services.admin.create(username, role);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    headers: { origin: ORIGIN },
    payload: { username, password: oneTime },
  });
  if (login.statusCode !== 200) throw new Error(`login ${login.statusCode} ${login.body}`);
  const headers = { cookie: cookieFrom(login.headers['set-cookie']), origin: ORIGIN };
  const code = authenticatorCode(await totpSecret(services, username));
  const totp = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code } });
  if (totp.statusCode !== 200) throw new Error(`totp ${totp.statusCode} ${totp.body}`);
  const password = `baru-${username}-rahasia`;
  const change = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/password',
    headers,
    payload: { currentPassword: oneTime, newPassword: password, repeatPassword: password },
  });
  if (change.statusCode !== 200) throw new Error(`password ${change.statusCode} ${change.body}`);
  return { username, password, headers };
}
