// Bad input against the built site, where Astro renders the pages: each refusal is Indonesian and
// a loosely written id is no id at all.
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
