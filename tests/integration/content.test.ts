import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { describeEachDb } from '../support/db.ts';
import { createServer } from '../../src/api/server.ts';
import { contactChannels, promotions, siteSettings } from '../../src/lib/server/db/schema/index.ts';
import * as seed from '../../src/lib/server/db/seed.ts';
import { createContentService } from '../../src/lib/server/content/service.ts';
import { signIn, type SignedIn } from '../support/admin.ts';

describeEachDb('public content and the admin who edits it', (db) => {
  let app: FastifyInstance;
  let editor: SignedIn;
  let owner: SignedIn;
  beforeAll(async () => {
    app = await createServer({ services: db().services, logger: false });
    editor = await signIn(app, db().services, 'editor');
    owner = await signIn(app, db().services, 'owner');
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('a fresh database has demo promotions, banners, every contact channel and alternative links', async () => {
    const promos = (await get('/api/v1/content/promotions')).json().items;
    expect(promos.map((p: { slot: number }) => p.slot)).toEqual([1, 2, 3, 4]);
    expect((await get('/api/v1/content/banners')).json().items).toHaveLength(2);
    const channels = (await get('/api/v1/content/channels')).json().items as { id: number; active: boolean; targetUrl: string }[];
    expect(channels.map((c) => c.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 10, 11]);
    // A switched-off channel's address is not published.
    for (const c of channels.filter((x) => !x.active)) expect(c.targetUrl).toBe('');
    expect((await get('/api/v1/content/alt-links')).json().items).toHaveLength(3);
  });

  it('does not bring back a demo promotion an admin deleted', async () => {
    const [first] = await db().services.content.admin.promotions();
    await app.inject({ method: 'DELETE', url: `/api/v1/admin/promotions/${first!.id}`, headers: editor.headers });
    await seed.run(db().services.db);
    const slots = (await db().services.content.admin.promotions()).map((p) => p.slot);
    expect(slots).not.toContain(first!.slot);
    await db().services.content.createPromotion({ adminId: null, username: 'test', ip: '' }, { ...first!, descriptionHtml: first!.descriptionHtml });
  });

  it('answers public content with cache headers and an ETag, and 304 on revalidation', async () => {
    const first = await get('/api/v1/content/alt-links');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/api/v1/content/alt-links', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Compared weakly, as RFC 9110 asks: a weakened tag, one of a list, or any.
    for (const header of [`W/${etag}`, `"lama", ${etag}`, '*']) expect((await get('/api/v1/content/alt-links', { 'if-none-match': header })).statusCode, header).toBe(304);
    for (const header of ['"lama"', `${etag.slice(0, -2)}"`, '']) expect((await get('/api/v1/content/alt-links', { 'if-none-match': header })).statusCode, header).toBe(200);
  });

  it('serves cached content until an admin saves, then the change at once', async () => {
    const d = db().services.db;
    const before = (await get('/api/v1/content/promotions')).json().items;
    // A change behind the service's back stays invisible: the 1-hour cache holds.
    await d.update(promotions).set({ title: 'Diam-diam' }).where(eq(promotions.slot, 2));
    expect((await get('/api/v1/content/promotions')).json().items).toEqual(before);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/promotions',
      headers: editor.headers,
      payload: { slot: 6, imageUrl: '/promo/promo-2.svg', title: 'Promo Kilat', descriptionHtml: '<p>Baru saja</p>' },
    });
    expect(created.statusCode).toBe(201);
    const after = (await get('/api/v1/content/promotions')).json().items as { slot: number; title: string }[];
    expect(after.find((p) => p.slot === 6)?.title).toBe('Promo Kilat');
    expect(after.find((p) => p.slot === 2)?.title).toBe('Diam-diam');
  });

  it('drops the settings cache when settings are saved', async () => {
    const before = await db().services.settings.get();
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: editor.headers,
      payload: { ...before, runningText: 'Teks berjalan dari admin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/v1/site')).json().runningText).toBe('Teks berjalan dari admin');
  });

  it('sanitises admin HTML before it is stored', async () => {
    const before = await db().services.settings.get();
    await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: owner.headers,
      payload: {
        ...before,
        articleHtml: '<h2>Judul</h2><script>alert(1)</script><p onclick="alert(1)">isi</p>',
        metaTagsHtml: '<meta name="author" content="Gelora"><meta http-equiv="refresh" content="0;url=https://evil.example">',
      },
    });
    const [row] = await db().services.db.select().from(siteSettings);
    expect(row!.articleHtml).toBe('<h2>Judul</h2><p>isi</p>');
    expect(row!.metaTagsHtml).toBe('<meta name="author" content="Gelora" />');
    const promo = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/promotions/${(await db().services.content.admin.promotions())[0]!.id}`,
      headers: editor.headers,
      payload: { slot: 1, imageUrl: '', title: '<b>Judul</b>', descriptionHtml: '<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>' },
    });
    expect(promo.json().item.descriptionHtml).toBe('<img src="x" /><a rel="noopener noreferrer nofollow">x</a>');
    // Titles are text: kept as typed, escaped when rendered.
    expect(promo.json().item.title).toBe('<b>Judul</b>');
  });

  it('takes texts up to the forms’ own limits in any letters: the request size limit does not cut them short', async () => {
    const before = await db().services.settings.get();
    const put = (payload: object) => app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: owner.headers, payload });
    // 50,000 characters of é and of quotes: 100 kB of JSON each, past the server's general 64 KiB.
    for (const article of ['é'.repeat(50_000), `<p>${'"'.repeat(49_993)}</p>`]) {
      const res = await put({ ...before, articleHtml: article, metaTagsHtml: '' });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    }
    const [row] = await db().services.db.select().from(siteSettings);
    expect(row!.articleHtml.length).toBeGreaterThanOrEqual(50_000);
    // One character more is the form's limit, said in Indonesian on its field; nothing is saved.
    const over = await put({ ...before, articleHtml: 'é'.repeat(50_001) });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ articleHtml: 'Maksimal 50.000 karakter.' });
    // A body larger than any valid form is still refused before it is read.
    const huge = await put({ ...before, articleHtml: 'x'.repeat(400_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'Data yang dikirim terlalu besar.' });

    const [promo] = await db().services.content.admin.promotions();
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/promotions/${promo!.id}`,
      headers: editor.headers,
      payload: { slot: promo!.slot, imageUrl: promo!.imageUrl, title: promo!.title, descriptionHtml: `<p>${'ü'.repeat(19_993)}</p>` },
    });
    expect(saved.statusCode, saved.body.slice(0, 200)).toBe(200);
    await put(before);
  });

  it('holds the stored, sanitised HTML to the field\'s limit, so what a form shows back can be saved again', async () => {
    const [promo] = await db().services.content.admin.promotions();
    const putPromo = (descriptionHtml: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/admin/promotions/${promo!.id}`,
        headers: editor.headers,
        payload: { slot: promo!.slot, imageUrl: promo!.imageUrl, title: promo!.title, descriptionHtml },
      });
    // 19,807 characters typed; stored, every '&' is '&amp;': 23,767, past the 20,000 the form allows.
    const grows = await putPromo(`<p>${'Syarat & ketentuan. '.repeat(990)}</p>`);
    const message = 'Maksimal 20.000 karakter setelah HTML dirapikan (menjadi 23.767 karakter). Persingkat teksnya.';
    expect([grows.statusCode, grows.json()]).toEqual([422, { message, errors: { descriptionHtml: message } }]);
    expect((await db().services.content.admin.promotions())[0]!.descriptionHtml).toBe(promo!.descriptionHtml);
    // 19,207 once stored: saved, and saved again as read back, unchanged.
    const fits = await putPromo(`<p>${'Syarat & ketentuan. '.repeat(800)}</p>`);
    expect(fits.statusCode, fits.body.slice(0, 200)).toBe(200);
    const stored = fits.json().item.descriptionHtml as string;
    expect(stored.length).toBe(19_207);
    const again = await putPromo(stored);
    expect([again.statusCode, again.json().item.descriptionHtml]).toEqual([200, stored]);

    // The settings form: an article whose links gain their rel, meta tags that gain quotes and ' />'.
    const before = (await get('/api/v1/admin/settings', owner.headers)).json().item;
    const put = (payload: object) => app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: owner.headers, payload });
    const link = '<a href="https://gelora.example">x</a>';
    const article = link.repeat(Math.floor(50_000 / link.length));
    const meta = '<meta name=a content=b>'.repeat(Math.floor(5_000 / 23));
    // Each field that grew too long is named, with what it would have become.
    const refused = await put({ ...before, articleHtml: article, metaTagsHtml: meta });
    expect([refused.statusCode, refused.json().errors]).toEqual([
      422,
      {
        articleHtml: 'Maksimal 50.000 karakter setelah HTML dirapikan (menjadi 95.995 karakter). Persingkat teksnya.',
        metaTagsHtml: 'Maksimal 5.000 karakter setelah HTML dirapikan (menjadi 6.293 karakter). Persingkat teksnya.',
      },
    ]);
    expect((await db().services.settings.get()).articleHtml).toBe(before.articleHtml);
    // What a save stored is taken again with only the site name changed.
    const saved = await put({ ...before, articleHtml: link.repeat(600), metaTagsHtml: '<meta name=a content=b>'.repeat(150) });
    expect(saved.statusCode, saved.body.slice(0, 200)).toBe(200);
    const renamed = await put({ ...saved.json().item, siteName: 'Gelora Baru' });
    expect(renamed.statusCode, renamed.body.slice(0, 200)).toBe(200);
    expect(renamed.json().item).toMatchObject({ articleHtml: saved.json().item.articleHtml, metaTagsHtml: saved.json().item.metaTagsHtml });
    await put(before);
  });

  it("keeps the meta tags and the live-chat account the owner's: an editor's change is refused and saves nothing, an editor's form without them keeps them", async () => {
    const settings = async (who: SignedIn) => (await get('/api/v1/admin/settings', who.headers)).json().item;
    const put = (who: SignedIn, payload: object) => app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: who.headers, payload });
    const start = await settings(owner);
    const ownerSaved = await put(owner, { ...start, metaTagsHtml: '<meta name="google-site-verification" content="milik-owner">', liveChatId: '12345678' });
    expect(ownerSaved.statusCode, ownerSaved.body.slice(0, 200)).toBe(200);
    const byOwner = await settings(owner);
    const ownerOnly = 'Hanya owner yang dapat mengubah kolom ini.';
    for (const change of [{ metaTagsHtml: '<meta name="google-site-verification" content="milik-editor">' }, { liveChatId: '87654321' }, { liveChatId: '' }]) {
      const refused = await put(editor, { ...byOwner, siteName: 'Diubah editor', ...change });
      expect([refused.statusCode, refused.json()], JSON.stringify(change)).toEqual([403, { message: ownerOnly, errors: Object.fromEntries(Object.keys(change).map((k) => [k, ownerOnly])) }]);
      expect(await settings(owner), JSON.stringify(change)).toEqual(byOwner);
    }
    // The editor's form sends neither (its fields are disabled), or sends them as stored: both save the rest.
    const { metaTagsHtml, liveChatId, ...rest } = byOwner;
    const edited = await put(editor, { ...rest, siteName: 'Diubah editor' });
    expect(edited.statusCode, edited.body.slice(0, 200)).toBe(200);
    expect(edited.json().item).toMatchObject({ siteName: 'Diubah editor', metaTagsHtml, liveChatId });
    expect((await put(editor, { ...edited.json().item, siteName: 'Diubah lagi' })).statusCode).toBe(200);
    expect((await put(owner, start)).statusCode).toBe(200);
  });

  it('explains invalid input field by field, in Indonesian', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/alt-links',
      headers: editor.headers,
      payload: { name: '', url: 'javascript:alert(1)', position: -1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: 'Data tidak boleh kosong',
      url: 'Alamat harus diawali http:// atau https://',
      position: 'Urutan harus angka 0 sampai 999.',
    });
  });

  it('refuses a second promotion in a taken slot and an unknown id', async () => {
    const taken = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/promotions',
      headers: editor.headers,
      payload: { slot: 3, imageUrl: '', title: 'Dobel', descriptionHtml: '' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Slot 3 sudah dipakai promosi lain.', errors: { slot: 'Slot 3 sudah dipakai promosi lain.' } });
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/channels/8',
      headers: editor.headers,
      payload: { label: 'X', targetUrl: '', active: true },
    });
    expect(missing.statusCode).toBe(404);
    const notANumber = await app.inject({ method: 'DELETE', url: '/api/v1/admin/banners/abc', headers: editor.headers });
    expect(notANumber.statusCode).toBe(400);
  });

  it('refuses to switch a channel on without an address (live chat, which opens the widget, needs none) and changes nothing', async () => {
    const put = (id: number, payload: object) => app.inject({ method: 'PUT', url: `/api/v1/admin/channels/${id}`, headers: editor.headers, payload });
    const stored = async (id: number) => (await db().services.content.admin.channels()).find((c) => c.id === id)!;
    const telegram = await stored(3);
    expect(telegram).toMatchObject({ kind: 'telegram', active: true });
    const refused = await put(3, { label: 'Telegram', targetUrl: '', active: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'Isi URL tujuan untuk mengaktifkan saluran ini.', errors: { targetUrl: 'Isi URL tujuan untuk mengaktifkan saluran ini.' } });
    expect(await stored(3)).toEqual(telegram);
    try {
      // Switched off, it may be left without one; live chat is on without one.
      expect((await put(3, { label: 'Telegram', targetUrl: '', active: false })).statusCode).toBe(200);
      expect((await put(11, { label: 'Live Chat', targetUrl: '', active: true })).statusCode).toBe(200);
      // Live chat opens the widget: an address sent for it is not kept (the form has no field for one).
      expect((await put(11, { label: 'Live Chat', targetUrl: 'https://wa.me/6280000000009', active: true })).statusCode).toBe(200);
      expect(await stored(11)).toMatchObject({ kind: 'livechat', targetUrl: '', active: true });
      // A row switched on without an address before the rule is shown to visitors as switched off.
      await db().services.db.update(contactChannels).set({ active: true, targetUrl: '' }).where(eq(contactChannels.id, 3));
      const shown = (await createContentService(db().services.db, db().services.settings).channels()).find((c) => c.id === 3);
      expect(shown).toMatchObject({ active: false, targetUrl: '' });
    } finally {
      await db().services.content.updateChannel({ adminId: null, username: 'test', ip: '' }, 3, { label: telegram.label, targetUrl: telegram.targetUrl, active: telegram.active });
    }
  });

  it('shows live chat switched on as on only while the settings name a live chat (an empty id switches it off, the settings form says)', async () => {
    const actor = { adminId: null, username: 'test', ip: '' };
    const liveChat = async () => (await get('/api/v1/content/channels')).json().items.find((c: { id: number }) => c.id === 11);
    const before = (await db().services.content.admin.settings())!;
    expect(before.liveChatId).toBe('');
    expect((await db().services.content.admin.channels()).find((c) => c.id === 11)).toMatchObject({ kind: 'livechat', active: true });
    expect(await liveChat()).toMatchObject({ active: false, targetUrl: '' });
    const input = { siteName: before.siteName, logoUrl: before.logoUrl, runningText: before.runningText, appDownloadUrl: before.appDownloadUrl, articleHtml: before.articleHtml, metaTagsHtml: before.metaTagsHtml };
    try {
      // Saving the settings takes effect at once: the cached channel list is dropped with them.
      await db().services.content.updateSettings(actor, { ...input, liveChatId: '12345678' }, undefined, { integrations: true });
      expect(await liveChat()).toMatchObject({ active: true });
      await db().services.content.updateSettings(actor, { ...input, liveChatId: 'bukan-id' }, undefined, { integrations: true });
      expect(await liveChat()).toMatchObject({ active: false });
    } finally {
      await db().services.content.updateSettings(actor, { ...input, liveChatId: before.liveChatId }, undefined, { integrations: true });
    }
    expect(await liveChat()).toMatchObject({ active: false });
  });

  it('publishes a banner with the alt text the back office gave it (what its image says), checked on the server', async () => {
    // The demo banners say what their images say.
    const demo = (await get('/api/v1/content/banners')).json().items as { imageUrl: string; altText: string }[];
    expect(demo.map((b) => b.altText)).toEqual(['Selamat bermain: Koin gratis harian segera hadir', 'Liga top Eropa: skor langsung dan klasemen']);

    const post = (payload: object) => app.inject({ method: 'POST', url: '/api/v1/admin/banners', headers: editor.headers, payload });
    const created = await post({ imageUrl: '/banner/banner-3.svg', altText: '  Bermain secukupnya\u200b ', active: true, position: 50 });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().item as { id: number }).id;
    const shown = () => get('/api/v1/content/banners').then((r) => (r.json().items as { id: number; altText: string }[]).find((b) => b.id === id));
    // Invisible ends are dropped, as in every back-office text.
    expect((await shown())?.altText).toBe('Bermain secukupnya');

    // At most 200 characters, refused in Indonesian under the field; the banner keeps its text.
    const putAlt = (altText: string) =>
      app.inject({ method: 'PUT', url: `/api/v1/admin/banners/${id}`, headers: editor.headers, payload: { imageUrl: '/banner/banner-3.svg', altText, active: true, position: 50 } });
    const long = await putAlt('a'.repeat(201));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ altText: 'Maksimal 200 karakter.' });
    expect((await shown())?.altText).toBe('Bermain secukupnya');
    const longest = await putAlt('a'.repeat(200));
    expect(longest.statusCode, longest.body).toBe(200);
    expect((await shown())?.altText).toBe('a'.repeat(200));

    // Optional: left out (a caller that predates it) or empty, the banner has none.
    const without = await post({ imageUrl: '/banner/banner-1.svg', active: true, position: 51 });
    expect(without.statusCode, without.body).toBe(201);
    expect((without.json().item as { altText: string }).altText).toBe('');
    for (const b of [id, (without.json().item as { id: number }).id]) {
      expect((await app.inject({ method: 'DELETE', url: `/api/v1/admin/banners/${b}`, headers: editor.headers })).statusCode).toBe(200);
    }
  });

  it('sanitises a promotion read from the database, even a row written by hand', async () => {
    const { services } = db();
    const [first] = await services.content.admin.promotions();
    await services.db
      .update(promotions)
      .set({ descriptionHtml: '<p>Halo</p><script>alert(1)</script><img src=x onerror=alert(1)>' })
      .where(eq(promotions.id, first!.id));
    try {
      // A fresh service: nothing cached from before the row was written.
      const content = createContentService(services.db, services.settings);
      const shown = (await content.promotions()).find((p) => p.id === first!.id);
      expect(shown).toMatchObject({ descriptionHtml: '<p>Halo</p><img src="x" />', descriptionText: 'Halo' });
    } finally {
      await services.db.update(promotions).set({ descriptionHtml: first!.descriptionHtml }).where(eq(promotions.id, first!.id));
    }
  });

  it('hides inactive banners from the public', async () => {
    const banners = await db().services.content.admin.banners();
    const shown = (await get('/api/v1/content/banners')).json().items.map((b: { id: number }) => b.id);
    expect(shown).toEqual(banners.filter((b) => b.active).map((b) => b.id));
  });

  it('refuses an edit made on a page opened before the row was last saved, on every edit form, and changes nothing', async () => {
    const stale = 'Data ini sudah diubah admin lain sejak halaman ini dibuka. Muat ulang halaman untuk melihat perubahan itu, lalu ubah lagi.';
    const forms: { list: string; url: (id: number) => string; field: string }[] = [
      { list: '/api/v1/admin/settings', url: () => '/api/v1/admin/settings', field: 'runningText' },
      { list: '/api/v1/admin/promotions', url: (id) => `/api/v1/admin/promotions/${id}`, field: 'title' },
      { list: '/api/v1/admin/banners', url: (id) => `/api/v1/admin/banners/${id}`, field: 'altText' },
      { list: '/api/v1/admin/channels', url: (id) => `/api/v1/admin/channels/${id}`, field: 'label' },
      { list: '/api/v1/admin/alt-links', url: (id) => `/api/v1/admin/alt-links/${id}`, field: 'name' },
    ];
    for (const f of forms) {
      const answer = (await get(f.list, editor.headers)).json();
      const row = (answer.item ?? answer.items[answer.items.length - 1]) as Record<string, unknown> & { id: number; updatedAt: string };
      const put = (payload: object) => app.inject({ method: 'PUT', url: f.url(row.id), headers: editor.headers, payload });
      const opened = Date.parse(row.updatedAt);
      // Two pages opened on the same version: the first save passes and moves the version on.
      const first = await put({ ...row, [f.field]: 'Disimpan lebih dulu', version: opened });
      expect(first.statusCode, `${f.list} ${first.body}`).toBe(200);
      const saved = Date.parse(first.json().item.updatedAt);
      expect(saved).not.toBe(opened);
      const second = await put({ ...row, [f.field]: 'Menimpa yang lain', version: opened });
      expect([second.statusCode, second.json()], f.list).toEqual([409, { message: stale }]);
      const now = (await get(f.list, editor.headers)).json();
      const kept = (now.item ?? now.items.find((x: { id: number }) => x.id === row.id)) as Record<string, unknown>;
      expect(kept[f.field], f.list).toBe('Disimpan lebih dulu');
      // From the page as it is after the first save (its new version), the next save passes.
      expect((await put({ ...row, [f.field]: 'Sesudahnya', version: saved })).statusCode, f.list).toBe(200);
      // A version that is no number is refused, as a form that breaks its rules; none at all is not checked (API callers).
      expect((await put({ ...row, version: 'kemarin' })).statusCode, f.list).toBe(422);
      expect((await put({ ...row, [f.field]: kept[f.field] })).statusCode, f.list).toBe(200);
    }
  });
});
