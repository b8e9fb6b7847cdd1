import { expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { describeEachDb } from '../support/db.ts';
import * as migrations from '../../src/lib/server/db/migrate.ts';
import * as seed from '../../src/lib/server/db/seed.ts';
import { siteSettings } from '../../src/lib/server/db/schema/index.ts';

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
