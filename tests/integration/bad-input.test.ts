// Inputs that used to end in a 500 or be read loosely, found by a black-box sweep of every route:
// each now gets a 4xx with an Indonesian message and changes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '../support/db.ts';
import { createServer } from '../../src/api/server.ts';
import { ORIGIN, signIn, type SignedIn } from '../support/admin.ts';
import { bearer, register } from '../support/accounts.ts';

const NUL = 'Teks berisi karakter yang tidak diizinkan.';

describeEachDb('bad input', (db) => {
  let app: FastifyInstance;
  let owner: SignedIn;
  beforeAll(async () => {
    app = await createServer({ services: db().services, logger: false });
    owner = await signIn(app, db().services, 'owner');
  });
  afterAll(() => app.close());

  it('refuses a NUL character in a JSON body, anywhere in it, and stores nothing', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', headers: { origin: ORIGIN }, payload: { username: '\u0000', password: 'x' } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ message: NUL });

    const before = await db().services.content.admin.promotions();
    const nested = { title: 'Promo', descriptionHtml: '<p>ok</p>', extra: [{ deep: ['a\u0000b'] }] };
    for (const payload of [{ title: 'Pro\u0000mo', descriptionHtml: '<p>x</p>' }, nested, { ['ke\u0000y']: 1 }]) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/admin/promotions', headers: owner.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: NUL });
    }
    expect(await db().services.content.admin.promotions()).toEqual(before);
  });

  it('refuses a NUL character in a query string, for the API and for pages alike', async () => {
    for (const url of ['/api/v1/admin/members?q=%00', '/api/v1/admin/members?q=1%00', '/admin/member?q=%00']) {
      const res = await app.inject({ method: 'GET', url, headers: owner.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: NUL });
    }
  });

  it('answers a path that is not valid percent-encoding with a 400 in Indonesian', async () => {
    for (const url of ['/match/%ff', '/api/v1/memos/%ff', '/%ff']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: 'Permintaan tidak valid.' });
    }
  });

  it('takes only real calendar days of a four-digit year for the admin match list', async () => {
    for (const date of ['0000-01-01', '0001-01-01', '2024-02-30', '2024-13-01']) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/admin/matches?date=${date}`, headers: owner.headers });
      expect(res.statusCode, date).toBe(400);
      expect(res.json().message).toMatch(/tanggal/i);
    }
    const ok = await app.inject({ method: 'GET', url: '/api/v1/admin/matches?date=2024-02-29', headers: owner.headers });
    expect(ok.statusCode).toBe(200);
  });

  it('reads a path id only as plain digits: 0x1, 1e0, +1 and -1 change nothing', async () => {
    // A seeded promotion; written loosely, its id must not reach the delete.
    const id = (await db().services.content.admin.promotions())[0]!.id;
    for (const written of [`0x${id.toString(16)}`, `${id}e0`, `+${id}`, `-${id}`, `${id}.0`, '2147483648']) {
      const res = await app.inject({ method: 'DELETE', url: `/api/v1/admin/promotions/${encodeURIComponent(written)}`, headers: owner.headers });
      expect(res.statusCode, written).toBe(400);
      expect(res.json().errors).toEqual({ id: 'Nomor data tidak valid.' });
    }
    expect((await db().services.content.admin.promotions()).some((p) => p.id === id)).toBe(true);
    const gone = await app.inject({ method: 'DELETE', url: `/api/v1/admin/promotions/${id}`, headers: owner.headers });
    expect(gone.statusCode).toBe(200);
  });

  it('gives page numbers an Indonesian message', async () => {
    const member = await register(app);
    for (const page of ['abc', '0', '1.5', '1e1']) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/memos?page=${page}`, headers: bearer(member.accessToken) });
      expect(res.statusCode, page).toBe(400);
      expect(res.json().errors).toEqual({ page: 'Nomor halaman tidak valid.' });
    }
    const audit = await app.inject({ method: 'GET', url: '/api/v1/admin/audit?page=0x2', headers: owner.headers });
    expect(audit.statusCode).toBe(400);
    expect(audit.json().errors).toEqual({ page: 'Nomor halaman tidak valid.' });
  });
});
