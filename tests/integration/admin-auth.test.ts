import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { describeEachDb } from '../support/db.ts';
import { createServer } from '../../src/api/server.ts';
import { createAdminService } from '../../src/lib/server/admin/service.ts';
import * as totpSeal from '../../src/lib/server/admin/totp-seal.ts';
import * as sessions from '../../src/lib/server/admin/sessions.ts';
import { adminSessions, admins, auditLog } from '../../src/lib/server/db/schema/index.ts';
import { ORIGIN, cookieFrom, signIn, totpSecret } from '../support/admin.ts';
import { authenticatorCode } from '../support/totp.ts';

const login = (app: FastifyInstance, username: string, password: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', headers: { origin: ORIGIN }, remoteAddress, payload: { username, password } });

describeEachDb('admin sign-in', (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createServer({ services: db().services, logger: false });
  });
  afterAll(() => app.close());

  it('admin:create stores an argon2id hash of a one-time password, TOTP not yet enrolled, and audits it', async () => {
    const { admin, password } = await db().services.admin.create('pemilik', 'owner');
    expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect(admin.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect(admin.passwordHash).not.toContain(password);
    expect(admin).toMatchObject({ role: 'owner', mustChangePassword: true, totpEnrolledAt: null });
    const [entry] = await db().services.db.select().from(auditLog).where(eq(auditLog.target, `admin:${admin.id}`));
    expect(entry).toMatchObject({ adminId: null, adminUsername: 'cli', action: 'admin.create', after: { username: 'pemilik', role: 'owner' } });
    await expect(db().services.admin.create('pemilik', 'editor')).rejects.toThrow('pemilik');
  });

  it('answers a wrong password and an unknown username alike, and logs the wrong password on the account tried', async () => {
    const { admin } = await db().services.admin.create('salah1', 'editor');
    const wrong = await login(app, 'salah1', 'bukan-password', '10.0.9.1');
    const unknown = await login(app, 'tidakada', 'bukan-password', '10.0.9.1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Username atau Password Salah' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // Whoever tried is not the admin: no admin id, the account's name, the address it came from.
    // The row is written after the answer (not waited for, so both answers take as long).
    const entries = () => db().services.db.select().from(auditLog).where(eq(auditLog.ip, '10.0.9.1'));
    await expect.poll(async () => (await entries()).length).toBe(1);
    expect((await entries())[0]).toMatchObject({ adminId: null, adminUsername: 'salah1', action: 'auth.login_failed', target: `admin:${admin.id}` });
  });

  it('sets the session cookie httpOnly, Secure, SameSite=Strict and host-only, and stores only its hash', async () => {
    const { password } = await db().services.admin.create('kuki', 'support');
    const res = await login(app, 'kuki', password);
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-gelora_admin=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const rows = await db().services.db.query.adminSessions.findMany();
    expect(rows.some((r) => r.id === token)).toBe(false);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('walks password → TOTP enrolment → new password, and nothing else opens in between', async () => {
    const { password: oneTime } = await db().services.admin.create('alur', 'editor');
    const res = await login(app, 'alur', oneTime);
    expect(res.json()).toEqual({ next: '/admin/2fa' });
    const headers = { cookie: cookieFrom(res.headers['set-cookie']), origin: ORIGIN };

    let settings = await app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers });
    expect(settings.statusCode).toBe(401);
    expect(settings.json().message).toBe('Selesaikan verifikasi dua langkah terlebih dahulu.');
    // The password step cannot be skipped to: it needs the second factor.
    const early = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/password', headers, payload: {} });
    expect(early.statusCode).toBe(401);

    const secret = await totpSecret(db().services, 'alur');
    const bad = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code: '000000' === authenticatorCode(secret) ? '111111' : '000000' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Kode verifikasi salah atau sudah dipakai.');
    for (const code of ['12ab56', '12345', '1234567']) {
      const malformed = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code } });
      expect(malformed.json().errors, code).toEqual({ code: 'Kode verifikasi terdiri dari 6 angka.' });
    }

    const ok = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code: authenticatorCode(secret) } });
    expect(ok.json()).toEqual({ next: '/admin/password' });
    const [row] = await db().services.db.select().from(admins).where(eq(admins.username, 'alur'));
    expect(row!.totpEnrolledAt).toBeInstanceOf(Date);

    settings = await app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers });
    expect(settings.statusCode).toBe(403);
    expect(settings.json().message).toBe('Ganti password sekali pakai terlebih dahulu.');

    const wrongCurrent = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/password',
      headers,
      payload: { currentPassword: 'salah', newPassword: 'password-baru-panjang', repeatPassword: 'password-baru-panjang' },
    });
    expect(wrongCurrent.statusCode).toBe(422);
    expect(wrongCurrent.json().errors).toEqual({ currentPassword: 'Password saat ini salah.' });
    const short = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/password',
      headers,
      payload: { currentPassword: oneTime, newPassword: 'pendek', repeatPassword: 'beda' },
    });
    expect(short.json().errors).toEqual({ newPassword: 'Password minimal 12 karakter.', repeatPassword: 'Password baru dan konfirmasi password tidak cocok.' });
    for (const [newPassword, message] of [
      ['sebelas-kar', 'Password minimal 12 karakter.'],
      ['p'.repeat(129), 'Password maksimal 128 karakter.'],
      [' '.repeat(12), 'Password harus memuat minimal 4 karakter yang berbeda.'],
      ['abcabcabcabc', 'Password harus memuat minimal 4 karakter yang berbeda.'],
      [oneTime, 'Password baru harus berbeda dari password saat ini.'],
    ] as const) {
      const refused = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/password', headers, payload: { currentPassword: oneTime, newPassword, repeatPassword: newPassword } });
      expect(refused.statusCode, newPassword).toBe(422);
      expect(refused.json().errors, newPassword).toEqual({ newPassword: message });
    }

    const changed = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/password',
      headers,
      // Exactly 12 characters: the shortest password allowed.
      payload: { currentPassword: oneTime, newPassword: 'baru-duabel4', repeatPassword: 'baru-duabel4' },
    });
    expect(changed.json()).toMatchObject({ next: '/admin' });
    settings = await app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers });
    expect(settings.statusCode).toBe(200);
    expect((await login(app, 'alur', oneTime)).statusCode).toBe(401);

    const actions = async () => (await db().services.db.select().from(auditLog).where(eq(auditLog.target, `admin:${row!.id}`))).map((e) => e.action);
    // The wrong code and the one-time password tried again are refused sign-ins, logged as such.
    await expect.poll(actions).toEqual(['admin.create', 'auth.totp_failed', 'auth.totp_enrol', 'auth.password_change', 'auth.login_failed']);
  });

  it('accepts each TOTP code once: a replayed code fails in a new session', async () => {
    const signed = await signIn(app, db().services, 'editor');
    const secret = await totpSecret(db().services, signed.username);
    const [row] = await db().services.db.select().from(admins).where(eq(admins.username, signed.username));
    const used = authenticatorCode(secret, row!.totpLastStep! * 30_000);
    const res = await login(app, signed.username, signed.password);
    const headers = { cookie: cookieFrom(res.headers['set-cookie']), origin: ORIGIN };
    // The code signIn() used, replayed within its window.
    const replay = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code: used } });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toBe('Kode verifikasi salah atau sudah dipakai.');
  });

  it('a password change ends the admin’s other sessions; logout ends this one', async () => {
    const signed = await signIn(app, db().services, 'owner');
    const other = await login(app, signed.username, signed.password);
    const otherHeaders = { cookie: cookieFrom(other.headers['set-cookie']), origin: ORIGIN };
    await app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/password',
      headers: signed.headers,
      payload: { currentPassword: signed.password, newPassword: 'lagi-password-baru', repeatPassword: 'lagi-password-baru' },
    });
    const stale = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers: otherHeaders, payload: { code: '123456' } });
    expect(stale.statusCode).toBe(401);

    const out = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/logout', headers: signed.headers });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    const after = await app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: signed.headers });
    expect(after.statusCode).toBe(401);
  });

  it('a sign-in with the old password that overlaps a password change gets no session', async () => {
    const signed = await signIn(app, db().services, 'owner');
    const [row] = await db().services.db.select().from(admins).where(eq(admins.username, signed.username));
    const sessionsOf = async () => (await db().services.db.select().from(adminSessions).where(eq(adminSessions.adminId, row!.id))).length;
    const before = await sessionsOf();
    // A change under way: the new hash written and not yet committed while a sign-in with the old
    // password runs; its check passes against the hash it read.
    let signingIn: ReturnType<typeof login> | undefined;
    await db().services.db.transaction(async (tx) => {
      await tx.update(admins).set({ passwordHash: '$argon2id$v=19$m=65536,t=3,p=1$perubahan$berlangsung' }).where(eq(admins.id, row!.id));
      signingIn = login(app, signed.username, signed.password, '203.0.113.160');
      await new Promise((r) => setTimeout(r, 500));
    });
    const res = await signingIn!;
    expect(res.statusCode).toBe(401);
    expect(await sessionsOf()).toBe(before);
  });

  it('of five concurrent password changes one wins and the rest are told the current password is wrong', async () => {
    const signed = await signIn(app, db().services, 'owner');
    const news = [1, 2, 3, 4, 5].map((n) => `password-baru-ke-${n}`);
    const results = await Promise.all(
      news.map((newPassword) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/admin/auth/password',
          headers: signed.headers,
          payload: { currentPassword: signed.password, newPassword, repeatPassword: newPassword },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json().errors).toEqual({ currentPassword: 'Password saat ini salah.' });
    const winner = news[results.findIndex((r) => r.statusCode === 200)]!;
    for (const [i, password] of news.entries()) {
      expect((await login(app, signed.username, password, `203.0.113.${140 + i}`)).statusCode, password).toBe(password === winner ? 200 : 401);
    }
    const [row] = await db().services.db.select().from(admins).where(eq(admins.username, signed.username));
    const changes = (await db().services.db.select().from(auditLog).where(eq(auditLog.target, `admin:${row!.id}`))).filter((e) => e.action === 'auth.password_change');
    expect(changes).toHaveLength(2); // signIn's own first change, and the winner's
  });

  it('a disabled admin is signed out everywhere and cannot sign in; a reset brings them back', async () => {
    const signed = await signIn(app, db().services, 'editor');
    const admin = await db().services.admin.disable(signed.username);
    expect(await db().services.db.select().from(adminSessions).where(eq(adminSessions.adminId, admin.id))).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/v1/admin/auth/me', headers: signed.headers })).statusCode).toBe(401);
    const refused = await login(app, signed.username, signed.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Username atau Password Salah' });
    const { password } = await db().services.admin.reset(signed.username);
    const back = await login(app, signed.username, password);
    expect(back.json()).toEqual({ next: '/admin/2fa' });
    const actions = (await db().services.db.select().from(auditLog).where(eq(auditLog.adminUsername, 'cli'))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['admin.disable', 'admin.reset']));
  });

  it('a reset (lost password or authenticator) signs the admin out everywhere and enrols a new authenticator', async () => {
    const signed = await signIn(app, db().services, 'owner');
    const lost = await totpSecret(db().services, signed.username);
    const { password } = await db().services.admin.reset(signed.username);
    const res = await app.inject({ method: 'GET', url: '/api/v1/admin/auth/me', headers: signed.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Sesi admin berakhir. Silahkan login kembali.' });
    // The 2FA page shows the new secret to enrol (it shows none to an admin already enrolled).
    const back = await login(app, signed.username, password);
    const p = await db().services.admin.resolve(sessions.tokenFromCookieHeader(cookieFrom(back.headers['set-cookie'])));
    expect(p).toMatchObject({ mfa: false, enrolled: false, mustChangePassword: true });
    const enrol = await db().services.admin.enrolment(p!);
    expect(enrol?.secret).toBe(await totpSecret(db().services, signed.username));
    expect(enrol?.secret).not.toBe(lost);
  });

  it('stores TOTP secrets sealed: the database alone does not give the secret, nor opens it on another admin', async () => {
    const services = db().services;
    const signed = await signIn(app, services, 'editor');
    const other = await services.admin.create('penyegel', 'support');
    const stored = async (username: string) =>
      (await services.db.select({ s: admins.totpSecret }).from(admins).where(eq(admins.username, username)))[0]!.s;
    const secret = await totpSecret(services, signed.username);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const sealed = await stored(signed.username);
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    // Copied onto another admin's row, it does not open: that admin's codes are refused.
    await services.db.update(admins).set({ totpSecret: sealed }).where(eq(admins.id, other.admin.id));
    await expect(totpSecret(services, 'penyegel')).rejects.toThrow('does not open');
  });

  it('seals at boot a secret stored in plain text, which keeps working; names an enrolled admin whose secret no longer opens', async () => {
    const services = db().services;
    const plain = await signIn(app, services, 'editor');
    const secret = await totpSecret(services, plain.username);
    // As a database written before sealing holds it.
    await services.db.update(admins).set({ totpSecret: secret }).where(eq(admins.username, plain.username));
    // Enrolled, then JWT_SECRET changed: sealed under a key the server no longer has.
    const lost = await signIn(app, services, 'support');
    const lostSecret = await totpSecret(services, lost.username);
    const elsewhere = totpSeal.seal(crypto.randomBytes(32), lost.username, lostSecret);
    await services.db.update(admins).set({ totpSecret: elsewhere }).where(eq(admins.username, lost.username));

    const report = await services.admin.sealStoredSecrets();
    expect(report.sealed).toBe(1);
    expect(report.unreadable).toEqual([lost.username]);
    const [row] = await services.db.select({ s: admins.totpSecret }).from(admins).where(eq(admins.username, plain.username));
    expect(row!.s).toMatch(/^v1\./);
    expect(await totpSecret(services, plain.username)).toBe(secret);
    expect(await services.admin.sealStoredSecrets()).toEqual({ sealed: 0, unreadable: [lost.username] });

    // The plain secret's admin signs in with the authenticator they had (the step after signIn's).
    const at = Date.now() + 30_000;
    const res = await login(app, plain.username, plain.password);
    const headers = { cookie: cookieFrom(res.headers['set-cookie']), origin: ORIGIN };
    const ok = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code: authenticatorCode(secret, at) } });
    expect(ok.statusCode).toBe(200);
    // The other's authenticator is refused as a wrong code is, until a reset.
    const res2 = await login(app, lost.username, lost.password);
    const headers2 = { cookie: cookieFrom(res2.headers['set-cookie']), origin: ORIGIN };
    const code = authenticatorCode(lostSecret, at);
    const refused = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers: headers2, payload: { code } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Kode verifikasi salah atau sudah dipakai.');
  });

  it('gives an admin who has not enrolled a new secret when theirs no longer opens', async () => {
    const services = db().services;
    const { admin, password } = await services.admin.create('belumdaftar', 'editor');
    await services.db
      .update(admins)
      .set({ totpSecret: totpSeal.seal(crypto.randomBytes(32), 'belumdaftar', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') })
      .where(eq(admins.id, admin.id));
    const res = await login(app, 'belumdaftar', password);
    const p = await services.admin.resolve(sessions.tokenFromCookieHeader(cookieFrom(res.headers['set-cookie'])));
    const enrol = await services.admin.enrolment(p!);
    expect(enrol?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrol?.secret).toBe(await totpSecret(services, 'belumdaftar'));
    const headers = { cookie: cookieFrom(res.headers['set-cookie']), origin: ORIGIN };
    const ok = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code: authenticatorCode(enrol!.secret) } });
    expect(ok.statusCode).toBe(200);
  });

  it('a session opens nothing once its admin is disabled, however the account came to be disabled', async () => {
    const signed = await signIn(app, db().services, 'owner');
    expect((await app.inject({ method: 'GET', url: '/api/v1/admin/auth/me', headers: signed.headers })).statusCode).toBe(200);
    // Straight in the database, as an operator might: no sessions are ended on the way.
    await db().services.db.update(admins).set({ disabledAt: new Date() }).where(eq(admins.username, signed.username));
    const res = await app.inject({ method: 'GET', url: '/api/v1/admin/auth/me', headers: signed.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Sesi admin berakhir. Silahkan login kembali.' });
  });

  it('refuses a write that does not come from this site’s origin', async () => {
    const signed = await signIn(app, db().services, 'owner');
    const { cookie } = signed.headers;
    for (const origin of [undefined, 'https://evil.example', 'http://localhost:80.evil.example']) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/v1/admin/channels/4',
        headers: origin ? { cookie, origin } : { cookie },
        payload: { label: 'Line', targetUrl: '', active: true },
      });
      expect(res.statusCode, String(origin)).toBe(403);
      expect(res.json().message).toBe('Permintaan ditolak: asal permintaan tidak sah.');
    }
    const read = await app.inject({ method: 'GET', url: '/api/v1/admin/channels', headers: { cookie } });
    expect(read.statusCode).toBe(200);
  });

  it('limits failed passwords per username from one address (5 per 15 minutes), then refuses even the right one there', async () => {
    const { password } = await db().services.admin.create('dibatasi', 'support');
    for (let i = 0; i < 5; i++) expect((await login(app, 'dibatasi', 'salah-salah', '10.0.0.5')).statusCode).toBe(401);
    const blocked = await login(app, 'dibatasi', password, '10.0.0.5');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Terlalu banyak percobaan. Silahkan coba lagi dalam 15 menit.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('a right password gives back what was counted before it: mistypes between sign-ins never add up to a block', async () => {
    const { password } = await db().services.admin.create('salahketik', 'support');
    // Six rounds of four mistypes and a sign-in, four from one address and two from another:
    // 24 failures for the username (under 30), 16 at the first address (under 20), and never 5 in
    // a row for the username at either. Counted in advance, the sign-ins would add up to 30 and 20.
    for (const [round, ip] of ['10.0.6.1', '10.0.6.1', '10.0.6.1', '10.0.6.1', '10.0.6.2', '10.0.6.2'].entries()) {
      for (let i = 0; i < 4; i++) expect((await login(app, 'salahketik', 'salah-salah', ip)).statusCode).toBe(401);
      expect((await login(app, 'salahketik', password, ip)).statusCode, `round ${round}`).toBe(200);
    }
    expect((await login(app, 'salahketik', password, '10.0.6.1')).statusCode).toBe(200);
  });

  it('a stranger who fails five times cannot lock the admin out: the right password from the admin’s own address still signs in', async () => {
    const { password } = await db().services.admin.create('dikunci', 'owner');
    for (let i = 0; i < 5; i++) expect((await login(app, 'dikunci', 'salah-salah', `10.0.3.${i + 1}`)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(app, 'dikunci', 'salah-salah', '10.0.4.1')).statusCode).toBe(401);
    expect((await login(app, 'dikunci', 'salah-salah', '10.0.4.1')).statusCode).toBe(429);
    const own = await login(app, 'dikunci', password, '10.0.5.1');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ next: '/admin/2fa' });
  });

  it('counts each password before hashing it: of 12 wrong ones sent at once from one address, 5 are checked and 7 wait', async () => {
    const { password } = await db().services.admin.create('serbuan', 'support');
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => login(app, 'serbuan', `salah-${i}-salah`, '10.0.2.1')));
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    expect((await login(app, 'serbuan', password, '10.0.2.1')).statusCode).toBe(429);
    // The audit log has the five passwords checked, not the attempts the limit turned away.
    const failed = async () => (await db().services.db.select().from(auditLog).where(eq(auditLog.adminUsername, 'serbuan'))).map((e) => e.action);
    await expect.poll(failed).toEqual(Array(5).fill('auth.login_failed'));
  });

  it('limits failed TOTP codes per admin', async () => {
    const { password } = await db().services.admin.create('tebakkode', 'editor');
    const res = await login(app, 'tebakkode', password);
    const headers = { cookie: cookieFrom(res.headers['set-cookie']), origin: ORIGIN };
    const secret = await totpSecret(db().services, 'tebakkode');
    const valid = new Set([-30_000, 0, 30_000].map((d) => authenticatorCode(secret, Date.now() + d)));
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555', '666666'].filter((c) => !valid.has(c)).slice(0, 5);
    for (const code of wrong) expect((await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code } })).statusCode).toBe(422);
    const blocked = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code: authenticatorCode(secret) } });
    expect(blocked.statusCode).toBe(429);
    const failed = async () => (await db().services.db.select().from(auditLog).where(eq(auditLog.adminUsername, 'tebakkode'))).map((e) => [e.action, e.adminId]);
    await expect.poll(failed).toEqual(Array(5).fill(['auth.totp_failed', null]));
  });

  it('counts each TOTP code before checking it: of 10 wrong ones sent at once, 5 are checked', async () => {
    const { password } = await db().services.admin.create('kodeserbu', 'editor');
    const res = await login(app, 'kodeserbu', password);
    const headers = { cookie: cookieFrom(res.headers['set-cookie']), origin: ORIGIN };
    const secret = await totpSecret(db().services, 'kodeserbu');
    const valid = new Set([-30_000, 0, 30_000].map((d) => authenticatorCode(secret, Date.now() + d)));
    const wrong = Array.from({ length: 20 }, (_, i) => String(100_000 + i * 37_811)).filter((c) => !valid.has(c)).slice(0, 10);
    const burst = await Promise.all(wrong.map((code) => app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code } })));
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });
});

describeEachDb('admin sign-in limits per IP and session lifetimes', (db) => {
  let app: FastifyInstance;
  let clock = Date.UTC(2026, 10, 21, 3, 0, 0);
  beforeAll(async () => {
    const services = db().services;
    const adminService = createAdminService(services.db, {
      deviceKey: services.accounts.deviceKey,
      totpKey: services.accounts.totpKey,
      now: () => clock,
      limits: { ipFailures: { limit: 3, windowMs: 15 * 60_000 }, usernameFailures: { limit: 4, windowMs: 15 * 60_000 } },
    });
    app = await createServer({ services: { ...services, admin: adminService }, logger: false });
  });
  afterAll(() => app.close());

  async function signInAt(username: string) {
    const services = db().services;
    const { password } = await services.admin.create(username, 'editor');
    const res = await login(app, username, password);
    const headers = { cookie: cookieFrom(res.headers['set-cookie']), origin: ORIGIN };
    const code = authenticatorCode(await totpSecret(services, username), clock);
    expect((await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code } })).statusCode).toBe(200);
    const next = 'password-untuk-uji';
    await app.inject({ method: 'POST', url: '/api/v1/admin/auth/password', headers, payload: { currentPassword: password, newPassword: next, repeatPassword: next } });
    return headers;
  }
  const ping = (headers: { cookie: string; origin: string }) => app.inject({ method: 'GET', url: '/api/v1/admin/auth/me', headers });

  it('limits failed passwords per IP, whatever the usernames', async () => {
    for (const name of ['a1', 'a2', 'a3']) expect((await login(app, name, 'x', '10.1.1.1')).statusCode).toBe(401);
    expect((await login(app, 'a4', 'x', '10.1.1.1')).statusCode).toBe(429);
    expect((await login(app, 'a4', 'x', '10.1.1.2')).statusCode).toBe(401);
    clock += 15 * 60_000;
    expect((await login(app, 'a4', 'x', '10.1.1.1')).statusCode).toBe(401);
  });

  it('caps failed passwords for one username spread over many addresses, then refuses even the right one anywhere', async () => {
    const { password } = await db().services.admin.create('disebar', 'editor');
    for (let i = 0; i < 4; i++) expect((await login(app, 'disebar', 'salah-salah', `10.2.${i}.1`)).statusCode).toBe(401);
    const blocked = await login(app, 'disebar', password, '10.2.9.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Terlalu banyak percobaan. Silahkan coba lagi dalam 15 menit.' });
    clock += 15 * 60_000;
    expect((await login(app, 'disebar', password, '10.2.9.1')).statusCode).toBe(200);
  });

  it("a browser where the admin signed in before keeps signing in after strangers ran up the username's limit", async () => {
    const { password } = await db().services.admin.create('perangkat', 'editor');
    const first = await login(app, 'perangkat', password, '10.3.0.1');
    const headers = { cookie: cookieFrom(first.headers['set-cookie']), origin: ORIGIN };
    const code = authenticatorCode(await totpSecret(db().services, 'perangkat'), clock);
    const totp = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code } });
    expect(totp.statusCode).toBe(200);
    const setDevice = String(totp.headers['set-cookie']);
    expect(setDevice).toMatch(/^__Host-gelora_admin_device=[\w.-]+; Path=\/; HttpOnly; Secure; SameSite=Strict; Max-Age=31536000$/);
    const device = setDevice.split(';')[0]!;
    const withCookie = (cookie: string, pass: string, ip: string) =>
      app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', headers: { origin: ORIGIN, cookie }, remoteAddress: ip, payload: { username: 'perangkat', password: pass } });

    // Four failures spread over four addresses lock the username for any browser without the token ...
    for (let i = 0; i < 4; i++) expect((await login(app, 'perangkat', 'salah-salah', `10.3.${i + 1}.1`)).statusCode).toBe(401);
    expect((await login(app, 'perangkat', password, '10.3.9.1')).statusCode).toBe(429);
    // ... or with a forged one, or a member's token for the same name (members and admins never share one).
    expect((await withCookie(device.replace(/\.[\w-]+$/, '.' + 'A'.repeat(43)), password, '10.3.9.1')).statusCode).toBe(429);
    const member = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      remoteAddress: '10.3.8.1',
      payload: { username: 'perangkat', password: 'Rahasia1', passwordConfirm: 'Rahasia1', phone: '081234567890', email: 'p@gmail.com', birthDate: '1990-01-01', agree: true },
    });
    expect(member.statusCode).toBe(201);
    expect((await withCookie(`__Host-gelora_admin_device=${member.json().deviceToken}`, password, '10.3.9.1')).statusCode).toBe(429);
    // The admin's own browser still gets to the TOTP step, from any address.
    const back = await withCookie(device, password, '10.3.9.1');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ next: '/admin/2fa' });
    // Its own failures are limited: after five, even the right password waits.
    for (let i = 0; i < 5; i++) expect((await withCookie(device, 'salah-salah', `10.3.10.${i + 1}`)).statusCode).toBe(401);
    const limited = await withCookie(device, password, '10.3.9.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Terlalu banyak percobaan. Silahkan coba lagi dalam 15 menit.' });
  });

  it("the password change renews the browser's device cookie and retires the one-time password's", async () => {
    const { password } = await db().services.admin.create('gantikunci', 'editor');
    const first = await login(app, 'gantikunci', password, '10.4.0.1');
    const headers = { cookie: cookieFrom(first.headers['set-cookie']), origin: ORIGIN };
    const code = authenticatorCode(await totpSecret(db().services, 'gantikunci'), clock);
    const totp = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code } });
    const oldDevice = String(totp.headers['set-cookie']).split(';')[0]!;
    const next = 'password-baru-untuk-uji';
    const changed = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/password', headers, payload: { currentPassword: password, newPassword: next, repeatPassword: next } });
    expect(changed.statusCode).toBe(200);
    const newDevice = String(changed.headers['set-cookie']).split(';')[0]!;
    expect(newDevice).toMatch(/^__Host-gelora_admin_device=/);
    expect(newDevice).not.toBe(oldDevice);
    for (let i = 0; i < 4; i++) expect((await login(app, 'gantikunci', 'salah-salah', `10.4.${i + 1}.1`)).statusCode).toBe(401);
    const withCookie = (cookie: string) =>
      app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', headers: { origin: ORIGIN, cookie }, remoteAddress: '10.4.9.1', payload: { username: 'gantikunci', password: next } });
    expect((await withCookie(oldDevice)).statusCode).toBe(429);
    expect((await withCookie(newDevice)).statusCode).toBe(200);
  });

  it('keeps an active session alive and ends it after 30 minutes idle', async () => {
    const headers = await signInAt('santai');
    for (let i = 0; i < 4; i++) {
      clock += 29 * 60_000;
      expect((await ping(headers)).statusCode).toBe(200);
    }
    clock += 30 * 60_000;
    const res = await ping(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sesi admin berakhir. Silahkan login kembali.');
  });

  it('ends even an active session 12 hours after sign-in', async () => {
    const headers = await signInAt('rajin');
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      clock += 25 * 60_000;
      expect((await ping(headers)).statusCode, `${minutes} min`).toBe(200);
    }
    clock += 25 * 60_000;
    expect((await ping(headers)).statusCode).toBe(401);
  });

  it('gives the TOTP step 10 minutes after the password', async () => {
    const { password } = await db().services.admin.create('lambat', 'editor');
    const res = await login(app, 'lambat', password);
    const headers = { cookie: cookieFrom(res.headers['set-cookie']), origin: ORIGIN };
    clock += 10 * 60_000;
    const code = authenticatorCode(await totpSecret(db().services, 'lambat'), clock);
    const late = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers, payload: { code } });
    expect(late.statusCode).toBe(401);
  });
});
