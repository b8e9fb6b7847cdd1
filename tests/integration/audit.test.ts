import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count, desc, sql } from 'drizzle-orm';
import { describeEachDb } from '../support/db.ts';
import { createServer } from '../../src/api/server.ts';
import { auditLog } from '../../src/lib/server/db/schema/index.ts';
import { ROUTES } from '../support/admin-routes.ts';
import { signIn, type SignedIn } from '../support/admin.ts';

describeEachDb('audit log', (db) => {
  let app: FastifyInstance;
  let owner: SignedIn;
  beforeAll(async () => {
    app = await createServer({ services: db().services, logger: false });
    owner = await signIn(app, db().services, 'owner');
  });
  afterAll(() => app.close());

  const total = async () => (await db().services.db.select({ n: count() }).from(auditLog))[0]!.n;
  const latest = async () => (await db().services.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

  const writes = ROUTES.filter((r) => r.method !== 'GET');
  it('covers every write route of the admin API', () => {
    // PUT settings and channels; POST, PUT and DELETE promotions, banners and alternative links;
    // POST and DELETE memos, PATCH members, PUT match results.
    // (admin-permissions.test.ts checks the table against the routes the plugin registers.)
    expect(writes).toHaveLength(15);
    for (const r of writes) expect(r.action, `${r.method} ${r.pattern}`).toBeDefined();
  });

  it.each(writes.map((r) => [`${r.method} ${r.pattern}`, r] as const))('%s writes one entry: admin, action, before, after, IP, time', async (_name, route) => {
    const { url, body } = await route.prepare(db().services);
    const before = await total();
    const started = Date.now();
    const res = await app.inject({
      method: route.method,
      url,
      headers: owner.headers,
      remoteAddress: '203.0.113.9',
      ...(body === undefined ? {} : { payload: body as object }),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await total()).toBe(before + 1);
    const entry = await latest();
    expect(entry.adminUsername).toBe(owner.username);
    expect(entry.adminId).toBeTypeOf('number');
    expect(entry.action).toBe(route.action);
    expect(entry.ip).toBe('203.0.113.9');
    expect(entry.createdAt.getTime()).toBeGreaterThan(started - 5_000);
    expect(entry.createdAt.getTime()).toBeLessThan(Date.now() + 5_000);
    if (route.method === 'POST') {
      expect(entry.before).toBeNull();
      expect(entry.after).toMatchObject(body as object);
    } else if (route.method === 'DELETE') {
      expect(entry.before).not.toBeNull();
      expect(entry.after).toBeNull();
      expect(String((entry.before as { id: number }).id)).toBe(url.split('/').at(-1));
    } else {
      expect(entry.before).not.toBeNull();
      const after = entry.after as Record<string, unknown>;
      for (const [key, value] of Object.entries(body as object)) {
        // HTML is stored sanitised (meta tags become self-closing); everything else as sent.
        if (key.endsWith('Html')) expect(typeof after[key]).toBe('string');
        else expect(after[key], key).toEqual(value);
      }
    }
  });

  it('a refused or invalid write leaves no entry', async () => {
    const before = await total();
    const bad = await app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: owner.headers, payload: { siteName: '' } });
    expect(bad.statusCode).toBe(422);
    const missing = await app.inject({ method: 'DELETE', url: '/api/v1/admin/promotions/999999', headers: owner.headers });
    expect(missing.statusCode).toBe(404);
    const support = await signIn(app, db().services, 'support');
    const countAfterSignIn = await total();
    const refused = await app.inject({ method: 'PUT', url: '/api/v1/admin/channels/1', headers: support.headers, payload: { label: 'X', targetUrl: '', active: false } });
    expect(refused.statusCode).toBe(403);
    expect(await total()).toBe(countAfterSignIn);
    // Signing in (TOTP enrolment, password change) is audited too: two entries for support.
    expect(countAfterSignIn - before).toBe(3);
  });

  it('the owner reads it newest first, a page at a time', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/admin/audit?page=1', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(50);
    expect(body.total).toBe(await total());
    const times = body.rows.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('the database itself refuses to change or delete an entry', async () => {
    const d = db().services.db;
    const n = await total();
    await expect(d.execute(sql`update audit_log set action = 'dihapus'`)).rejects.toThrow();
    await expect(d.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(d.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await total()).toBe(n);
    const [{ n: changed }] = (await d.select({ n: count() }).from(auditLog).where(sql`${auditLog.action} = 'dihapus'`)) as [{ n: number }];
    expect(changed).toBe(0);
  });
});
