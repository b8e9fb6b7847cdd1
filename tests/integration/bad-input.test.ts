// Inputs that used to end in a 500 or be read loosely, found by a black-box sweep of every route:
// each now gets a 4xx with an Indonesian message and changes nothing.
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '../support/db.ts';
import { createServer } from '../../src/api/server.ts';
import { ORIGIN, signIn, type SignedIn } from '../support/admin.ts';
import { bearer, register } from '../support/accounts.ts';

const NUL = 'Teks berisi karakter yang tidak diizinkan.';
const WRONG_TYPE = 'Format data tidak valid.';
const EMPTY = 'Data tidak boleh kosong';

/** Sends `head` as raw bytes (no client library in between) and reads the answer until the server closes. */
function raw(port: number, head: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [headers = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]), headers, body });
    });
    socket.write(head);
  });
}

/** Answers written before Fastify runs carry the security headers every other answer has. */
function securityHeaders(headers: string): void {
  expect(headers).toMatch(/^content-security-policy: default-src 'none'; frame-ancestors 'self'$/im);
  expect(headers).toMatch(/^x-frame-options: SAMEORIGIN$/im);
  expect(headers).toMatch(/^x-content-type-options: nosniff$/im);
  expect(headers).toMatch(/^referrer-policy: strict-origin-when-cross-origin$/im);
  expect(headers).toMatch(/^cross-origin-resource-policy: same-origin$/im);
  expect(headers).toMatch(/^permissions-policy: camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\)$/im);
}

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

  it('refuses half of a surrogate pair in a JSON body (it was stored as U+FFFD) and stores nothing', async () => {
    const before = await db().services.content.admin.promotions();
    for (const payload of ['{"slot":1,"imageUrl":"","title":"Promo \\ud800","descriptionHtml":""}', '{"slot":1,"imageUrl":"","title":"Promo","descriptionHtml":"","\\udfff":1}']) {
      const res = await app.inject({ method: 'PUT', url: '/api/v1/admin/promotions/1', headers: { ...owner.headers, 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ message: NUL });
    }
    expect(await db().services.content.admin.promotions()).toEqual(before);
  });

  it('refuses a body declared in a character set other than UTF-8, unread', async () => {
    const body = JSON.stringify({ username: 'anggota1', password: 'rahasia123' });
    for (const [type, payload] of [
      ['application/json; charset=utf-16le', Buffer.from(body, 'utf16le')],
      ['application/json; charset="ISO-8859-1"', Buffer.from(body, 'latin1')],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { origin: ORIGIN, 'content-type': type }, payload });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ message: 'Jenis data tidak didukung.' });
    }
    for (const type of ['application/json; charset=utf-8', 'application/json; charset=UTF8', 'application/json']) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { origin: ORIGIN, 'content-type': type }, payload: body });
      expect(res.statusCode, type).not.toBe(415);
    }
    // Not when no route takes the method: that answer comes first, whatever the body.
    const wrongMethod = await app.inject({ method: 'PUT', url: '/api/v1/auth/login', headers: { origin: ORIGIN, 'content-type': 'application/json; charset=utf-16le' }, payload: Buffer.from(body, 'utf16le') });
    expect(wrongMethod.statusCode).toBe(405);
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
      // Answered before the hooks that set the security headers; it sets them itself.
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors 'self'/);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['permissions-policy'], url).toMatch(/^camera=\(\)/);
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

  it('answers an over-long URL or header, a missing or doubled Host or an unmet Expect in Indonesian JSON, not Node\'s English or empty body', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const long = 'a'.repeat(20_000);
    for (const head of [
      `GET /api/health?q=${long} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      `GET /match/1 HTTP/1.1\r\nHost: localhost\r\nX-Panjang: ${long}\r\n\r\n`,
    ]) {
      const res = await raw(port, head);
      expect(res.status).toBe(431);
      expect(res.headers).toMatch(/^content-type: application\/json; charset=utf-8$/im);
      expect(JSON.parse(res.body)).toEqual({ message: 'Alamat atau header permintaan terlalu panjang.' });
      expect(Number(/^content-length: (\d+)$/im.exec(res.headers)?.[1])).toBe(Buffer.byteLength(res.body));
      securityHeaders(res.headers);
    }
    // A request line that is not HTTP at all.
    const garbage = await raw(port, 'HALO DUNIA\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toEqual({ message: 'Permintaan tidak valid.' });
    // HTTP/1.1 without Host (Node's own answer was an empty 400); HTTP/1.0 needs none.
    const noHost = await raw(port, 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(noHost.status).toBe(400);
    expect(JSON.parse(noHost.body)).toEqual({ message: 'Permintaan tanpa header Host tidak dapat dilayani.' });
    // Two Host lines (RFC 9112 §3.2), on the API and on a page alike.
    for (const target of ['/api/v1/site', '/']) {
      const twoHosts = await raw(port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\nhost: b.example\r\nConnection: close\r\n\r\n`);
      expect(twoHosts.status, target).toBe(400);
      expect(JSON.parse(twoHosts.body), target).toEqual({ message: 'Permintaan dengan lebih dari satu header Host tidak dapat dilayani.' });
    }
    expect((await raw(port, 'GET /api/health HTTP/1.0\r\n\r\n')).status).toBe(200);
    // An expectation the server cannot meet (Node's own answer was an empty 417).
    const expect417 = await raw(port, 'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nExpect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    expect(expect417.status).toBe(417);
    expect(expect417.headers).toMatch(/^content-type: application\/json; charset=utf-8$/im);
    expect(JSON.parse(expect417.body)).toEqual({ message: 'Header Expect tidak didukung.' });
    securityHeaders(expect417.headers);
    securityHeaders(garbage.headers);
    // CONNECT (Node dropped the connection unanswered): this is no proxy, the method is not allowed.
    const connect = await raw(port, 'CONNECT /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(connect.status).toBe(405);
    expect(connect.headers).toMatch(/^allow: POST$/im);
    expect(connect.headers).toMatch(/^x-content-type-options: nosniff$/im);
    expect(JSON.parse(connect.body)).toEqual({ message: 'Metode tidak diizinkan.' });
    const tunnel = await raw(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(tunnel.status).toBe(404);
    expect(JSON.parse(tunnel.body)).toEqual({ message: 'Data tidak ditemukan.' });
    // Clients that reset the connection as the answer goes out do not take the process down (a
    // socket handed to 'connect' has no error handler of Node's; this crashed it with ECONNRESET).
    await Promise.all(
      Array.from({ length: 100 }, () =>
        new Promise<void>((resolve) => {
          const s = net.connect(port, '127.0.0.1', () => {
            s.write('CONNECT /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
            setImmediate(() => s.resetAndDestroy());
          });
          s.on('error', () => undefined);
          s.on('close', () => resolve());
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await raw(port, 'GET /api/health HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  it('answers a wrong method on an existing API route with 405 and Allow; an unknown path stays 404', async () => {
    const cases: [string, string, string][] = [
      ['DELETE', '/api/v1/football/leagues', 'GET, HEAD'],
      ['POST', '/api/v1/football/matches/1', 'GET, HEAD'],
      ['GET', '/api/v1/auth/login', 'POST'],
      ['GET', '/api/v1/admin/promotions/1', 'DELETE, PUT'],
      ['PATCH', '/api/v1/admin/settings', 'GET, HEAD, PUT'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await app.inject({ method: method as 'GET', url, headers: owner.headers, ...(method !== 'GET' && { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers['allow'], `${method} ${url}`).toBe(allow);
      expect(res.json()).toEqual({ message: 'Metode tidak diizinkan.' });
    }
    for (const url of ['/api/v1/tidak-ada', '/api/v1/football/leagues/1', '/api/v1/football']) {
      const res = await app.inject({ method: 'DELETE', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['allow']).toBeUndefined();
      expect(res.json()).toEqual({ message: 'Data tidak ditemukan.' });
    }
    // A body nobody reads does not decide the answer: malformed JSON, a form, a type no parser takes.
    const bodies: [string, string][] = [
      ['application/json', '{"rusak":'],
      ['application/x-www-form-urlencoded', 'a=1'],
      ['text/xml', '<a/>'],
    ];
    for (const [type, payload] of bodies) {
      for (const [method, url, status] of [['DELETE', '/api/v1/auth/login', 405], ['PUT', '/api/v1/me', 405], ['PROPFIND', '/api/v1/me', 405], ['DELETE', '/api/v1/tidak-ada', 404], ['PROPFIND', '/api/v1/tidak-ada', 404]] as const) {
        const res = await app.inject({ method: method as 'GET', url, headers: { ...owner.headers, 'content-type': type }, payload });
        expect(res.statusCode, `${method} ${url} ${type}`).toBe(status);
        expect(res.json().message).toBe(status === 405 ? 'Metode tidak diizinkan.' : 'Data tidak ditemukan.');
      }
    }
    // The route itself still answers its own method.
    expect((await app.inject('/api/v1/football/leagues')).statusCode).toBe(200);
  });

  it('a path parameter of any length reaches its route and is refused there, not answered 405', async () => {
    const long = (c: string) => c.repeat(101);
    const memo = await app.inject({ url: `/api/v1/memos/${long('1')}` });
    expect(memo.statusCode).toBe(401);
    const match = await app.inject({ url: `/api/v1/football/matches/${long('1')}` });
    expect([match.statusCode, match.json().message]).toEqual([400, 'ID pertandingan tidak valid.']);
    const member = await app.inject({ url: `/api/v1/admin/members/${long('a')}`, headers: owner.headers });
    expect([member.statusCode, member.json().errors]).toEqual([400, { id: 'Nomor data tidak valid.' }]);
    const referral = await app.inject({ url: `/api/v1/referrals/${long('a')}` });
    expect(referral.statusCode).toBe(404);
    for (const res of [memo, match, member, referral]) expect(res.headers['allow']).toBeUndefined();
  });

  it('answers a method no route declares (WebDAV, TRACE; on a page, anything but GET, HEAD and POST) in Indonesian: 405 on an API route or a page, 404 on an unknown API path', async () => {
    for (const method of ['PROPFIND', 'MKCOL', 'LOCK', 'COPY']) {
      const onRoute = await app.inject({ method: method as 'GET', url: '/api/v1/me', headers: owner.headers });
      expect(onRoute.statusCode, method).toBe(405);
      expect(onRoute.headers['allow']).toBe('GET, HEAD');
      expect(onRoute.json()).toEqual({ message: 'Metode tidak diizinkan.' });
      const unknown = await app.inject({ method: method as 'GET', url: '/api/v1/tidak-ada' });
      expect(unknown.statusCode, method).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Data tidak ditemukan.' });
    }
    // With pages mounted (a stand-in for Astro's handler, which these methods never reach).
    const withPages = await createServer({ services: db().services, logger: false, pages: { handler: (_req, res) => res.end('halaman') } });
    try {
      expect((await withPages.inject({ method: 'GET', url: '/prediksi' })).body).toBe('halaman');
      // A login form sent before its script runs posts to its page: back to the page, body unread.
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      for (const [url, location] of [['/', '/'], ['/prediksi?tanggal=2025-05-25', '/prediksi?tanggal=2025-05-25'], ['//jahat.example/x', '/jahat.example/x']]) {
        const posted = await withPages.inject({ method: 'POST', url: url!, payload: 'username=budi&password=Rahasia1', headers: form });
        expect([posted.statusCode, posted.headers['location']], url).toEqual([303, location]);
      }
      for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND']) {
        const res = await withPages.inject({ method: method as 'GET', url: '/prediksi' });
        expect(res.statusCode, method).toBe(405);
        const withBody = await withPages.inject({ method: method as 'GET', url: '/prediksi', headers: { 'content-type': 'application/json' }, payload: '{"rusak":' });
        expect(withBody.statusCode, `${method} with a body`).toBe(405);
        expect(res.headers['allow']).toBe('GET, HEAD, POST');
        expect(res.json()).toEqual({ message: 'Metode tidak diizinkan.' });
      }
    } finally {
      await withPages.close();
    }
  });

  it('a request whose body never ends is answered 408 in Indonesian when its time is up, not held open', async () => {
    const slow = await createServer({ services: db().services, logger: false, requestTimeoutMs: 1_500 });
    try {
      const port = Number(new URL(await slow.listen({ port: 0, host: '127.0.0.1' })).port);
      const started = Date.now();
      const res = await raw(port, 'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"');
      expect(res.status).toBe(408);
      expect(JSON.parse(res.body)).toEqual({ message: 'Permintaan terlalu lama. Silahkan coba lagi.' });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await slow.close();
    }
  });

  it('reads football ids, leagues and paging only as plain digits', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/api/v1/football/matches/0x10', { id: 'ID pertandingan tidak valid.' }],
      ['/api/v1/football/matches/1e1', { id: 'ID pertandingan tidak valid.' }],
      ['/api/v1/football/matches/+1', { id: 'ID pertandingan tidak valid.' }],
      ['/api/v1/football/matches/%201', { id: 'ID pertandingan tidak valid.' }],
      ['/api/v1/football/matches/0x10/h2h', { id: 'ID pertandingan tidak valid.' }],
      ['/api/v1/football/matches/0x10/prediction', { id: 'ID pertandingan tidak valid.' }],
      ['/api/v1/football/matches?league=0x98', { league: 'Liga tidak valid.' }],
      ['/api/v1/football/matches?league=1.52e2', { league: 'Liga tidak valid.' }],
      ['/api/v1/football/standings?league=%2B152', { league: 'Liga tidak valid.' }],
      ['/api/v1/football/standings?league=', { league: 'Liga tidak valid.' }],
      ['/api/v1/football/predictions?from=2019-08-01&to=2019-08-02&league=0x98', { league: 'Liga tidak valid.' }],
      ['/api/v1/football/predictions?from=2019-08-01&to=2019-08-02&offset=0x1', { offset: 'Halaman tidak valid.' }],
      ['/api/v1/football/predictions?from=2019-08-01&to=2019-08-02&limit=1e1', { limit: 'Halaman tidak valid.' }],
    ];
    for (const [url, errors] of cases) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: Object.values(errors)[0], errors });
    }
    expect((await app.inject('/api/v1/football/standings?league=152')).statusCode).not.toBe(400);
    expect((await app.inject('/api/v1/football/predictions?from=2019-08-01&to=2019-08-02&league=152&offset=0&limit=10')).statusCode).toBe(200);
  });

  it('reads the member activity page only as plain digits', async () => {
    const member = await register(app);
    for (const page of ['0x2', '1e0', '+1']) {
      const res = await app.inject({ url: `/api/v1/me/activity?page=${encodeURIComponent(page)}`, headers: bearer(member.accessToken) });
      expect(res.statusCode, page).toBe(400);
      expect(res.json().errors).toEqual({ page: 'Nomor halaman tidak valid.' });
    }
  });

  it('tells a field of the wrong JSON type apart from an empty one in the admin forms, and stores nothing', async () => {
    const before = await db().services.content.admin.promotions();
    const post = (url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') =>
      app.inject({ method, url, headers: owner.headers, payload: payload as object });
    const promotion = { slot: 6, imageUrl: '', title: 'Promo', descriptionHtml: '' };
    for (const [field, value] of [['title', 123], ['title', ['Promo']], ['title', { a: 1 }], ['title', true], ['imageUrl', 5], ['descriptionHtml', []]] as const) {
      const res = await post('/api/v1/admin/promotions', { ...promotion, [field]: value });
      expect(res.statusCode, `${field} ${JSON.stringify(value)}`).toBe(422);
      expect(res.json().errors, `${field} ${JSON.stringify(value)}`).toEqual({ [field]: WRONG_TYPE });
    }
    for (const title of [undefined, null, '', '   ']) {
      const res = await post('/api/v1/admin/promotions', { ...promotion, title });
      expect(res.json().errors, String(title)).toEqual({ title: EMPTY });
    }
    const banner = await post('/api/v1/admin/banners', { imageUrl: '/b.svg', active: 'ya', position: 1 });
    expect(banner.json().errors).toEqual({ active: WRONG_TYPE });
    const noActive = await post('/api/v1/admin/banners', { imageUrl: '/b.svg', position: 1 });
    expect(noActive.json().errors).toEqual({ active: EMPTY });
    const memo = await post('/api/v1/admin/memos', { audience: 7, subject: ['s'], body: 'isi' });
    expect(memo.json().errors).toEqual({ audience: WRONG_TYPE, subject: WRONG_TYPE });
    const settings = await post('/api/v1/admin/settings', { siteName: 42 }, 'PUT');
    expect(settings.json().errors).toMatchObject({ siteName: WRONG_TYPE, runningText: EMPTY });
    // A body that is no object at all.
    for (const payload of [[1, 2], 'teks', 5]) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/admin/alt-links', headers: { ...owner.headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors, JSON.stringify(payload)).toEqual({ _: WRONG_TYPE });
    }
    expect(await db().services.content.admin.promotions()).toEqual(before);

    const login = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', headers: { origin: ORIGIN }, payload: { username: 12345, password: ['x'] } });
    expect(login.json().errors).toEqual({ username: WRONG_TYPE, password: WRONG_TYPE });
    const empty = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', headers: { origin: ORIGIN }, payload: { username: '', password: null } });
    expect(empty.json().errors).toEqual({ username: EMPTY, password: EMPTY });
  });

  it('gives manual match scores a message that fits the value', async () => {
    // Any id: the body is checked before the match is looked up.
    const put = (payload: object) => app.inject({ method: 'PUT', url: '/api/v1/admin/matches/1/result', headers: owner.headers, payload });
    const base = { status: 'live', htHome: null, htAway: null, ftHome: null, ftAway: null };
    expect((await put({ ...base, ftHome: '2' })).json().errors).toEqual({ ftHome: WRONG_TYPE });
    expect((await put({ ...base, status: 5 })).json().errors).toEqual({ status: WRONG_TYPE });
    expect((await put({ ...base, status: 'selesai' })).json().errors).toEqual({ status: WRONG_TYPE });
    for (const ftHome of [-1, 100, 1.5]) {
      expect((await put({ ...base, ftHome, ftAway: 0 })).json().errors, String(ftHome)).toEqual({ ftHome: 'Skor harus angka 0 sampai 99.' });
    }
    const { ftHome: _, ...missing } = base;
    expect((await put(missing)).json().errors).toEqual({ ftHome: EMPTY });
    // Half a score would be saved and shown nowhere (the site shows both sides' goals or none).
    const bothSides = 'Isi skor kedua tim, atau kosongkan keduanya.';
    expect((await put({ ...base, status: 'finished', htHome: 1, ftHome: 2, ftAway: 1 })).json().errors).toEqual({ htAway: bothSides });
    expect((await put({ ...base, status: 'abandoned', ftHome: 0 })).json().errors).toEqual({ ftAway: bothSides });
    expect((await put({ ...base, htAway: 0, ftAway: 1 })).json().errors).toEqual({ htHome: bothSides, ftHome: bothSides });
  });
  it('takes a JSON body that is empty or only white space as no body: the route\'s own answer, not a 400', async () => {
    // What a request with no body and no type at all gets.
    const none = await app.inject({ method: 'POST', url: '/api/v1/auth/refresh' });
    expect(none.statusCode).toBe(422);
    for (const payload of ['', '  \n']) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { 'content-type': 'application/json' }, payload });
      expect([res.statusCode, res.json()], JSON.stringify(payload)).toEqual([422, none.json()]);
    }
    // Anything else is still read by Fastify's parser: malformed JSON and a __proto__ key are refused.
    const broken = await app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { 'content-type': 'application/json' }, payload: ' {' });
    expect([broken.statusCode, broken.json().message]).toEqual([400, WRONG_TYPE]);
    const poisoned = await app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '{"__proto__": {"x": 1}}' });
    expect(poisoned.statusCode).toBe(400);
  });

  it('answers a member route 401 before it reads the body: not signed in is said first, whatever the body', async () => {
    const notSignedIn = 'Silahkan login terlebih dahulu.';
    for (const url of ['/api/v1/me/password/check', '/api/v1/me/password', '/api/v1/referrals', '/api/v1/memos/read']) {
      for (const [type, payload] of [['application/json', '{'], ['text/plain', 'x'], ['application/json', 'x'.repeat(70 * 1024)]] as const) {
        const res = await app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
        expect([res.statusCode, res.json().message], `${url} ${type} ${payload.length}`).toEqual([401, notSignedIn]);
      }
    }
    // Signed in, the same malformed body is the body's fault.
    const member = await register(app);
    const res = await app.inject({ method: 'POST', url: '/api/v1/me/password/check', headers: { ...bearer(member.accessToken), 'content-type': 'application/json' }, payload: '{' });
    expect([res.statusCode, res.json().message]).toEqual([400, WRONG_TYPE]);
  });

  it('takes an Authorization header of another scheme as no sign-in, not as an expired token', async () => {
    for (const authorization of ['Basic YWxpY2U6c2VjcmV0', 'Digest username="x"', 'Token abc']) {
      const res = await app.inject({ url: '/api/v1/me', headers: { authorization } });
      expect([res.statusCode, res.json().message], authorization).toEqual([401, 'Silahkan login terlebih dahulu.']);
    }
    // A bearer that is no good is an expired token (000 §8), well-formed or not.
    for (const authorization of ['Bearer x', 'bearer a.b.c', 'Bearer']) {
      const res = await app.inject({ url: '/api/v1/me', headers: { authorization } });
      expect([res.statusCode, res.json().message], authorization).toEqual([401, 'Token expired']);
    }
  });
});
