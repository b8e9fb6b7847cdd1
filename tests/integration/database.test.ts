import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminQuery, describeEachDb } from '../support/db.ts';
import { boot, shutdown } from '../../src/lib/server/boot.ts';
import * as dbClient from '../../src/lib/server/db/client.ts';
import * as migrations from '../../src/lib/server/db/migrate.ts';
import * as seed from '../../src/lib/server/db/seed.ts';
import { DEMO_PROMOTIONS } from '../../src/lib/server/content/seed.ts';
import { admins, promotions, siteSettings } from '../../src/lib/server/db/schema/index.ts';
import { totpSecret } from '../support/admin.ts';

describeEachDb('database', (db) => {
  it('applies migrations a second time without changes', async () => {
    await migrations.run(db().database);
    const [row] = await db().services.db.select({ n: sql<number>`count(*)::int` }).from(siteSettings);
    expect(row?.n).toBe(1);
  });

  it('seeds demo settings once and keeps an admin edit on the next seed', async () => {
    const d = db().services.db;
    await d.update(siteSettings).set({ siteName: 'Gelora Uji' }).where(eq(siteSettings.id, 1));
    await seed.run(d);
    const rows = await d.select().from(siteSettings);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.siteName).toBe('Gelora Uji');
    await d.update(siteSettings).set({ siteName: seed.DEMO_SETTINGS.siteName }).where(eq(siteSettings.id, 1));
  });

  it('refuses a second settings row', async () => {
    await expect(
      db().services.db.insert(siteSettings).values({ ...seed.DEMO_SETTINGS, id: 2 }),
    ).rejects.toThrow();
  });
});

describe.runIf(process.env['DATABASE_URL'])('PostgreSQL: two processes starting on one empty database', () => {
  it('bring it up to date one after the other: neither fails, nothing is seeded twice', { timeout: 60_000 }, async () => {
    const base = process.env['DATABASE_URL']!;
    const name = `gelora_t_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE "${name}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.href, LOG_LEVEL: 'silent' };
    try {
      // Two boots at once, each with its own pool, as two processes would (migrations, then seed).
      const started = await Promise.allSettled([boot({ env, football: false }), boot({ env, football: false })]);
      expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
      for (const s of started) if (s.status === 'fulfilled') await s.value.database.close();
      const check = await dbClient.open({ databaseUrl: url.href, pgliteDir: 'memory://', poolSize: 1 });
      try {
        const [settings] = await check.db.select({ n: sql<number>`count(*)::int` }).from(siteSettings);
        const [promos] = await check.db.select({ n: sql<number>`count(*)::int` }).from(promotions);
        expect([settings?.n, promos?.n]).toEqual([1, DEMO_PROMOTIONS.length]);
      } finally {
        await check.close();
      }
    } finally {
      await adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});

describe('start: admins\' TOTP secrets', () => {
  it('seals at start a secret an earlier version stored in plain text, and names an admin whose secret no longer opens', { timeout: 60_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-totp-'));
    const env = (jwt: string) => ({ PGLITE_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: jwt });
    const first = 'k'.repeat(40);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      let services = await boot({ env: env(first), football: false });
      await services.admin.create('lama', 'owner');
      const secret = await totpSecret(services, 'lama');
      await services.db.update(admins).set({ totpSecret: secret, totpEnrolledAt: new Date() }).where(eq(admins.username, 'lama'));
      await shutdown(services);

      services = await boot({ env: env(first), football: false });
      expect(log).toHaveBeenCalledWith('[admin] sealed 1 TOTP secret(s) that were stored in plain text');
      const [row] = await services.db.select({ s: admins.totpSecret }).from(admins).where(eq(admins.username, 'lama'));
      expect(row!.s).toMatch(/^v1\./);
      expect(await totpSecret(services, 'lama')).toBe(secret);
      await shutdown(services);
      expect(error).not.toHaveBeenCalled();

      services = await boot({ env: env('n'.repeat(40)), football: false });
      expect(error).toHaveBeenCalledWith(
        "[admin] the TOTP secret of 'lama' was sealed under another JWT_SECRET and cannot be read: that admin cannot sign in until 'npm run admin:create -- --reset lama'",
      );
      await shutdown(services);
    } finally {
      log.mockRestore();
      error.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
