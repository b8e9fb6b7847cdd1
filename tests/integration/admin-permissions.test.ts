import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { describeEachDb } from '../support/db.ts';
import { createServer } from '../../src/api/server.ts';
import { admin } from '../../src/api/admin/index.ts';
import * as errors from '../../src/api/errors.ts';
import { ADMIN_ROLES, can } from '../../src/lib/server/admin/permissions.ts';
import { AUTH_PATTERNS, ROUTES } from '../support/admin-routes.ts';
import { signIn, type SignedIn } from '../support/admin.ts';

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
          expect(res.json()).toEqual({ message: 'Anda tidak memiliki akses ke halaman ini.' });
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
