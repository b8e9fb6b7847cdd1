// Bad input against the built site, where Astro renders the pages: each refusal is Indonesian and
// a loosely written id is no id at all.
import net from 'node:net';
import { expect, test } from './support/test.ts';

async function someMatchId(request: import('@playwright/test').APIRequestContext): Promise<number> {
  const res = await request.get('/api/v1/football/matches?view=date&date=2025-05-25&league=152');
  return ((await res.json()) as { matches: { id: number }[] }).matches[0]!.id;
}

test('a login form sent before its script runs comes back to its page: no error text, no password in the address', async ({ browser, baseURL }) => {
  // The home page's login form hydrates on the first interaction; on a slow phone the Enter key can
  // beat it, and the browser then posts the form to the page itself (method="post").
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Username').fill('budi2024');
  await page.getByLabel('Password', { exact: true }).fill('Rahasia1');
  const [posted] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'LOGIN' }).click(),
  ]);
  expect(posted.status()).toBe(303);
  await page.waitForLoadState();
  expect(page.url()).toBe(`${baseURL}/`);
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
});

test('a form filled and sent before React has taken it over is sent by React once it has, not posted by the browser and emptied', async ({ browser, baseURL }) => {
  const pagePosts: string[] = [];
  /** A new browser (nothing cached) whose island code arrives two seconds late, as on a slow phone. */
  const slowPhone = async () => {
    const context = await browser.newContext({ baseURL: baseURL! });
    await context.route(/\/_astro\/(LoginForm|RegisterForm)\.[^/]*\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    const page = await context.newPage();
    page.on('request', (r) => void (r.method() === 'POST' && !r.url().includes('/api/') && pagePosts.push(r.url())));
    return page;
  };

  // A password manager fills the login form at once.
  for (const path of ['/login', '/webview']) {
    const page = await slowPhone();
    await page.goto(path, { waitUntil: 'commit' });
    await page.getByLabel('Username').fill('tidakada99');
    await page.getByLabel('Password', { exact: true }).fill('Salah123');
    await expect(page.locator('astro-island[ssr]:has(form.login-form)'), path).toHaveCount(1);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page.getByRole('alert'), path).toHaveText('Username atau Password Salah');
    await expect(page.getByLabel('Username'), path).toHaveValue('tidakada99');
    await page.context().close();
  }

  const page = await slowPhone();
  await page.goto('/register', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill('bukan-email');
  await expect(page.locator('astro-island[ssr]:has(form.register-form)')).toHaveCount(1);
  await page.getByRole('button', { name: 'DAFTAR' }).click();
  await expect(page.getByRole('alert')).toHaveText('Silahkan cek kembali!');
  await expect(page.getByLabel('Email')).toHaveValue('bukan-email');
  await page.context().close();
  expect(pagePosts).toEqual([]);
});

test('a page answers writes it does not take with 405 and the methods it does, in Indonesian; a post from another site changes nothing', async ({ request }) => {
  const path = `/match/${await someMatchId(request)}`;
  for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
    const res = await request.fetch(path, { method, headers: { 'content-type': 'text/plain' }, data: 'a=1' });
    expect(res.status(), method).toBe(405);
    expect(res.headers()['allow']).toBe('GET, HEAD, POST');
    expect(await res.json()).toEqual({ message: 'Metode tidak diizinkan.' });
  }
  const foreign = await request.post(path, { headers: { origin: 'https://jahat.example', 'content-type': 'application/x-www-form-urlencoded' }, data: 'a=1', maxRedirects: 0 });
  expect([foreign.status(), foreign.headers()['location']]).toEqual([303, path]);
});

test('a match id written as hex, with an exponent or a sign is the 404 screen, not that match', async ({ page }) => {
  const id = await someMatchId(page.request);
  expect((await page.goto(`/match/${id}`))?.status()).toBe(200);
  for (const written of [`0x${id.toString(16)}`, `${id}e0`, `%2B${id}`, `${id}.0`]) {
    const res = await page.goto(`/match/${written}`);
    expect(res?.status(), written).toBe(404);
    await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
  }
});

test('a match id written with leading zeros leads to the match\'s one address for good, its tab kept', async ({ request }) => {
  const id = await someMatchId(request);
  const res = await request.get(`/match/00${id}?tab=h2h`, { maxRedirects: 0 });
  expect([res.status(), res.headers()['location']]).toEqual([301, `/match/${id}?tab=h2h`]);
});

test('a static file comes whole whatever Range is asked for: no part of a compressed file sent as if plain', async ({ request }) => {
  const whole = await request.get('/sw.js');
  expect(whole.status()).toBe(200);
  expect(whole.headers()['accept-ranges']).toBeUndefined();
  for (const range of ['bytes=0-9', 'bytes=-5', 'bytes=abc', 'items=0-5', 'bytes=5']) {
    for (const encoding of ['br', 'identity']) {
      const res = await request.get('/sw.js', { headers: { range, 'accept-encoding': encoding } });
      expect(res.status(), `${range} ${encoding}`).toBe(200);
      expect((await res.body()).equals(await whole.body()), `${range} ${encoding}`).toBe(true);
    }
  }
});

test('a page address that cannot be read is the 400 screen in the site\'s shell, not raw JSON; the API keeps its JSON', async ({ page }) => {
  for (const path of ['/match/%ff', '/%e0%a4', '/prediksi?liga=%00', '/match/1%00']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(400);
    expect(res?.headers()['content-type'], path).toMatch(/^text\/html/);
    expect(res?.headers()['content-security-policy'], path).toContain("frame-ancestors 'self'");
    await expect(page.getByRole('heading', { name: 'Alamat tidak valid' })).toBeVisible();
    await expect(page.getByText('Maaf, alamat halaman ini tidak dapat dibaca. Periksa kembali tautannya.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kembali ke Beranda' })).toHaveAttribute('href', '/');
  }
  // Asked for by its own address, the screen is the 404 one.
  expect((await page.goto('/400'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
  const api = await page.request.get('/api/v1/memos/%ff');
  expect([api.status(), await api.json()]).toEqual([400, { message: 'Permintaan tidak valid.' }]);
});

test('Astro\'s own image and server-island endpoints, which no page uses, are addresses the site does not have', async ({ request }) => {
  // The image service answered a format it could not make with an English 500 ('Internal Server Error').
  for (const path of ['/_image?href=/logo.svg&f=webp', '/%5Fimage?href=/logo.svg&f=webp', '/_image?href=/logo.svg&f=svg&w=99999', '/_image', '/_server-islands/x']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(res.headers()['content-type'], path).toMatch(/^text\/html/);
    expect(await res.text(), path).toContain('Halaman tidak ditemukan');
  }
});

test('a page has one address: its .html file name leads there for good, and a compressed copy is no address', async ({ request }) => {
  for (const [from, to] of [
    ['/prediksi.html', '/prediksi'],
    ['/login.html?next=1', '/login?next=1'],
    ['/index.html', '/'],
  ]) {
    const res = await request.get(from!, { maxRedirects: 0 });
    expect([res.status(), res.headers()['location']], from).toEqual([301, to]);
  }
  const sw = await request.get('/sw.js.br');
  expect(sw.status()).toBe(404);
  expect(await sw.text()).toContain('Halaman tidak ditemukan');
  // The file itself is still sent compressed to a client that takes Brotli.
  const compressed = await request.get('/sw.js', { headers: { 'accept-encoding': 'br' } });
  expect([compressed.status(), compressed.headers()['content-encoding']]).toEqual([200, 'br']);
});

/** Sends a GET for `target` as written, on a socket of its own (no client rewrites it), and reads the whole answer. */
function rawGet(baseURL: string, target: string): Promise<string> {
  const { port } = new URL(baseURL);
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`);
  });
}

test('a request target in absolute form is served by its path, pages and API alike; no redirect leaves the site', async ({ baseURL }) => {
  const { port } = new URL(baseURL!);
  const rules = await rawGet(baseURL!, `http://localhost:${port}/peraturanhome`);
  expect(rules).toMatch(/^HTTP\/1\.1 200 /);
  expect(rules).toMatch(/<title>[^<]*Peraturan/);
  expect(await rawGet(baseURL!, `http://localhost:${port}/api/health`)).toMatch(/^HTTP\/1\.1 200 /);
  // '//host/…' would name another site in a Location header.
  expect(await rawGet(baseURL!, '//jahat.example/x.html')).toMatch(/^HTTP\/1\.1 301 [^]*\r\nlocation: \/jahat\.example\/x\r\n/i);
});
