import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '../support/db.ts';
import { createServer } from '../../src/api/server.ts';
import { bearer, register, type Session } from '../support/accounts.ts';
import { signIn, type SignedIn } from '../support/admin.ts';
import { newUnfinishedMatch } from '../support/admin-routes.ts';
import type { Actor } from '../../src/lib/server/admin/audit.ts';
import { statusText } from '../../src/lib/shared/football/present.ts';
import { matchResultSummary, resultVersion } from '../../src/lib/shared/admin-match-summary.ts';
import { wibDateKey } from '../../src/lib/shared/format.ts';
import { footballMatches, members } from '../../src/lib/server/db/schema/index.ts';

const SETUP: Actor = { adminId: null, username: 'test-setup', ip: '' };

describeEachDb('memos, member management and manual results', (db) => {
  let app: FastifyInstance;
  let owner: SignedIn;
  let editor: SignedIn;
  let ani: Session;
  let budi: Session;
  beforeAll(async () => {
    app = await createServer({ services: db().services, logger: false });
    owner = await signIn(app, db().services, 'owner');
    editor = await signIn(app, db().services, 'editor');
    ani = await register(app);
    budi = await register(app);
  });
  afterAll(() => app.close());

  const get = (s: Session, url: string) => app.inject({ method: 'GET', url, headers: bearer(s.accessToken) });
  const unread = async (s: Session) => (await get(s, '/api/v1/memos/unread')).json().unread as number;
  const write = (as: SignedIn, payload: object) => app.inject({ method: 'POST', url: '/api/v1/admin/memos', headers: as.headers, payload });

  it('a memo to one member reaches only that member; anyone else gets "Pesan tidak ditemukan"', async () => {
    const res = await write(editor, { audience: 'member', username: ani.username.toUpperCase(), subject: 'Untuk Ani', body: 'Halo Ani' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().item.id as number;

    const own = await get(ani, `/api/v1/memos/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id, subject: 'Untuk Ani', body: 'Halo Ani', read: true });
    // A member's own memos are never kept by a cache, the browser's included.
    for (const url of [`/api/v1/memos/${id}`, '/api/v1/memos', '/api/v1/memos/unread']) expect((await get(ani, url)).headers['cache-control'], url).toBe('no-store');

    for (const url of [`/api/v1/memos/${id}`, '/api/v1/memos/99999999', '/api/v1/memos/abc', '/api/v1/memos/-1']) {
      const other = await get(budi, url);
      expect(other.statusCode, url).toBe(404);
      expect(other.json()).toEqual({ message: 'Pesan tidak ditemukan' });
    }
    expect((await get(budi, '/api/v1/memos')).json().items.map((m: { id: number }) => m.id)).not.toContain(id);
    // Budi's failed attempt did not mark anything read for him or change Ani's state.
    expect((await get(ani, '/api/v1/memos')).json().items.find((m: { id: number }) => m.id === id).read).toBe(true);
  });

  it('every member API needs a bearer', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/memos'],
      ['GET', '/api/v1/memos/1'],
      ['GET', '/api/v1/memos/unread'],
      ['POST', '/api/v1/memos/read'],
      ['GET', '/api/v1/me/shell'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('a memo to everyone is read per member: unread count, open, bulk mark read', async () => {
    const start = { ani: await unread(ani), budi: await unread(budi) };
    const a = await write(owner, { audience: 'all', username: '', subject: 'Pengumuman 1', body: 'Isi 1' });
    const b = await write(owner, { audience: 'all', username: '', subject: 'Pengumuman 2', body: 'Isi 2' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(await unread(ani)).toBe(start.ani + 2);
    expect(await unread(budi)).toBe(start.budi + 2);

    // A HEAD request (a link checker, a prefetch) changes nothing.
    const head = await app.inject({ method: 'HEAD', url: `/api/v1/memos/${a.json().item.id}`, headers: bearer(ani.accessToken) });
    expect(head.statusCode).toBe(200);
    expect(await unread(ani)).toBe(start.ani + 2);
    // Opening marks read for the opener only; opening twice counts once.
    await get(ani, `/api/v1/memos/${a.json().item.id}`);
    await get(ani, `/api/v1/memos/${a.json().item.id}`);
    expect(await unread(ani)).toBe(start.ani + 1);
    expect(await unread(budi)).toBe(start.budi + 2);

    const list = (await get(budi, '/api/v1/memos')).json();
    expect(list.unread).toBe(start.budi + 2);
    expect(list.items[0]).toMatchObject({ subject: 'Pengumuman 2', read: false });
    expect(list.items[0]).not.toHaveProperty('body');

    const bulk = await app.inject({ method: 'POST', url: '/api/v1/memos/read', headers: bearer(budi.accessToken) });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toEqual({ marked: start.budi + 2, unread: 0 });
    expect(await unread(budi)).toBe(0);
    expect((await get(budi, '/api/v1/memos')).json().items.every((m: { read: boolean }) => m.read)).toBe(true);
    expect(await unread(ani)).toBe(start.ani + 1);
    // A new memo after the bulk mark is unread again.
    await write(owner, { audience: 'all', username: '', subject: 'Pengumuman 3', body: 'Isi 3' });
    expect(await unread(budi)).toBe(1);
  });

  it('lists 20 a page, newest first', async () => {
    const carl = await register(app);
    for (let i = 1; i <= 23; i++) await db().services.memos.create(SETUP, { audience: 'member', username: carl.username, subject: `Memo ${i}`, body: 'x' });
    const p1 = (await get(carl, '/api/v1/memos?page=1')).json();
    const p2 = (await get(carl, '/api/v1/memos?page=2')).json();
    const subjects = (page: { items: { subject: string }[] }) => page.items.map((m) => m.subject);
    expect(p1.pageSize).toBe(20);
    // 23 of Carl's own, then the three memos to everyone written before them.
    expect(subjects(p1)).toEqual(Array.from({ length: 20 }, (_, i) => `Memo ${23 - i}`));
    expect(subjects(p2)).toEqual(['Memo 3', 'Memo 2', 'Memo 1', 'Pengumuman 3', 'Pengumuman 2', 'Pengumuman 1']);
    expect(p1.total).toBe(26);
    expect(p1.unread).toBe(26);
    expect((await get(carl, '/api/v1/memos?page=0')).statusCode).toBe(400);
  });

  it('a memo to an unknown member is refused and writes nothing; support may not write memos', async () => {
    const before = (await db().services.memos.adminPage(1)).total;
    const res = await write(owner, { audience: 'member', username: 'tidakada99', subject: 'X', body: 'Y' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ username: 'Member tidak ditemukan.' });
    const missing = await write(owner, { audience: 'member', username: '', subject: 'X', body: 'Y' });
    expect(missing.statusCode).toBe(422);
    const support = await signIn(app, db().services, 'support');
    expect((await write(support, { audience: 'all', username: '', subject: 'X', body: 'Y' })).statusCode).toBe(403);
    // A username beside another audience: the memo meant for one member would have gone to all.
    const needsOne = "Untuk mengirim ke username yang diisi, pilih 'Satu member'; untuk semua member, kosongkan username.";
    for (const audience of ['all', 'verified']) {
      const res = await write(owner, { audience, username: 'tidakada99', subject: 'Pribadi', body: 'Y' });
      expect([res.statusCode, res.json().errors], audience).toEqual([422, { audience: needsOne }]);
    }
    // No audience chosen is no audience.
    expect((await write(owner, { audience: '', username: '', subject: 'X', body: 'Y' })).json().errors).toEqual({ audience: 'Data tidak boleh kosong' });
    expect((await db().services.memos.adminPage(1)).total).toBe(before);
  });

  it('the back office lists every memo, 50 a page, newest first: an old one can still be found and deleted', async () => {
    const first = await write(owner, { audience: 'all', username: '', subject: 'Memo tertua', body: 'Y' });
    const firstId = first.json().item.id as number;
    for (let i = 0; i < 55; i++) expect((await write(editor, { audience: 'all', username: '', subject: `Memo baru ${i}`, body: 'Y' })).statusCode).toBe(201);
    const page = async (n: number) => (await app.inject({ method: 'GET', url: `/api/v1/admin/memos?page=${n}`, headers: owner.headers })).json();
    const p1 = await page(1);
    expect([p1.page, p1.pageSize, p1.items.length]).toEqual([1, 50, 50]);
    expect(p1.items[0].subject).toBe('Memo baru 54');
    const total = p1.total as number;
    const last = await page(Math.ceil(total / 50));
    expect(last.items.at(-1)).toBeDefined();
    const all = [];
    for (let n = 1; n <= Math.ceil(total / 50); n++) all.push(...(await page(n)).items);
    expect(all.map((m: { id: number }) => m.id)).toContain(firstId);
    expect(new Set(all.map((m: { id: number }) => m.id)).size).toBe(total);
    expect((await app.inject({ method: 'GET', url: '/api/v1/admin/memos?page=0', headers: owner.headers })).statusCode).toBe(400);
    const removed = await app.inject({ method: 'DELETE', url: `/api/v1/admin/memos/${firstId}`, headers: owner.headers });
    expect(removed.statusCode).toBe(200);
    expect((await page(1)).total).toBe(total - 1);
  });

  it('a memo to the verified members reaches a member while an admin has marked them verified, and no one else', async () => {
    const cici = await register(app);
    const dedi = await register(app);
    const ids = Object.fromEntries(
      await Promise.all(
        [cici, dedi].map(async (s) => [s.username, (await app.inject({ method: 'GET', url: `/api/v1/admin/members?q=${s.username}`, headers: owner.headers })).json().items[0].id as number]),
      ),
    );
    const verify = (s: Session, verified: boolean) =>
      app.inject({ method: 'PATCH', url: `/api/v1/admin/members/${ids[s.username]}`, headers: owner.headers, payload: { verified } });
    expect((await verify(cici, true)).statusCode).toBe(200);
    const before = { cici: await unread(cici), dedi: await unread(dedi) };

    const res = await write(editor, { audience: 'verified', username: '', subject: 'Khusus terverifikasi', body: 'Halo' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().item.id as number;
    expect((await db().services.memos.adminPage(1)).items.find((m) => m.id === id)).toMatchObject({ username: null, verifiedOnly: true });

    const listed = async (s: Session) => (await get(s, '/api/v1/memos')).json().items.map((m: { id: number }) => m.id) as number[];
    expect(await listed(cici)).toContain(id);
    expect(await unread(cici)).toBe(before.cici + 1);
    expect(await listed(dedi)).not.toContain(id);
    expect(await unread(dedi)).toBe(before.dedi);
    expect((await get(dedi, `/api/v1/memos/${id}`)).json()).toEqual({ message: 'Pesan tidak ditemukan' });
    // Marking all read marks nothing for a member who cannot see it.
    await app.inject({ method: 'POST', url: '/api/v1/memos/read', headers: bearer(dedi.accessToken) });
    expect((await verify(dedi, true)).statusCode).toBe(200);
    expect(await listed(dedi)).toContain(id);
    expect(await unread(dedi)).toBe(1);
    expect((await get(dedi, `/api/v1/memos/${id}`)).json()).toMatchObject({ id, subject: 'Khusus terverifikasi', read: true });

    // No longer verified, the memo is gone from the list and the count.
    expect((await verify(cici, false)).statusCode).toBe(200);
    expect(await listed(cici)).not.toContain(id);
    expect(await unread(cici)).toBe(before.cici);
  });

  it("the admin view names the member who referred a member, and none for one who came alone", async () => {
    const downline = await register(app, { referral: ani.username });
    const view = async (username: string) => {
      const [row] = (await app.inject({ method: 'GET', url: `/api/v1/admin/members?q=${username}`, headers: owner.headers })).json().items;
      return (await app.inject({ method: 'GET', url: `/api/v1/admin/members/${row.id}`, headers: owner.headers })).json().item;
    };
    expect(await view(downline.username)).toMatchObject({ username: downline.username, referrer: ani.username });
    expect(await view(ani.username)).toMatchObject({ username: ani.username, referrer: null });
  });

  it('suspend, lift and verify show in the member shell status and in the admin view', async () => {
    const [row] = (await app.inject({ method: 'GET', url: `/api/v1/admin/members?q=${ani.username}`, headers: owner.headers })).json().items;
    expect(row).toMatchObject({ username: ani.username, suspended: false, verified: false });
    const shell = async () => (await get(ani, '/api/v1/me/shell')).json();
    expect(await shell()).toMatchObject({ username: ani.username, suspended: false });

    const patch = (payload: object) => app.inject({ method: 'PATCH', url: `/api/v1/admin/members/${row.id}`, headers: owner.headers, payload });
    expect((await patch({ suspended: true })).json().item).toMatchObject({ suspended: true });
    expect(await shell()).toMatchObject({ suspended: true });
    expect((await patch({ verified: true })).json().item).toMatchObject({ suspended: true, verified: true });
    expect((await patch({ suspended: false })).statusCode).toBe(200);
    expect(await shell()).toMatchObject({ suspended: false, verified: true });
    expect((await patch({})).statusCode).toBe(422);
    expect((await app.inject({ method: 'PATCH', url: '/api/v1/admin/members/99999999', headers: owner.headers, payload: { suspended: true } })).statusCode).toBe(404);
    // Search treats LIKE wildcards literally.
    expect((await app.inject({ method: 'GET', url: '/api/v1/admin/members?q=%25', headers: owner.headers })).json().items).toEqual([]);

    // A change of both flags at once is recorded as both.
    expect((await patch({ suspended: true, verified: false })).json().item).toMatchObject({ suspended: true, verified: false });
    // A change that changes nothing is an update.
    expect((await patch({ suspended: true })).statusCode).toBe(200);

    const actions = (await db().services.admin.auditPage(1)).rows.filter((r) => r.target === `member:${row.id}`).map((r) => r.action);
    expect(actions).toEqual(['member.update', 'member.unverify', 'member.suspend', 'member.lift', 'member.verify', 'member.suspend']);
  });

  it('the member search pages 50 at a time, newest first, each page within its search term', async () => {
    // 53 members who match one term, written straight to the table (registration hashes each password).
    const term = `cari${Math.random().toString(36).slice(2, 6).replace(/[^a-z]/g, 'x')}`;
    const start = Date.now() - 3_600_000;
    await db()
      .database.db.insert(members)
      .values(
        Array.from({ length: 53 }, (_, i) => ({
          username: `${term}${String(i).padStart(2, '0')}`,
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
          phone: '081234567890',
          email: `${term}${i}@contoh.id`,
          birthDate: '1990-01-01',
          createdAt: new Date(start + i * 1000),
        })),
      );
    const search = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/admin/members?${query}`, headers: owner.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { username: string }[]; total: number; page: number; pageSize: number };
    };
    const first = await search(`q=${term}`);
    expect(first).toMatchObject({ total: 53, page: 1, pageSize: 50 });
    expect(first.items.map((r) => r.username)).toEqual(Array.from({ length: 50 }, (_, i) => `${term}${String(52 - i).padStart(2, '0')}`));
    const second = await search(`q=${term}&page=2`);
    expect(second).toMatchObject({ total: 53, page: 2 });
    expect(second.items.map((r) => r.username)).toEqual([`${term}02`, `${term}01`, `${term}00`]);
    expect((await search(`q=${term}&page=3`)).items).toEqual([]);
    // Without a term, every member counts.
    expect((await search('')).total).toBeGreaterThanOrEqual(55);
    const bad = await app.inject({ method: 'GET', url: `/api/v1/admin/members?q=${term}&page=0`, headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Nomor halaman tidak valid.', errors: { page: 'Nomor halaman tidak valid.' } });
  });

  it('a manual result shows on the match page and in the computed standings at once (caches dropped)', async () => {
    const { predictions } = db().services;
    const refit = predictions.refit.bind(predictions);
    let refits = 0;
    predictions.refit = (o) => ((refits += 1), refit(o));
    onTestFinished(() => {
      predictions.refit = refit;
    });
    const id = await newUnfinishedMatch(db().services);
    const football = db().services.football;
    const before = await football.match(id);
    expect(before).toMatchObject({ status: 'scheduled', score: null });
    const empty = await football.standings(990_001, '2026');
    expect(empty!.groups.flatMap((g) => g.rows).map((r) => r.played)).toEqual([0, 0]);

    const bad = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/matches/${id}/result`,
      headers: owner.headers,
      payload: { status: 'finished', htHome: 3, htAway: 0, ftHome: 2, ftAway: null },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ ftAway: 'Skor FT wajib diisi untuk status selesai.', htHome: 'Skor HT tidak boleh lebih besar dari skor FT.' });
    // No score for a match not played: it would show beside 'Terjadwal', 'Ditunda' or 'Dibatalkan'.
    for (const status of ['scheduled', 'postponed', 'cancelled']) {
      const unplayed = await app.inject({
        method: 'PUT',
        url: `/api/v1/admin/matches/${id}/result`,
        headers: owner.headers,
        payload: { status, htHome: null, htAway: 0, ftHome: 2, ftAway: null },
      });
      expect(unplayed.statusCode, status).toBe(422);
      const noScore = 'Pertandingan yang belum dimainkan tidak punya skor. Kosongkan skornya.';
      expect(unplayed.json().errors, status).toEqual({ htAway: noScore, ftHome: noScore });
    }
    expect(await football.match(id)).toMatchObject({ status: 'scheduled', score: null });
    const asEditor = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/matches/${id}/result`,
      headers: editor.headers,
      payload: { status: 'finished', htHome: 0, htAway: 0, ftHome: 0, ftAway: 0 },
    });
    expect(asEditor.statusCode).toBe(403);
    // In play or abandoned, a match has a score but no result: the table does not count it.
    for (const status of ['live', 'abandoned']) {
      const partial = await app.inject({
        method: 'PUT',
        url: `/api/v1/admin/matches/${id}/result`,
        headers: owner.headers,
        payload: { status, htHome: 1, htAway: 0, ftHome: 2, ftAway: 0 },
      });
      expect(partial.statusCode, `${status} ${partial.body}`).toBe(200);
      expect((await football.match(id))?.status).toBe(status);
      // A stopped match reads 'Dihentikan' with the score when it stopped, not 'Dibatalkan' without one.
      if (status === 'abandoned') {
        const stopped = (await football.match(id))!;
        expect(stopped).toMatchObject({ state: 'abandoned', score: { home: 2, away: 0 }, halftime: { home: 1, away: 0 } });
        expect(statusText(stopped)).toBe('Dihentikan');
      }
      const table = await football.standings(990_001, '2026');
      expect(table!.groups.flatMap((g) => g.rows).map((r) => [r.played, r.points]), status).toEqual([[0, 0], [0, 0]]);
    }

    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/matches/${id}/result`,
      headers: owner.headers,
      payload: { status: 'finished', htHome: 1, htAway: 1, ftHome: 3, ftAway: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await football.match(id);
    expect(after).toMatchObject({ status: 'finished', score: { home: 3, away: 1 }, halftime: { home: 1, away: 1 }, fulltime: { home: 3, away: 1 } });
    const table = await football.standings(990_001, '2026');
    const rows = table!.groups.flatMap((g) => g.rows);
    expect(rows[0]).toMatchObject({ played: 1, won: 1, points: 3, goalsFor: 3, goalsAgainst: 1 });
    expect(rows[1]).toMatchObject({ played: 1, lost: 1, points: 0 });
    const page = await app.inject({ method: 'GET', url: `/api/v1/football/matches/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ status: 'finished', score: { home: 3, away: 1 } });

    // A match still to kick off gets no result, not even a walkover; it may be postponed or cancelled.
    const coming = await newUnfinishedMatch(db().services, 5 * 86_400_000);
    for (const [status, score] of [['finished', 9], ['awarded', 3], ['live', 0], ['abandoned', 0]] as const) {
      const early = await app.inject({
        method: 'PUT',
        url: `/api/v1/admin/matches/${coming}/result`,
        headers: owner.headers,
        payload: { status, htHome: 0, htAway: 0, ftHome: score, ftAway: 0 },
      });
      expect([early.statusCode, early.json()], status).toEqual([
        422,
        { message: 'Pertandingan ini belum dimulai: pilih Terjadwal, Ditunda, atau Dibatalkan.', errors: { status: 'Pertandingan ini belum dimulai: pilih Terjadwal, Ditunda, atau Dibatalkan.' } },
      ]);
    }
    expect(await football.match(coming)).toMatchObject({ status: 'scheduled', score: null });
    const postponed = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/matches/${coming}/result`,
      headers: owner.headers,
      payload: { status: 'postponed', htHome: null, htAway: null, ftHome: null, ftAway: null },
    });
    expect(postponed.statusCode, postponed.body).toBe(200);
    expect(await football.match(coming)).toMatchObject({ status: 'postponed', score: null });
    // The model hears of the new results and refits a few seconds later (once for the burst above).
    await expect.poll(() => refits, { timeout: 20_000 }).toBeGreaterThan(0);
    // It ends before the suite closes the database.
    await predictions.settled();
  });

  it("a result saved from a form rendered before the result last changed is refused, by another save or by the source's live score; its minute alone is no change", async () => {
    const { football, matchResults } = db().services;
    const id = await newUnfinishedMatch(db().services);
    // The version the results page renders into the match's form.
    const rendered = async () => {
      const row = (await matchResults.day(wibDateKey(new Date(football.now().getTime() - 2 * 3_600_000)))).find((r) => r.id === id);
      return resultVersion(row!);
    };
    const put = (shown: unknown, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/v1/admin/matches/${id}/result`, headers: owner.headers, payload: { ...payload, shown } });
    const live = { status: 'live', htHome: 1, htAway: 0, ftHome: 1, ftAway: 0 };
    const stale =
      'Hasil pertandingan ini sudah berubah sejak halaman ini dibuka (oleh admin lain atau sumber data). Muat ulang halaman untuk melihat hasil terbaru, lalu ubah lagi.';

    // Two tabs open on the same page: the first save passes, the second is refused and changes nothing.
    const opened = await rendered();
    const first = await put(opened, live);
    expect(first.statusCode, first.body).toBe(200);
    const second = await put(opened, { status: 'finished', htHome: 0, htAway: 0, ftHome: 0, ftAway: 0 });
    expect([second.statusCode, second.json()]).toEqual([409, { message: stale }]);
    expect(await football.match(id)).toMatchObject({ status: 'live', score: { home: 1, away: 0 } });
    // The first tab saves again with the version its save answered with (what the page's script keeps).
    const saved = resultVersion(first.json().item);
    expect(saved).toBe(await rendered());
    expect((await put(saved, { ...live, htAway: 1, ftAway: 1 })).statusCode).toBe(200);

    // The source's live poll moves the minute: the form is not stale. It moves the score: it is.
    const afterSave = await rendered();
    await db().services.db.update(footballMatches).set({ minute: '61' }).where(eq(footballMatches.id, id));
    expect(await rendered()).toBe(afterSave);
    await db().services.db.update(footballMatches).set({ minute: '62', homeScore: 2 }).where(eq(footballMatches.id, id));
    const behind = await put(afterSave, { status: 'finished', htHome: 1, htAway: 1, ftHome: 1, ftAway: 1 });
    expect([behind.statusCode, behind.json()]).toEqual([409, { message: stale }]);
    expect(await football.match(id)).toMatchObject({ status: 'live', score: { home: 2, away: 1 } });
    // Reloaded, the page's line shows what changed: the running score.
    const reloaded = (await matchResults.day(wibDateKey(new Date(football.now().getTime() - 2 * 3_600_000)))).find((r) => r.id === id)!;
    expect(matchResultSummary(reloaded)).toBe('Berlangsung 2-1');

    // Five saves from one rendered page at once: one passes.
    const now = await rendered();
    const burst = await Promise.all(Array.from({ length: 5 }, (_, i) => put(now, { status: 'finished', htHome: 1, htAway: 1, ftHome: 2 + i, ftAway: 1 })));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = burst.find((r) => r.statusCode === 200)!.json().item as { ftHome: number };
    expect(await football.match(id)).toMatchObject({ status: 'finished', score: { home: winner.ftHome, away: 1 } });

    // Not a version at all: refused, and nothing changes.
    const malformed = await put(12, { status: 'finished', htHome: 0, htAway: 0, ftHome: 0, ftAway: 0 });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ shown: 'Format data tidak valid.' });
    expect(await football.match(id)).toMatchObject({ score: { home: winner.ftHome, away: 1 } });
    await db().services.predictions.settled();
  });

  it('a save keeps the extra time and shoot-out the form does not show while the status and FT score stay', async () => {
    const football = db().services.football;
    const id = await newUnfinishedMatch(db().services);
    // A final as the data source stores it: 2-2 after 90 minutes, 3-3 after extra time, 4-2 on penalties.
    await db()
      .services.db.update(footballMatches)
      .set({ status: 'finished', htHome: 2, htAway: 0, ftHome: 2, ftAway: 2, etHome: 3, etAway: 3, penHome: 4, penAway: 2, homeScore: 3, awayScore: 3 })
      .where(eq(footballMatches.id, id));
    const put = (payload: object) => app.inject({ method: 'PUT', url: `/api/v1/admin/matches/${id}/result`, headers: owner.headers, payload });
    const same = await put({ status: 'finished', htHome: 2, htAway: 0, ftHome: 2, ftAway: 2 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().item).toMatchObject({ etHome: 3, etAway: 3, penHome: 4, penAway: 2, homeScore: 3, awayScore: 3 });
    expect(await football.match(id)).toMatchObject({ score: { home: 3, away: 3 }, extraTime: { home: 3, away: 3 }, penalties: { home: 4, away: 2 } });
    // A corrected half-time score keeps them too.
    expect((await put({ status: 'finished', htHome: 1, htAway: 1, ftHome: 2, ftAway: 2 })).json().item).toMatchObject({ htHome: 1, etHome: 3, penHome: 4 });
    // A new 90-minute score no longer leads to them: they go, and the score shown is the new one.
    const changed = await put({ status: 'finished', htHome: 1, htAway: 1, ftHome: 2, ftAway: 1 });
    expect(changed.json().item).toMatchObject({ etHome: null, etAway: null, penHome: null, penAway: null, homeScore: 2, awayScore: 1 });
    expect(await football.match(id)).toMatchObject({ score: { home: 2, away: 1 }, extraTime: null, penalties: null });
  });
});
