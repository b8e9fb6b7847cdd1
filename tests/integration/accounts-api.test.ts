import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { describeEachDb } from '../support/db.ts';
import { bearer, login, register, registration, uniqueName } from '../support/accounts.ts';
import { createServer } from '../../src/api/server.ts';
import { memberActivity, memberSessions, members, refreshTokens } from '../../src/lib/server/db/schema/index.ts';
import * as session from '../../src/lib/server/auth/session.ts';
import * as jwt from '../../src/lib/server/auth/jwt.ts';
import * as secret from '../../src/lib/server/auth/secret.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_LENGTH, PHONE_LENGTH, USERNAME_LENGTH } from '../../src/lib/shared/constants.ts';

describeEachDb('accounts API', (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createServer({ services: db().services, logger: false });
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers, ...(remoteAddress && { remoteAddress }) });
  const memberRow = async (username: string) => (await db().database.db.select().from(members).where(eq(members.username, username)))[0];

  describe('POST /api/v1/auth/register', () => {
    it("201 at every limit the form allows: the database's own checks (members table) agree with the form's rules", async () => {
      const name = (length: number) => `a${crypto.randomBytes(8).toString('hex')}`.slice(0, length);
      const phone = (length: number) => `08${'1'.repeat(length - 2)}`;
      const email = (length: number) => `${'e'.repeat(length - '@gmail.com'.length)}@gmail.com`;
      const limits = [
        { username: name(USERNAME_LENGTH.max), phone: phone(PHONE_LENGTH.max), email: email(EMAIL_MAX_LENGTH) },
        { username: name(USERNAME_LENGTH.min), phone: phone(PHONE_LENGTH.min), email: 'e@x.co' },
      ];
      for (const [i, fields] of limits.entries()) {
        const res = await post('/api/v1/auth/register', registration(fields), {}, `203.0.113.${200 + i}`);
        expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBe(201);
        expect(await memberRow(fields.username)).toMatchObject({ phone: fields.phone, email: fields.email });
      }
    });

    it('201: creates the member (lowercased, argon2id) and logs them in', async () => {
      const body = registration({ username: 'Regis' + crypto.randomBytes(2).toString('hex'), email: 'Regis@Gmail.com' });
      const res = await post('/api/v1/auth/register', body, {}, '203.0.113.7');
      expect(res.statusCode).toBe(201);
      const out = res.json();
      expect(out).toEqual({ username: body.username.toLowerCase(), accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900, deviceToken: expect.stringMatching(/^\d+\.[\w-]{22}\.[\w-]{43}$/) });
      const row = await memberRow(out.username);
      expect(row).toMatchObject({ email: 'regis@gmail.com', phone: '081234567890', birthDate: '1995-05-17', registeredIp: '203.0.113.7', suspended: false, verified: false });
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const me = await app.inject({ url: '/api/v1/me', headers: bearer(out.accessToken) });
      expect(me.json().username).toBe(out.username);
      // The scheme's name in any case (RFC 9110); anything else before the token is no bearer: another
      // scheme is no sign-in at all, a bearer written wrong one that is no good (000 §8's message).
      for (const scheme of ['bearer', 'BEARER', 'Bearer  ']) {
        expect((await app.inject({ url: '/api/v1/me', headers: { authorization: `${scheme} ${out.accessToken}` } })).statusCode, scheme).toBe(200);
      }
      for (const [scheme, message] of [['Basic', 'Silahkan login terlebih dahulu.'], ['Bearerx', 'Silahkan login terlebih dahulu.'], ['Bearer:', 'Token expired']]) {
        expect((await app.inject({ url: '/api/v1/me', headers: { authorization: `${scheme} ${out.accessToken}` } })).json(), scheme).toEqual({ message });
      }
    });

    it("422: field errors and 'Silahkan cek kembali!'", async () => {
      const res = await post('/api/v1/auth/register', registration({ username: '123456', phone: '0712345678', passwordConfirm: 'lain123', agree: false }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'Silahkan cek kembali!',
        errors: {
          username: 'Username harus berisi kombinasi huruf dan angka',
          phone: 'Nomor HP harus diawali dengan angka 08',
          passwordConfirm: 'Password tidak cocok',
          agree: 'Anda wajib menyetujui peraturan',
        },
      });
    });

    it("422: under 18 is refused with 'Usia minimal 18 tahun' and nothing is stored", async () => {
      const year = new Date().getUTCFullYear() - 10;
      const body = registration({ birthDate: `${year}-01-01` });
      const res = await post('/api/v1/auth/register', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ birthDate: 'Usia minimal 18 tahun' });
      expect(await memberRow(body.username)).toBeUndefined();
    });

    it('a password of emoji: what registers logs in, and what the form could not hold is refused', async () => {
      // 6 emoji are 12 UTF-16 units, as many as the rule allows (it counts as the browser's maxlength does); 7 are 14.
      const six = '😀'.repeat(6);
      const m = await register(app, { password: six, passwordConfirm: six });
      expect((await login(app, m.username, six, '203.0.113.31')).statusCode).toBe(200);
      const seven = '😀'.repeat(7);
      const body = registration({ password: seven, passwordConfirm: seven });
      const res = await post('/api/v1/auth/register', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ password: 'Kata Sandi maksimal 12 digit' });
      expect(await memberRow(body.username)).toBeUndefined();
      const change = await post('/api/v1/me/password', { oldPassword: six, password: seven, passwordConfirm: seven }, bearer(m.accessToken));
      expect(change.statusCode).toBe(422);
      expect(change.json().errors).toEqual({ password: 'Kata Sandi maksimal 12 digit' });
      expect((await login(app, m.username, six, '203.0.113.32')).statusCode).toBe(200);
    });

    it("409: a taken username gives 'Username telah digunakan' on the field", async () => {
      const first = await register(app);
      const res = await post('/api/v1/auth/register', registration({ username: first.username.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Username telah digunakan', errors: { username: 'Username telah digunakan' } });
    });

    it('records the referrer of a known referral code, refuses an unknown one', async () => {
      const upline = await register(app);
      const down = await register(app, { referral: upline.username.toUpperCase() });
      const [up, dn] = [await memberRow(upline.username), await memberRow(down.username)];
      expect(dn!.referrerId).toBe(up!.id);
      const res = await post('/api/v1/auth/register', registration({ referral: 'tidakada1' }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Silahkan cek kembali!', errors: { referral: 'Referral tidak ditemukan' } });
    });

    it('twenty parallel registrations of one username create exactly one member', async () => {
      const username = uniqueName('race');
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post('/api/v1/auth/register', registration({ username, phone: `0812345678${String(i).padStart(2, '0')}` }), {}, '192.0.2.77'),
        ),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const [row] = await db().database.db.select({ n: sql<number>`count(*)::int` }).from(members).where(eq(members.username, username));
      expect(row!.n).toBe(1);
    });

    it('429 past 30 registrations from one IP in 10 minutes: nothing stored, other addresses unaffected', async () => {
      const ip = '192.0.2.201';
      for (let i = 0; i < 30; i++) expect((await post('/api/v1/auth/register', registration(), {}, ip)).statusCode).toBe(201);
      const body = registration();
      const res = await post('/api/v1/auth/register', body, {}, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe('Terlalu banyak pendaftaran dari jaringan Anda. Silahkan coba lagi dalam 10 menit.');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(540);
      expect(await memberRow(body.username)).toBeUndefined();
      // A member's downline registration from that address counts against the same limit.
      const up = await register(app);
      const downline = await post('/api/v1/referrals', registration(), bearer(up.accessToken), ip);
      expect(downline.statusCode).toBe(429);
      // A taken name and a mistyped referral code are still told apart without counting (neither
      // costs a hash), and other addresses register as before.
      expect((await post('/api/v1/auth/register', registration({ username: up.username }), {}, ip)).statusCode).toBe(409);
      const typo = await post('/api/v1/auth/register', registration({ referral: 'tidakada1' }), {}, ip);
      expect([typo.statusCode, typo.json()]).toEqual([422, { message: 'Silahkan cek kembali!', errors: { referral: 'Referral tidak ditemukan' } }]);
      expect((await post('/api/v1/auth/register', registration(), {}, '192.0.2.202')).statusCode).toBe(201);
    });
  });

  describe('POST /api/v1/auth/login', () => {
    it('200: tokens for the right password; the username is reduced and spaces stripped', async () => {
      const m = await register(app);
      const res = await login(app, ` ${m.username.toUpperCase()}! `, ' Rahasia 1 ');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900, deviceToken: expect.stringMatching(/^\d+\.[\w-]{22}\.[\w-]{43}$/) });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it("401: 'Username atau Password Salah' for a wrong password or an unknown username", async () => {
      const m = await register(app);
      for (const [u, p] of [[m.username, 'Salah123'], [m.username, 'rahasia1'], [uniqueName('nobody'), 'Rahasia1']] as const) {
        const res = await login(app, u, p, '198.51.100.1');
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Username atau Password Salah' });
      }
    });

    it('422: the spec messages for empty fields', async () => {
      const cases: [unknown, string][] = [
        [{ username: '', password: '' }, 'Silahkan isi username dan password'],
        [{ username: '', password: 'x' }, 'Silahkan isi username'],
        [{ username: 'budi', password: '  ' }, 'Silahkan isi password'],
      ];
      for (const [body, message] of cases) {
        const res = await post('/api/v1/auth/login', body);
        expect(res.statusCode).toBe(422);
        expect(res.json().message).toBe(message);
      }
    });

    it('429 per username and address: after 10 failures even the right password waits there, with an Indonesian message', async () => {
      const m = await register(app);
      const ip = '192.0.2.1';
      for (let i = 0; i < 10; i++) expect((await login(app, m.username, 'Salah123', ip)).statusCode).toBe(401);
      const res = await login(app, m.username, m.password, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe('Terlalu banyak percobaan login. Silahkan coba lagi dalam 15 menit.');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
      // Another member on that address is not affected, and a stranger's failures do not lock the
      // member out from their own address.
      const other = await register(app);
      expect((await login(app, other.username, other.password, ip)).statusCode).toBe(200);
      expect((await login(app, m.username, m.password, '192.0.2.2')).statusCode).toBe(200);
    });

    it('429 per username from any address: 30 failures spread over 10 addresses make every address wait', async () => {
      const m = await register(app);
      for (let i = 0; i < 30; i++) expect((await login(app, m.username, 'Salah123', `192.0.2.${10 + (i % 10)}`)).statusCode).toBe(401);
      const res = await login(app, m.username, m.password, '192.0.2.99');
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe('Terlalu banyak percobaan login. Silahkan coba lagi dalam 15 menit.');
    });

    it("a stranger's failures do not lock out a browser where the member signed in before: its device token is counted on its own", async () => {
      const m = await register(app);
      const home = '192.0.2.30';
      const signedIn = await login(app, m.username, m.password, home);
      const { deviceToken } = signedIn.json();
      const withToken = (password: string, ip: string, token = deviceToken) =>
        post('/api/v1/auth/login', { username: m.username, password, deviceToken: token }, {}, ip);
      // Thirty failures spread over ten addresses: the username is locked for everyone else ...
      for (let i = 0; i < 30; i++) expect((await login(app, m.username, 'Salah123', `192.0.2.${40 + (i % 10)}`)).statusCode).toBe(401);
      expect((await login(app, m.username, m.password, '192.0.2.31')).statusCode).toBe(429);
      // ... and for a token that is not this username's, forged or another member's.
      const other = await register(app);
      const othersToken = (await login(app, other.username, other.password, home)).json().deviceToken;
      expect((await withToken(m.password, '192.0.2.31', othersToken)).statusCode).toBe(429);
      expect((await withToken(m.password, '192.0.2.31', deviceToken.replace(/\.[\w-]+$/, '.' + 'A'.repeat(43)))).statusCode).toBe(429);
      // The member's own browser gets in, from any address, and a new token with it.
      const back = await withToken(m.password, '192.0.2.31');
      expect(back.statusCode).toBe(200);
      expect(back.json().deviceToken).not.toBe(deviceToken);
      // The signed-in member's settings check is not held up by the strangers either.
      const check = await post('/api/v1/me/password/check', { password: m.password }, bearer(back.json().accessToken), '192.0.2.31');
      expect(check.json()).toEqual({ valid: true, message: 'Password Benar' });
      // The token's own failures are limited: after 10, even the right password waits.
      for (let i = 0; i < 10; i++) expect((await withToken('Salah123', `192.0.2.${50 + i}`)).statusCode).toBe(401);
      const limited = await withToken(m.password, '192.0.2.31');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe('Terlalu banyak percobaan login. Silahkan coba lagi dalam 15 menit.');
    });

    it('422 for a device token that is not text or too long, before anything is counted', async () => {
      const m = await register(app);
      // Nine failures: one more counted attempt would make even the right password wait.
      for (let i = 0; i < 9; i++) expect((await login(app, m.username, 'Salah123', '192.0.2.32')).statusCode).toBe(401);
      for (const deviceToken of [42, 'x'.repeat(201)]) {
        const res = await post('/api/v1/auth/login', { username: m.username, password: m.password, deviceToken }, {}, '192.0.2.32');
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ deviceToken: 'Format data tidak valid.' });
      }
      expect((await login(app, m.username, m.password, '192.0.2.32')).statusCode).toBe(200);
    });

    it("a password change retires the device tokens earned with the old password; the new password's tokens work", async () => {
      const m = await register(app);
      const home = '192.0.2.33';
      const before = (await login(app, m.username, m.password, home)).json();
      const change = await post('/api/v1/me/password', { oldPassword: m.password, password: 'Baru2024', passwordConfirm: 'Baru2024' }, bearer(before.accessToken), home);
      expect(change.statusCode).toBe(204);
      const after = (await login(app, m.username, 'Baru2024', home)).json().deviceToken;
      for (let i = 0; i < 30; i++) expect((await login(app, m.username, 'Salah123', `192.0.2.${60 + (i % 10)}`)).statusCode).toBe(401);
      const withToken = (token: string) => post('/api/v1/auth/login', { username: m.username, password: 'Baru2024', deviceToken: token }, {}, '192.0.2.34');
      expect((await withToken(before.deviceToken)).statusCode).toBe(429);
      expect((await withToken(after)).statusCode).toBe(200);
    });

    it('counts an over-long username or password against the address alone, not against a username', async () => {
      const ip = '192.0.2.35';
      const m = await register(app);
      const tooLong = 'Salah'.padEnd(PASSWORD_LENGTH.max + 1, '9');
      // Ten wrong passwords for one username from one address block it there; these could guess nothing.
      for (let i = 0; i < 10; i++) expect((await login(app, m.username, tooLong, ip)).statusCode).toBe(401);
      expect((await login(app, m.username, m.password, ip)).statusCode).toBe(200);
      // Each still counts against the address: with 40 over-long usernames it has had its 50 failures.
      for (let i = 0; i < 40; i++) expect((await login(app, `${'z'.repeat(USERNAME_LENGTH.max + 1)}${i}`, 'Salah123', ip)).statusCode).toBe(401);
      expect((await login(app, m.username, m.password, ip)).statusCode).toBe(429);
    });

    it('429 per IP: 50 failures from one address block that address for every username', async () => {
      const ip = '198.18.0.50';
      for (let i = 0; i < 50; i++) expect((await login(app, uniqueName('ghost'), 'Salah123', ip)).statusCode).toBe(401);
      const m = await register(app);
      const res = await login(app, m.username, m.password, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Terlalu banyak percobaan login/);
      const elsewhere = await login(app, m.username, m.password, '198.18.0.51');
      expect(elsewhere.statusCode).toBe(200);
      // A browser where the member signed in before is not one of the strangers sharing the address
      // (a carrier's, for many phones): its device token lets it in there.
      const { deviceToken } = elsewhere.json();
      const withToken = await post('/api/v1/auth/login', { username: m.username, password: m.password, deviceToken }, {}, ip);
      expect(withToken.statusCode).toBe(200);
      // The same flood a minute long (120 attempts) does not hold it up either.
      for (let i = 0; i < 70; i++) await login(app, uniqueName('ghost'), 'Salah123', ip);
      expect((await post('/api/v1/auth/login', { username: m.username, password: m.password, deviceToken: withToken.json().deviceToken }, {}, ip)).statusCode).toBe(200);
      expect((await login(app, m.username, m.password, ip)).statusCode).toBe(429);
    });

    it('429 for a burst: 30 wrong passwords sent at once get 10 checks, because each is counted before its hash', async () => {
      const m = await register(app);
      const ip = '192.0.2.100';
      const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => login(app, m.username, `Salah${100 + i}`, ip)));
      const codes = burst.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(10);
      expect(codes.filter((c) => c === 429)).toHaveLength(20);
      expect((await login(app, m.username, m.password, ip)).statusCode).toBe(429);
      // Spread over addresses, a burst meets the limit per username: 30 checks in all.
      const spread = await Promise.all(Array.from({ length: 70 }, (_, i) => login(app, m.username, `Salah${200 + i}`, `192.0.2.${101 + (i % 7)}`)));
      expect(spread.filter((r) => r.statusCode === 401)).toHaveLength(20);
      expect(spread.filter((r) => r.statusCode === 429)).toHaveLength(50);
    });

    it('an IPv6 address counts by its /64: a host rotating through its addresses meets the same limit', async () => {
      const m = await register(app);
      for (let i = 0; i < 10; i++) expect((await login(app, m.username, 'Salah123', `2001:db8:5:7::${(i + 1).toString(16)}`)).statusCode).toBe(401);
      expect((await login(app, m.username, m.password, '2001:db8:5:7:abcd::9')).statusCode).toBe(429);
      expect((await login(app, m.username, m.password, '2001:db8:5:8::1')).statusCode).toBe(200);
    });

    it('a right password gives back what was counted in advance: logins that succeed never add up to a block', async () => {
      const m = await register(app);
      const ip = '198.18.0.60';
      for (let i = 0; i < 51; i++) expect((await login(app, m.username, m.password, ip)).statusCode).toBe(200);
      for (let i = 0; i < 9; i++) expect((await login(app, m.username, 'Salah123', ip)).statusCode).toBe(401);
      expect((await login(app, m.username, m.password, ip)).statusCode).toBe(200);
    });

    it('429 past 120 logins a minute from one address, right passwords included: each costs a hash', async () => {
      const m = await register(app);
      const ip = '198.18.0.70';
      for (let i = 0; i < 120; i++) expect((await login(app, m.username, m.password, ip)).statusCode).toBe(200);
      const res = await login(app, m.username, m.password, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe('Terlalu banyak percobaan login. Silahkan coba lagi dalam 1 menit.');
      expect((await login(app, m.username, m.password, '198.18.0.71')).statusCode).toBe(200);
    });

    it('webview login issues an app token (apkToken) that refreshes like a refresh token', async () => {
      const m = await register(app);
      const res = await post('/api/v1/auth/login', { username: m.username, password: m.password, app: true });
      expect(res.statusCode).toBe(200);
      const out = res.json();
      expect(out).toEqual({ accessToken: expect.any(String), apkToken: expect.any(String), expiresIn: 900, deviceToken: expect.stringMatching(/^\d+\.[\w-]{22}\.[\w-]{43}$/) });
      const refreshed = await post('/api/v1/auth/refresh', { refreshToken: out.apkToken });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json()).toHaveProperty('apkToken');
      const [s] = await db().database.db.select().from(memberSessions).innerJoin(refreshTokens, eq(refreshTokens.sessionId, memberSessions.id)).where(eq(refreshTokens.tokenHash, session.digest(out.apkToken)));
      expect(s!.member_sessions.kind).toBe('app');
      expect(s!.refresh_tokens.expiresAt.getTime() - s!.refresh_tokens.createdAt.getTime()).toBe(90 * 86_400_000);
    });
  });

  describe('POST /api/v1/auth/refresh', () => {
    it('200: a new pair each time; the refresh token rotates', async () => {
      const m = await register(app);
      const r1 = await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken });
      expect(r1.statusCode).toBe(200);
      const t1 = r1.json();
      expect(t1.refreshToken).not.toBe(m.refreshToken);
      const r2 = await post('/api/v1/auth/refresh', { refreshToken: t1.refreshToken });
      expect(r2.statusCode).toBe(200);
      expect((await app.inject({ url: '/api/v1/me', headers: bearer(r2.json().accessToken) })).statusCode).toBe(200);
    });

    /** Moves a used token's use back past the grace, as if it had been used that long ago. */
    const usedLongAgo = (token: string) =>
      db().database.db.update(refreshTokens).set({ usedAt: new Date(Date.now() - session.REUSE_GRACE_MS - 1000) }).where(eq(refreshTokens.tokenHash, session.digest(token)));

    it('a refresh token used again after the grace is rejected and kills its whole family', async () => {
      const m = await register(app);
      const other = (await login(app, m.username, m.password)).json(); // a second session of the same member
      const t1 = (await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken })).json();
      await usedLongAgo(m.refreshToken);

      const reuse = await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ message: 'Token expired' });

      // The newer token of the family and its access token are dead too.
      expect((await post('/api/v1/auth/refresh', { refreshToken: t1.refreshToken })).statusCode).toBe(401);
      const me = await app.inject({ url: '/api/v1/me', headers: bearer(t1.accessToken) });
      expect(me.statusCode).toBe(401);
      expect(me.json().message).toBe('Token expired');
      const [s] = await db().database.db.select().from(memberSessions).innerJoin(refreshTokens, eq(refreshTokens.sessionId, memberSessions.id)).where(eq(refreshTokens.tokenHash, session.digest(t1.refreshToken)));
      expect(s!.member_sessions.revokedReason).toBe('reuse');

      // The member's other session lives on.
      expect((await post('/api/v1/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(200);
    });

    it('a token presented again within the grace (a page left while its refresh was in flight) is rotated once more; the lost answer\'s token is then reuse', async () => {
      const m = await register(app);
      const lost = (await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken })).json();
      // The next page still holds the token the lost answer replaced, and presents it again.
      const again = await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken });
      expect(again.statusCode).toBe(200);
      const kept = again.json();
      expect(kept.refreshToken).not.toBe(lost.refreshToken);
      expect((await app.inject({ url: '/api/v1/me', headers: bearer(kept.accessToken) })).statusCode).toBe(200);
      // Lost twice is still a lost answer: the first token, once more within its grace.
      const third = await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken });
      expect(third.statusCode).toBe(200);
      const next = await post('/api/v1/auth/refresh', { refreshToken: third.json().refreshToken });
      expect(next.statusCode).toBe(200);

      // The first token again, now that the member's own refresh came after it: a replay, reuse.
      expect((await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken })).statusCode).toBe(401);
      expect((await post('/api/v1/auth/refresh', { refreshToken: next.json().refreshToken })).statusCode).toBe(401);
    });

    it('a token the grace took out of use (a thief\'s copy of the lost answer) is reuse at once, and ends the family', async () => {
      const m = await register(app);
      const lost = (await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken })).json();
      const kept = (await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken })).json();
      const stolen = await post('/api/v1/auth/refresh', { refreshToken: lost.refreshToken });
      expect(stolen.statusCode).toBe(401);
      expect((await post('/api/v1/auth/refresh', { refreshToken: kept.refreshToken })).statusCode).toBe(401);
      const [s] = await db().database.db.select().from(memberSessions).innerJoin(refreshTokens, eq(refreshTokens.sessionId, memberSessions.id)).where(eq(refreshTokens.tokenHash, session.digest(kept.refreshToken)));
      expect(s!.member_sessions.revokedReason).toBe('reuse');
    });

    it('a thief who replays within the grace takes the member\'s token out of use: the member\'s next refresh ends the family', async () => {
      const m = await register(app);
      const member = (await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken })).json();
      const thief = await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken }); // a copy of the first token
      expect(thief.statusCode).toBe(200);
      expect((await post('/api/v1/auth/refresh', { refreshToken: member.refreshToken })).statusCode).toBe(401);
      expect((await post('/api/v1/auth/refresh', { refreshToken: thief.json().refreshToken })).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/v1/me', headers: bearer(thief.json().accessToken) })).statusCode).toBe(401);
    });

    it('two concurrent uses of one token: both answered (one rotates, the other takes the grace), and the first answer\'s token is out of use', async () => {
      const m = await register(app);
      const [a, b] = await Promise.all([
        post('/api/v1/auth/refresh', { refreshToken: m.refreshToken }),
        post('/api/v1/auth/refresh', { refreshToken: m.refreshToken }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const tokens = [a.json().refreshToken as string, b.json().refreshToken as string];
      const rows = await db().database.db
        .select({ hash: refreshTokens.tokenHash, supersededAt: refreshTokens.supersededAt })
        .from(refreshTokens)
        .where(inArray(refreshTokens.tokenHash, tokens.map(session.digest)));
      expect(rows.filter((r) => r.supersededAt === null)).toHaveLength(1);
      const live = tokens.find((t) => session.digest(t) === rows.find((r) => r.supersededAt === null)!.hash)!;
      expect((await post('/api/v1/auth/refresh', { refreshToken: live })).statusCode).toBe(200);
    });

    it('after the grace, the first token is reuse even when the answer was lost', async () => {
      const m = await register(app);
      const lost = (await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken })).json();
      await usedLongAgo(m.refreshToken);
      expect((await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken })).statusCode).toBe(401);
      expect((await post('/api/v1/auth/refresh', { refreshToken: lost.refreshToken })).statusCode).toBe(401);
    });

    it('a logout ends the session whatever the grace: the token used a moment before is refused too', async () => {
      const m = await register(app);
      const t1 = (await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken })).json();
      expect((await post('/api/v1/auth/logout', { refreshToken: t1.refreshToken })).statusCode).toBeLessThan(300);
      expect((await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken })).statusCode).toBe(401);
      expect((await post('/api/v1/auth/refresh', { refreshToken: t1.refreshToken })).statusCode).toBe(401);
    });

    it("401 'Token expired': unknown and expired tokens", async () => {
      expect((await post('/api/v1/auth/refresh', { refreshToken: session.newToken() })).json()).toEqual({ message: 'Token expired' });
      const m = await register(app);
      await db().database.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.tokenHash, session.digest(m.refreshToken)));
      const res = await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Token expired' });
    });

    it('ends a session at its absolute lifetime, however often it was refreshed (web 90 days, app 180)', async () => {
      const m = await register(app);
      const { id: memberId } = (await memberRow(m.username))!;
      const DAY = 86_400_000;
      for (const [kind, days] of [['web', 90], ['app', 180]] as const) {
        const start = new Date('2026-01-01T00:00:00Z');
        const at = (day: number) => new Date(start.getTime() + day * DAY);
        let { refreshToken } = await session.create(db().database.db, { memberId, kind, ip: '203.0.113.9', now: start });
        // Refreshed well inside the idle lifetime (14 days on the web) until a day before the end.
        for (let day = 10; day < days; day += 10) {
          const r = await session.rotate(db().database.db, refreshToken, at(day));
          expect(r.ok, `${kind} day ${day}`).toBe(true);
          if (r.ok) refreshToken = r.refreshToken;
        }
        const last = await session.rotate(db().database.db, refreshToken, at(days - 0.5));
        expect(last.ok, `${kind} half a day before the end`).toBe(true);
        if (!last.ok) continue;
        const [row] = await db().database.db.select({ expiresAt: refreshTokens.expiresAt }).from(refreshTokens).where(eq(refreshTokens.tokenHash, session.digest(last.refreshToken)));
        expect(row!.expiresAt.getTime(), kind).toBe(at(days).getTime());
        expect(await session.rotate(db().database.db, last.refreshToken, at(days + 0.01)), kind).toEqual({ ok: false, reason: 'expired' });
      }
    });

    it('422 without a token', async () => {
      const res = await post('/api/v1/auth/refresh', {});
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ refreshToken: 'Data tidak boleh kosong' });
    });
  });

  describe('POST /api/v1/auth/logout', () => {
    it('204: the server-side token is gone and the session ends', async () => {
      const m = await register(app);
      const res = await post('/api/v1/auth/logout', { refreshToken: m.refreshToken });
      expect(res.statusCode).toBe(204);
      const rows = await db().database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, session.digest(m.refreshToken)));
      expect(rows).toHaveLength(0);
      expect((await post('/api/v1/auth/refresh', { refreshToken: m.refreshToken })).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/v1/me', headers: bearer(m.accessToken) })).statusCode).toBe(401);
    });
    it('logout racing two refreshes of the same token: never a 5xx, and the session ends whichever runs first', async () => {
      for (let round = 0; round < 12; round++) {
        const m = await register(app);
        const results = await Promise.all([
          post('/api/v1/auth/refresh', { refreshToken: m.refreshToken }),
          post('/api/v1/auth/logout', { refreshToken: m.refreshToken }),
          post('/api/v1/auth/refresh', { refreshToken: m.refreshToken }),
        ]);
        expect(results.map((r) => r.statusCode)).toEqual([expect.toBeOneOf([200, 401]), 204, expect.toBeOneOf([200, 401])]);
        // A token issued by a refresh that ran before the logout went with the session.
        for (const r of results.filter((x) => x.statusCode === 200)) {
          expect((await post('/api/v1/auth/refresh', { refreshToken: r.json().refreshToken })).statusCode).toBe(401);
        }
        expect((await app.inject({ url: '/api/v1/me', headers: bearer(m.accessToken) })).statusCode).toBe(401);
      }
    });

    it('204 for a token it does not know (logout is idempotent); 422 without one', async () => {
      expect((await post('/api/v1/auth/logout', { refreshToken: session.newToken() })).statusCode).toBe(204);
      expect((await post('/api/v1/auth/logout', {})).statusCode).toBe(422);
    });
  });

  describe('GET /api/v1/me', () => {
    it("200: the bearer's own data only", async () => {
      const a = await register(app, { email: 'a.member@gmail.com' });
      const res = await app.inject({ url: '/api/v1/me', headers: bearer(a.accessToken) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ username: a.username, email: 'a.member@gmail.com', phone: '081234567890', birthDate: '1995-05-17', createdAt: expect.any(String) });
      expect(res.body).not.toMatch(/argon2|password/i);
    });
    it('401 without a bearer, with a forged or foreign-key token', async () => {
      const none = await app.inject({ url: '/api/v1/me' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ message: 'Silahkan login terlebih dahulu.' });
      const a = await register(app);
      const [h, p] = a.accessToken.split('.');
      const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
      const forgedPayload = Buffer.from(JSON.stringify({ ...payload, sub: '1' })).toString('base64url');
      for (const token of [`${h}.${forgedPayload}.${a.accessToken.split('.')[2]}`, 'abc.def.ghi', 'garbage']) {
        const res = await app.inject({ url: '/api/v1/me', headers: bearer(token) });
        expect(res.statusCode, token).toBe(401);
        expect(res.json()).toEqual({ message: 'Token expired' });
      }
    });
    it("401 for a token signed with the site's key whose session is another member's, unknown, or not a session id", async () => {
      const a = await register(app);
      const b = await register(app);
      const key = await secret.load(db().database.db, db().services.config.JWT_SECRET);
      const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as jwt.AccessClaims;
      const theirs = claimsOf(a.accessToken);
      const mine = claimsOf(b.accessToken);
      expect((await app.inject({ url: '/api/v1/me', headers: bearer(jwt.sign(key, mine)) })).statusCode).toBe(200);
      for (const sid of [theirs.sid, crypto.randomUUID(), 'bukan-sesi']) {
        const res = await app.inject({ url: '/api/v1/me', headers: bearer(jwt.sign(key, { ...mine, sid })) });
        expect(res.statusCode, sid).toBe(401);
        expect(res.json()).toEqual({ message: 'Token expired' });
      }
    });
  });

  describe('settings: password and activity', () => {
    it("POST /me/password/check: 'Password Benar' / 'Password Salah', 422 empty, 401 signed out", async () => {
      const m = await register(app);
      const check = (password: unknown, token = m.accessToken) => post('/api/v1/me/password/check', { password }, bearer(token));
      expect((await check('Rahasia1')).json()).toEqual({ valid: true, message: 'Password Benar' });
      expect((await check('Salah123')).json()).toEqual({ valid: false, message: 'Password Salah' });
      expect((await check('')).statusCode).toBe(422);
      expect((await post('/api/v1/me/password/check', { password: 'Rahasia1' })).statusCode).toBe(401);
    });

    it('POST /me/password/check: 429 after 10 wrong passwords', async () => {
      const m = await register(app);
      for (let i = 0; i < 10; i++) expect((await post('/api/v1/me/password/check', { password: 'Salah123' }, bearer(m.accessToken))).json().valid).toBe(false);
      const res = await post('/api/v1/me/password/check', { password: 'Rahasia1' }, bearer(m.accessToken));
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Terlalu banyak percobaan\. Silahkan coba lagi dalam \d+ menit\.$/);
    });

    it('POST /me/password/check: a burst of wrong passwords gets 10 checks; 30 checks per 15 minutes even when right', async () => {
      const m = await register(app);
      const check = (password: string) => post('/api/v1/me/password/check', { password }, bearer(m.accessToken));
      const burst = await Promise.all(Array.from({ length: 20 }, () => check('Salah123')));
      expect(burst.filter((r) => r.statusCode === 200 && r.json().valid === false)).toHaveLength(10);
      expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(10);

      const other = await register(app);
      const checkOther = () => post('/api/v1/me/password/check', { password: 'Rahasia1' }, bearer(other.accessToken));
      for (let i = 0; i < 30; i++) expect((await checkOther()).json()).toEqual({ valid: true, message: 'Password Benar' });
      const res = await checkOther();
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Terlalu banyak percobaan\. Silahkan coba lagi dalam \d+ menit\.$/);
    });

    it('POST /me/password: 204, the new password logs in, other sessions end, the change is logged', async () => {
      const m = await register(app);
      const elsewhere = (await login(app, m.username, m.password)).json();
      const res = await post('/api/v1/me/password', { oldPassword: 'Rahasia1', password: 'Baru2024', passwordConfirm: 'Baru2024' }, bearer(m.accessToken), '203.0.113.9');
      expect(res.statusCode).toBe(204);
      expect((await login(app, m.username, 'Rahasia1', '203.0.113.10')).statusCode).toBe(401);
      expect((await login(app, m.username, 'Baru2024', '203.0.113.10')).statusCode).toBe(200);
      expect((await post('/api/v1/auth/refresh', { refreshToken: elsewhere.refreshToken })).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/v1/me', headers: bearer(m.accessToken) })).statusCode).toBe(200);
      const activity = (await app.inject({ url: '/api/v1/me/activity', headers: bearer(m.accessToken) })).json();
      expect(activity.items[0]).toMatchObject({ kind: 'login', ip: '203.0.113.10' });
      expect(activity.items.find((i: { kind: string }) => i.kind === 'ubah password')).toMatchObject({ ip: '203.0.113.9' });
    });

    it('POST /me/password: of five concurrent changes with the right old password one wins, the rest get 422, and only its password logs in', async () => {
      const m = await register(app);
      const news = ['Baru1aa', 'Baru2bb', 'Baru3cc', 'Baru4dd', 'Baru5ee'];
      const results = await Promise.all(
        news.map((password) => post('/api/v1/me/password', { oldPassword: 'Rahasia1', password, passwordConfirm: password }, bearer(m.accessToken))),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([204, 422, 422, 422, 422]);
      for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json()).toEqual({ message: 'Password Salah', errors: { oldPassword: 'Password Salah' } });
      const winner = news[results.findIndex((r) => r.statusCode === 204)]!;
      for (const [i, password] of news.entries()) {
        expect((await login(app, m.username, password, `203.0.113.${120 + i}`)).statusCode, password).toBe(password === winner ? 200 : 401);
      }
      const activity = (await app.inject({ url: '/api/v1/me/activity', headers: bearer(m.accessToken) })).json();
      expect(activity.items.filter((i: { kind: string }) => i.kind === 'ubah password')).toHaveLength(1);
    });

    it('POST /me/password: a login with the old password that overlaps the change gets no session', async () => {
      const m = await register(app);
      const { id } = (await memberRow(m.username))!;
      const sessionsOf = async () => (await db().database.db.select().from(memberSessions).where(eq(memberSessions.memberId, id))).length;
      const before = await sessionsOf();
      // A change under way: the new hash written and not yet committed while a login with the old
      // password runs. The login read the old hash and its argon2 check passes; before, it then
      // stored a session that no change would end.
      let loggingIn: ReturnType<typeof login> | undefined;
      await db().database.db.transaction(async (tx) => {
        await tx.update(members).set({ passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$perubahan$berlangsung', passwordChangedAt: new Date() }).where(eq(members.id, id));
        loggingIn = login(app, m.username, 'Rahasia1', m.ip);
        await new Promise((r) => setTimeout(r, 300));
      });
      const res = await loggingIn!;
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'Username atau Password Salah' }]);
      expect(await sessionsOf()).toBe(before);
    });

    it('POST /me/password: logins with the old password sent at staggered moments of a change: each is refused or its session ends with the change', async () => {
      // The same race as above, as a client meets it (on PGlite too, where the one connection makes
      // the step above sequential): the login's argon2 check runs while the change is stored. Which
      // side each try lands on depends on timing; either must leave no session for the old password.
      for (let i = 0; i < 12; i++) {
        const m = await register(app);
        const change = post('/api/v1/me/password', { oldPassword: 'Rahasia1', password: 'Baru2024', passwordConfirm: 'Baru2024' }, bearer(m.accessToken), m.ip);
        await new Promise((r) => setTimeout(r, i * 6));
        const [changed, loggedIn] = await Promise.all([change, login(app, m.username, 'Rahasia1', m.ip)]);
        expect(changed.statusCode).toBe(204);
        if (loggedIn.statusCode !== 200) {
          expect(loggedIn.json()).toEqual({ message: 'Username atau Password Salah' });
          continue;
        }
        const { accessToken, refreshToken } = loggedIn.json();
        expect((await app.inject({ url: '/api/v1/me', headers: bearer(accessToken) })).statusCode, `try ${i}`).toBe(401);
        expect((await post('/api/v1/auth/refresh', { refreshToken })).statusCode, `try ${i}`).toBe(401);
      }
    });

    it("POST /me/password: 422 'Password Salah' under the old password for a wrong one, and for a mismatch or the same password, 401 signed out", async () => {
      const m = await register(app);
      const wrong = await post('/api/v1/me/password', { oldPassword: 'Salah123', password: 'Baru2024', passwordConfirm: 'Baru2024' }, bearer(m.accessToken));
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({ message: 'Password Salah', errors: { oldPassword: 'Password Salah' } });
      const mismatch = await post('/api/v1/me/password', { oldPassword: 'Rahasia1', password: 'Baru2024', passwordConfirm: 'Baru2025' }, bearer(m.accessToken));
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().errors).toEqual({ passwordConfirm: 'Password baru dan konfirmasi password tidak cocok.' });
      const same = await post('/api/v1/me/password', { oldPassword: 'Rahasia1', password: 'Rahasia1', passwordConfirm: 'Rahasia1' }, bearer(m.accessToken));
      expect(same.statusCode).toBe(422);
      expect(same.json().errors).toEqual({ password: 'Password baru tidak boleh sama dengan password lama.' });
      expect((await post('/api/v1/me/password', { oldPassword: 'Rahasia1', password: 'Baru2024', passwordConfirm: 'Baru2024' })).statusCode).toBe(401);
      expect((await login(app, m.username, 'Rahasia1', '203.0.113.11')).statusCode).toBe(200);
    });

    it('GET /me/activity: 10 per page, newest first, only the own entries; 400 for a bad page', async () => {
      const a = await register(app);
      const b = await register(app);
      for (let i = 0; i < 11; i++) expect((await login(app, a.username, a.password, `10.0.0.${i + 1}`)).statusCode).toBe(200);
      const page1 = (await app.inject({ url: '/api/v1/me/activity', headers: bearer(a.accessToken) })).json();
      expect(page1).toMatchObject({ page: 1, pageSize: 10, total: 12 });
      expect(page1.items).toHaveLength(10);
      expect(page1.items[0]).toMatchObject({ kind: 'login', ip: '10.0.0.11' });
      const page2 = (await app.inject({ url: '/api/v1/me/activity?page=2', headers: bearer(a.accessToken) })).json();
      expect(page2.items.map((i: { ip: string }) => i.ip)).toEqual(['10.0.0.1', a.ip]);
      const bList = (await app.inject({ url: '/api/v1/me/activity', headers: bearer(b.accessToken) })).json();
      expect(bList.total).toBe(1);
      expect((await app.inject({ url: '/api/v1/me/activity?page=0', headers: bearer(a.accessToken) })).statusCode).toBe(400);
      expect((await app.inject({ url: '/api/v1/me/activity' })).statusCode).toBe(401);
    });

    it('POST /me/activity (history log): one login entry per session and hour, whatever the client sends', async () => {
      const m = await register(app);
      const count = async () => (await db().database.db.select().from(memberActivity).innerJoin(members, eq(members.id, memberActivity.memberId)).where(eq(members.username, m.username))).length;
      expect(await count()).toBe(1); // the registration's automatic login
      expect((await post('/api/v1/me/activity', undefined, bearer(m.accessToken))).statusCode).toBe(204);
      expect(await count()).toBe(1);
      // The session resumes two hours later (a new browser session with stored tokens).
      await db().database.db.execute(sql`update member_activity set created_at = created_at - interval '2 hours' where member_id = (select id from members where username = ${m.username})`);
      expect((await post('/api/v1/me/activity', undefined, bearer(m.accessToken))).statusCode).toBe(204);
      expect((await post('/api/v1/me/activity', undefined, bearer(m.accessToken))).statusCode).toBe(204);
      expect(await count()).toBe(2);
      expect((await post('/api/v1/me/activity', undefined)).statusCode).toBe(401);
    });
  });

  describe('referrals', () => {
    it("GET /referrals/{code}: 200 for a member's code, 404 'Referral tidak ditemukan' otherwise", async () => {
      const m = await register(app);
      const ok = await app.inject({ url: `/api/v1/referrals/${m.username.toUpperCase()}` });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ code: m.username });
      for (const code of ['tidakada99', "x'%20or%201=1", 'a'.repeat(40)]) {
        const res = await app.inject({ url: `/api/v1/referrals/${code}` });
        expect(res.statusCode, code).toBe(404);
        expect(res.json()).toEqual({ message: 'Referral tidak ditemukan' });
      }
    });

    it('429 past 100 answers to whether a username exists from one address in 10 minutes, referral checks and registrations together', async () => {
      const m = await register(app);
      const ip = '192.0.2.211';
      const lookup = (code: string, from = ip) => app.inject({ url: `/api/v1/referrals/${code}`, remoteAddress: from });
      for (let i = 0; i < 60; i++) expect((await lookup(i % 2 ? m.username : `tidakada${i}`)).statusCode).toBeLessThan(429);
      for (let i = 0; i < 40; i++) expect((await post('/api/v1/auth/register', registration({ username: m.username }), {}, ip)).statusCode).toBe(409);
      const res = await lookup(m.username);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: 'Terlalu banyak percobaan. Silahkan coba lagi dalam 10 menit.' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(540);
      // Registration from that address waits too, taken name or free, and stores nothing.
      const taken = await post('/api/v1/auth/register', registration({ username: m.username }), {}, ip);
      expect(taken.statusCode).toBe(429);
      expect(taken.json().message).toBe('Terlalu banyak pendaftaran dari jaringan Anda. Silahkan coba lagi dalam 10 menit.');
      const body = registration();
      expect((await post('/api/v1/auth/register', body, {}, ip)).statusCode).toBe(429);
      expect(await memberRow(body.username)).toBeUndefined();
      // Other addresses are answered as before.
      expect((await lookup(m.username, '192.0.2.212')).statusCode).toBe(200);
      expect((await lookup('tidakada99', '192.0.2.212')).statusCode).toBe(404);
    });

    it('POST /referrals: a member registers a downline under their own code only; the downline gets no session', async () => {
      const up = await register(app);
      const body = registration();
      const res = await post('/api/v1/referrals', body, bearer(up.accessToken));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ username: body.username });
      const [upRow, downRow] = [await memberRow(up.username), await memberRow(body.username)];
      expect(downRow!.referrerId).toBe(upRow!.id);
      expect(await db().database.db.select().from(memberSessions).where(eq(memberSessions.memberId, downRow!.id))).toHaveLength(0);
      // What the form sends with the field left empty, or the member's own code: the same upline.
      for (const referral of ['', null, up.username.toUpperCase()]) {
        const more = registration({ referral });
        expect((await post('/api/v1/referrals', more, bearer(up.accessToken))).statusCode, String(referral)).toBe(201);
        expect((await memberRow(more.username))!.referrerId, String(referral)).toBe(upRow!.id);
      }

      const other = await register(app);
      expect((await post('/api/v1/referrals', registration({ referral: other.username }), bearer(up.accessToken))).statusCode).toBe(403);
      expect((await post('/api/v1/referrals', registration({ username: body.username }), bearer(up.accessToken))).statusCode).toBe(409);
      expect((await post('/api/v1/referrals', registration({ phone: '1' }), bearer(up.accessToken))).statusCode).toBe(422);
      expect((await post('/api/v1/referrals', registration())).statusCode).toBe(401);
    });
  });
});

describeEachDb('client IP and signing key', (db) => {
  it('takes the IP from the connection, and X-Forwarded-For only from a configured trusted proxy', async () => {
    const services = db().services;
    const direct = await createServer({ services, logger: false });
    const proxied = await createServer({ services: { ...services, config: { ...services.config, TRUST_PROXY: '10.9.0.0/16' } }, logger: false });
    try {
      const body = registration();
      const a = await direct.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body, remoteAddress: '10.9.0.2', headers: { 'x-forwarded-for': '1.2.3.4' } });
      const b = await proxied.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: body.username, password: body.password }, remoteAddress: '10.9.0.2', headers: { 'x-forwarded-for': '1.2.3.4' } });
      const c = await proxied.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: body.username, password: body.password }, remoteAddress: '10.8.0.2', headers: { 'x-forwarded-for': '5.6.7.8' } });
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 200, 200]);
      const ips = await db().database.db.select({ ip: memberActivity.ip }).from(memberActivity).innerJoin(members, eq(members.id, memberActivity.memberId)).where(eq(members.username, body.username)).orderBy(memberActivity.id);
      expect(ips.map((r) => r.ip)).toEqual(['10.9.0.2', '1.2.3.4', '10.8.0.2']);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });

  it('limits the logins of a device token per address and member: its holder gets no more than anyone there, strangers use none of it', async () => {
    const { createAccountService } = await import('../../src/lib/server/auth/accounts.ts');
    const { DEFAULT_LOGIN_LIMITS } = await import('../../src/lib/server/auth/rate-limit.ts');
    const accounts = createAccountService(db().services.config, db().database.db, {
      limits: { ...DEFAULT_LOGIN_LIMITS, ipAttempts: { limit: 3, windowMs: 60_000 } },
    });
    const { registerSchema } = await import('../../src/lib/shared/schemas/auth.ts');
    const body = registration();
    const m = { username: body.username.toLowerCase(), password: body.password };
    expect((await accounts.register(registerSchema.parse(body), '198.18.7.3', { login: false })).ok).toBe(true);
    const ip = '198.18.7.1';
    const first = await accounts.login({ username: m.username, password: m.password }, '198.18.7.2');
    if (!first.ok) throw new Error('login failed');
    let token = first.tokens.deviceToken;
    // Strangers on the address use up its attempts for everyone without a token ...
    for (let i = 0; i < 3; i++) expect((await accounts.login({ username: uniqueName('asing'), password: 'Salah123' }, ip)).ok).toBe(false);
    expect(await accounts.login({ username: m.username, password: m.password }, ip)).toMatchObject({ ok: false, reason: 'limited' });
    // ... not the member's, whose own logins with the token are counted, right ones too.
    for (let i = 0; i < 3; i++) {
      const r = await accounts.login({ username: m.username, password: m.password, deviceToken: token }, ip);
      if (!r.ok) throw new Error(`login ${i} with the token refused`);
      token = r.tokens.deviceToken;
    }
    expect(await accounts.login({ username: m.username, password: m.password, deviceToken: token }, ip)).toMatchObject({ ok: false, reason: 'limited' });
  });

  it('generates one signing key, keeps it in the database, and every instance shares it', async () => {
    const { createAccountService } = await import('../../src/lib/server/auth/accounts.ts');
    const { config } = db().services;
    const one = createAccountService(config, db().database.db);
    const two = createAccountService(config, db().database.db);
    const body = registration();
    const { registerSchema } = await import('../../src/lib/shared/schemas/auth.ts');
    const r = await one.register(registerSchema.parse(body), '127.0.0.1', { login: true });
    if (!r.ok || !r.tokens) throw new Error('register failed');
    expect((await two.authenticate(r.tokens.accessToken))?.username).toBe(body.username);
    const rows = await db().database.db.execute(sql`select count(*)::int as n from server_secrets where name = 'jwt'`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);

    const configured = createAccountService({ ...config, JWT_SECRET: 'x'.repeat(40) }, db().database.db);
    expect(await configured.authenticate(r.tokens.accessToken)).toBeNull();
    expect(() => createAccountService({ ...config, JWT_SECRET: 'short' }, db().database.db)).toThrow(/at least 32/);
  });
});
