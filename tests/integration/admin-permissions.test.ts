import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { describeEachDb } from '../support/db.ts';
import { createServer } from '../../src/api/server.ts';
import { admin } from '../../src/api/admin/index.ts';
import * as errors from '../../src/api/errors.ts';
import { ADMIN_ROLES, can } from '../../src/lib/server/admin/permissions.ts';
import { AUTH_PATTERNS, ROUTES } from '../support/admin-routes.ts';
import { ORIGIN, cookieFrom, signIn, totpSecret, type SignedIn } from '../support/admin.ts';
import { authenticatorCode } from '../support/totp.ts';
import { gate } from '../../src/lib/server/admin/page.ts';
import type { Services } from '../../src/lib/server/context.ts';

describeEachDb('admin API permissions', (db) => {
  let app: FastifyInstance;
  const as: Partial<Record<(typeof ADMIN_ROLES)[number], SignedIn>> = {};
  beforeAll(async () => {
    app = await createServer({ services: db().services, logger: false });
    for (const role of ADMIN_ROLES) as[role] = await signIn(app, db().services, role);
  });
  afterAll(() => app.close());

  it('the route table lists every route of the admin API', async () => {
    const seen: string[] = [];
    const bare = Fastify({ logger: false });
    bare.addHook('onRoute', (r) => {
      for (const m of [r.method].flat()) if (m !== 'HEAD') seen.push(`${m} ${r.url}`);
    });
    errors.install(bare);
    await bare.register(admin, { services: db().services });
    await bare.ready();
    await bare.close();
    const listed = [...ROUTES.map((r) => `${r.method} ${r.pattern}`), ...AUTH_PATTERNS];
    expect(seen.sort()).toEqual(listed.sort());
  });

  for (const role of ADMIN_ROLES) {
    describe(`as ${role}`, () => {
      it.each(ROUTES.map((r) => [`${r.method} ${r.pattern}`, r] as const))('%s', async (_name, route) => {
        const { url, body } = await route.prepare(db().services);
        const res = await app.inject({ method: route.method, url, headers: as[role]!.headers, ...(body === undefined ? {} : { payload: body as object }) });
        if (can(role, route.permission)) {
          expect(res.statusCode, res.body).toBeLessThan(300);
        } else {
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json()).toEqual({ message: 'Anda tidak memiliki akses untuk tindakan ini.' });
        }
      });
    });
  }

  it('without a session every content and audit route answers 401', async () => {
    for (const route of ROUTES) {
      const { url, body } = await route.prepare(db().services);
      const res = await app.inject({ method: route.method, url, headers: { origin: 'http://localhost:80' }, ...(body === undefined ? {} : { payload: body as object }) });
      expect(res.statusCode, `${route.method} ${url}`).toBe(401);
      expect(res.json().message).toBe('Sesi admin berakhir. Silahkan login kembali.');
    }
  });

  it('support sees content but every content write is refused, and nothing changes', async () => {
    const before = await db().services.content.admin.promotions();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/promotions/${before[0]!.id}`,
      headers: as.support!.headers,
      payload: { slot: before[0]!.slot, imageUrl: '', title: 'Diubah support', descriptionHtml: '' },
    });
    expect(res.statusCode).toBe(403);
    expect((await db().services.content.admin.promotions())[0]!.title).toBe(before[0]!.title);
    const read = await app.inject({ method: 'GET', url: '/api/v1/admin/promotions', headers: as.support!.headers });
    expect(read.statusCode).toBe(200);
  });

  it('tells each admin their role and permissions', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/admin/auth/me', headers: as.editor!.headers });
    expect(res.json()).toEqual({
      username: as.editor!.username,
      role: 'editor',
      permissions: ['content.read', 'content.write', 'memos.read', 'memos.write', 'matches.read'],
    });
  });
});

// The gate in every /admin page's frontmatter, called as Astro calls it: the request's cookie in,
// a redirect or the page (with status 403 when the role may not see it) out.
describeEachDb('admin page gate', (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createServer({ services: db().services, logger: false });
  });
  afterAll(() => app.close());

  const pageFor = (services: Services, cookie?: string, path = '/admin') => {
    const response = { status: 200, headers: new Headers() };
    const astro = { locals: { services }, request: new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }), response };
    return { astro: astro as unknown as Parameters<typeof gate>[0], response };
  };
  const login = (username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', headers: { origin: ORIGIN }, payload: { username, password } });

  it('sends each sign-in stage to its step: no session to the login, no TOTP to /admin/2fa, the one-time password to /admin/password', async () => {
    const services = db().services;
    const none = pageFor(services);
    expect(await gate(none.astro, 'full', 'content.read')).toEqual({ kind: 'redirect', to: '/admin/login' });
    // Any other page is named, to come back to after signing in.
    expect(await gate(pageFor(services, undefined, '/admin/member?id=3').astro, 'full', 'members.read')).toEqual({ kind: 'redirect', to: '/admin/login?next=%2Fadmin%2Fmember%3Fid%3D3' });
    expect(none.response.headers.get('cache-control')).toBe('no-store');

    const { password: oneTime } = await services.admin.create('gerbang', 'owner');
    const cookie = cookieFrom((await login('gerbang', oneTime)).headers['set-cookie']);
    for (const permission of [null, 'content.read', 'members.read', 'audit.read'] as const) {
      expect(await gate(pageFor(services, cookie).astro, 'full', permission), String(permission)).toEqual({ kind: 'redirect', to: '/admin/2fa' });
    }
    expect(await gate(pageFor(services, cookie).astro, 'password')).toEqual({ kind: 'redirect', to: '/admin/2fa' });
    expect(await gate(pageFor(services, cookie).astro, 'mfa')).toMatchObject({ kind: 'page', allowed: true });

    const code = authenticatorCode(await totpSecret(services, 'gerbang'));
    expect((await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp', headers: { cookie, origin: ORIGIN }, payload: { code } })).statusCode).toBe(200);
    expect(await gate(pageFor(services, cookie).astro, 'full', 'members.read')).toEqual({ kind: 'redirect', to: '/admin/password' });
    expect(await gate(pageFor(services, cookie).astro, 'mfa')).toEqual({ kind: 'redirect', to: '/admin/password' });
    expect(await gate(pageFor(services, cookie).astro, 'password')).toMatchObject({ kind: 'page', allowed: true });
  });

  it("shows a fully signed-in admin the pages of their role, and the others with 403", async () => {
    const services = db().services;
    const editor = await signIn(app, services, 'editor');
    const allowed = pageFor(services, editor.headers.cookie);
    expect(await gate(allowed.astro, 'full', 'content.read')).toMatchObject({ kind: 'page', allowed: true });
    expect(allowed.response.status).toBe(200);
    for (const permission of ['members.read', 'audit.read'] as const) {
      const refused = pageFor(services, editor.headers.cookie);
      expect(await gate(refused.astro, 'full', permission), permission).toMatchObject({ kind: 'page', allowed: false });
      expect(refused.response.status, permission).toBe(403);
    }
    expect(await gate(pageFor(services, editor.headers.cookie).astro, 'mfa')).toEqual({ kind: 'redirect', to: '/admin' });
  });
});
