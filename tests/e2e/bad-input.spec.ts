// Bad input against the built site, where Astro renders the pages: each refusal is Indonesian and
// a loosely written id is no id at all.
import { expect, test } from './support/test.ts';

const CROSS_SITE = { message: 'Permintaan ditolak: asal permintaan tidak sah.' };

async function someMatchId(request: import('@playwright/test').APIRequestContext): Promise<number> {
  const res = await request.get('/api/v1/football/matches?view=date&date=2025-05-25&league=152');
  return ((await res.json()) as { matches: { id: number }[] }).matches[0]!.id;
}

test('a cross-site form post to a page is refused in Indonesian; the same post from the site is not', async ({ request, baseURL }) => {
  const path = `/match/${await someMatchId(request)}`;
  // text/plain and no content type reach Astro; urlencoded and multipart bodies are refused by the
  // API server first (415), which already answers in Indonesian.
  const from = { origin: 'https://jahat.example' };
  for (const res of [
    await request.post(path, { headers: { ...from, 'content-type': 'text/plain' }, data: 'a=1' }),
    await request.post(path, { headers: from }),
  ]) {
    expect(res.status()).toBe(403);
    expect(res.headers()['content-type']).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual(CROSS_SITE);
  }
  const own = await request.post(path, { headers: { 'content-type': 'text/plain', origin: new URL(baseURL!).origin }, data: 'a=1' });
  expect(own.status()).toBe(200);
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
