import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { describeEachDb } from '../support/db.ts';
import { siteSettings } from '../../src/lib/server/db/schema/index.ts';

describeEachDb('site settings', (db) => {
  it('serves the seeded demo settings', async () => {
    const s = await db().services.settings.get();
    expect(s.siteName).toBe('Gelora');
    expect(s.runningText).toMatch(/Koin/);
  });

  it('sanitises HTML read from the database, even a row written by hand', async () => {
    const { services } = db();
    await services.db
      .update(siteSettings)
      .set({
        articleHtml: '<p>Halo</p><script>alert(1)</script><img src=x onerror=alert(1)>',
        metaTagsHtml: '<meta name="author" content="Gelora"><meta http-equiv="refresh" content="0;url=https://evil.example">',
      })
      .where(eq(siteSettings.id, 1));
    services.settings.invalidate();
    const s = await services.settings.get();
    expect(s.articleHtml).toBe('<p>Halo</p><img src="x" />');
    expect(s.metaTagsHtml).toBe('<meta name="author" content="Gelora" />');
  });

  it('keeps serving the cached copy until invalidated', async () => {
    const { services } = db();
    const before = await services.settings.get();
    await services.db.update(siteSettings).set({ siteName: 'Nama Baru' }).where(eq(siteSettings.id, 1));
    expect((await services.settings.get()).siteName).toBe(before.siteName);
    services.settings.invalidate();
    expect((await services.settings.get()).siteName).toBe('Nama Baru');
  });
});
