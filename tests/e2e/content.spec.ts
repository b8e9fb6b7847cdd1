import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { newMember } from './support/member.ts';

// The public content a visitor meets on a fresh site (the seeded demo content).

test.describe('home page', () => {
  test('has the login box with contact shortcuts, promotions, app download, alternative links and the article', async ({ page }) => {
    const origins = new Set<string>();
    page.on('request', (r) => origins.add(new URL(r.url()).origin));
    await page.goto('/');
    const login = page.getByRole('region', { name: 'Masuk ke akun Anda' });
    // The login form itself (the accounts island), hydrated when the browser is idle.
    await expect(login.getByLabel('Username')).toBeVisible();
    await expect(login.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(login.getByRole('link', { name: 'DAFTAR' })).toHaveAttribute('href', '/register');
    const shortcuts = login.getByRole('list', { name: 'Kontak admin' });
    for (const label of ['Live Chat', 'WhatsApp 1', 'WhatsApp 2', 'Telegram', 'Line', 'Facebook', 'Instagram', 'Tiktok', 'Keluhan']) {
      await expect(shortcuts.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(shortcuts.getByRole('link', { name: 'WhatsApp 1' })).toHaveAttribute('href', 'https://wa.me/6280000000001');

    const promos = page.getByRole('region', { name: 'Promosi' });
    await expect(promos.getByRole('listitem')).toHaveCount(4);
    await expect(promos.getByText('Statistik & Prediksi...')).toBeVisible();
    await expect(promos.getByRole('link', { name: 'Lihat semua promosi' })).toHaveAttribute('href', '/promosihome');

    await expect(page.getByRole('region', { name: 'Unduh Aplikasi' })).toContainText('Download link not available');
    const alt = page.getByRole('region', { name: 'Link Alternatif' });
    await expect(alt.getByRole('link')).toHaveCount(3);
    await expect(alt.getByRole('link', { name: 'Link Alternatif 1' })).toHaveAttribute('href', 'https://gelora.example');

    await expect(page.locator('.article summary')).toBeVisible();
    // Nothing hydrates the login form until someone uses it (client:interact): React is not loaded yet.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => /LoginForm/.test(r.name)))).toBe(false);
    await expect(page.locator('astro-island[ssr]:has(form.login-form)')).toHaveCount(1);
    await login.getByLabel('Username').fill('tidakada99');
    await login.getByLabel('Password', { exact: true }).fill('Salah123');
    // Typing hydrated it, and what was typed survived hydration.
    await expect(page.locator('astro-island[ssr]:has(form.login-form)')).toHaveCount(0);
    await expect(login.getByLabel('Username')).toHaveValue('tidakada99');
    await login.getByRole('button', { name: 'LOGIN' }).click();
    await expect(login.getByRole('alert')).toHaveText('Username atau Password Salah');
    await expect(page.getByRole('region', { name: 'Persetujuan cookie' })).toBeVisible();
    await page.waitForLoadState('load');
    // Nothing third-party on load: the live chat costs nothing until asked for.
    expect([...origins]).toEqual([new URL(page.url()).origin]);
  });

  test("the article's summary says what a press does: 'Baca selengkapnya' when closed, 'Tutup' when open", async ({ page }) => {
    await page.goto('/');
    const summary = page.locator('.article summary');
    await expect(summary).toHaveText('Artikel: Baca selengkapnya', { useInnerText: true });
    await summary.click();
    await expect(page.locator('.article details')).toHaveAttribute('open', '');
    await expect(summary).toHaveText('Artikel: Tutup', { useInnerText: true });
    await summary.click();
    await expect(summary).toHaveText('Artikel: Baca selengkapnya', { useInnerText: true });
  });

  test("a first tap on the login form does what it says, though React is still loading", async ({ page }) => {
    // The form's JavaScript arrives a second after the tap that asks for it.
    await page.route('**/_astro/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (r) => void (r.method() === 'POST' && posts.push(r.url())));
    const login = page.getByRole('region', { name: 'Masuk ke akun Anda' });

    await page.goto('/');
    await expect(page.locator('astro-island[ssr]:has(form.login-form)')).toHaveCount(1);
    await login.getByRole('button', { name: 'LOGIN' }).click();
    await expect(login.getByRole('alert')).toHaveText('Silahkan isi username dan password');
    await expect(page).toHaveURL(/\/$/);

    // Typed, then tapped at once: the held tap sees what was typed.
    await page.goto('/');
    await login.getByLabel('Username').fill('tidakada99');
    await login.getByLabel('Password', { exact: true }).fill('Salah123');
    await login.getByRole('button', { name: 'LOGIN' }).click();
    await expect(login.getByRole('alert')).toHaveText('Username atau Password Salah');

    await page.goto('/');
    await login.getByRole('button', { name: 'Lupa Password?' }).click();
    await expect(page.getByRole('dialog')).toContainText('Silahkan hubungi Admin');

    await page.goto('/');
    await login.getByRole('button', { name: 'Tampilkan password' }).click();
    await expect(login.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    // No form was ever posted by the browser itself; the one login went to the API.
    expect(posts.filter((url) => new URL(url).pathname === '/')).toEqual([]);
    expect(posts.filter((url) => new URL(url).pathname === '/api/v1/auth/login')).toHaveLength(1);
  });

  test('the running text can be stopped, and then reads whole', async ({ page }) => {
    await page.goto('/');
    const running = page.getByRole('marquee', { name: 'Pengumuman' });
    const text = running.locator('p span');
    const moving = () => text.evaluate((s) => getComputedStyle(s).animationName !== 'none' && getComputedStyle(s).animationPlayState === 'running');
    expect(await moving()).toBe(true);
    await running.getByRole('checkbox', { name: 'Hentikan teks berjalan' }).check();
    expect(await moving()).toBe(false);
    await expect(text).toBeInViewport({ ratio: 1 });
    await running.getByRole('checkbox', { name: 'Hentikan teks berjalan' }).uncheck();
    expect(await moving()).toBe(true);
  });

  test('the popular matches turn by themselves until paused (by keyboard too), and say nothing while turning', async ({ page }) => {
    // A page clock that flows as the real one does, and that the test can move on at once.
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Pertandingan Populer' });
    // Started once on screen.
    await carousel.scrollIntoViewIfNeeded();
    const pause = carousel.getByRole('button', { name: 'Jeda putaran otomatis' });
    await expect(pause).toBeVisible();
    // Turning: the cards are no live region (a screen reader would read a new one every 3 s).
    const cards = carousel.locator('.swiper-wrapper');
    await expect(cards).toHaveAttribute('aria-live', 'off');
    const shown = () => carousel.locator('.swiper-slide-active').getAttribute('data-swiper-slide-index');
    const first = await shown();
    await expect.poll(shown, { timeout: 5_000 }).not.toBe(first);

    // Paused from the keyboard: the switch now says what a press does, and nothing moves.
    await pause.focus();
    await page.keyboard.press('Enter');
    const play = carousel.getByRole('button', { name: 'Lanjutkan putaran otomatis' });
    await expect(play).toBeFocused();
    await expect(cards).toHaveAttribute('aria-live', 'polite');
    const paused = await shown();
    await settled(page);
    await page.clock.runFor(10_000);
    expect(await shown()).toBe(paused);

    // Resumed (the focus on the switch itself pauses nothing), it turns again.
    await page.keyboard.press('Space');
    await expect(pause).toBeFocused();
    await expect(cards).toHaveAttribute('aria-live', 'off');
    await expect.poll(shown, { timeout: 5_000 }).not.toBe(paused);

    // The keyboard or a pointer on a card holds it there, and then the cards may speak.
    await page.keyboard.press('Tab');
    await expect(carousel.locator('.swiper-slide :focus')).toHaveCount(1);
    await expect(cards).toHaveAttribute('aria-live', 'polite');
    await pause.focus();
    await expect(cards).toHaveAttribute('aria-live', 'off');
    await carousel.locator('.swiper').hover();
    await expect(cards).toHaveAttribute('aria-live', 'polite');
    await page.mouse.move(0, 0);
    await expect(cards).toHaveAttribute('aria-live', 'off');
  });

  test('while reduced motion is asked for, the popular matches do not turn by themselves', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Pertandingan Populer' });
    await carousel.scrollIntoViewIfNeeded();
    // Swiper started (a finger can still swipe), with the cards as a polite live region and no switch.
    await expect(carousel.locator('.swiper-wrapper')).toHaveAttribute('aria-live', 'polite');
    await expect(carousel.locator('.swiper-slide-active')).toHaveCount(1);
    const toggle = carousel.locator('[data-carousel-toggle]');
    await expect(toggle).toBeAttached();
    await expect(toggle).toBeHidden();
    await expect(carousel).not.toHaveAttribute('data-autoplay');
    const shown = () => carousel.locator('.swiper-slide-active').getAttribute('data-swiper-slide-index');
    const still = await shown();
    await settled(page);
    await page.clock.runFor(10_000);
    expect(await shown()).toBe(still);

    // The setting is followed as it changes, without a reload: off, and the cards turn with their switch;
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(carousel.getByRole('button', { name: 'Jeda putaran otomatis' })).toBeVisible();
    await expect(carousel.locator('.swiper-wrapper')).toHaveAttribute('aria-live', 'off');
    await expect.poll(shown, { timeout: 5_000 }).not.toBe(still);
    // on again, and they stop where they are; the keyboard's focus on the switch moves to the cards.
    await toggle.focus();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(toggle).toBeHidden();
    await expect(carousel.locator('.swiper')).toBeFocused();
    await expect(carousel.locator('.swiper-wrapper')).toHaveAttribute('aria-live', 'polite');
    await expect(carousel).not.toHaveAttribute('data-autoplay');
    const stopped = await shown();
    await settled(page);
    await page.clock.runFor(10_000);
    expect(await shown()).toBe(stopped);
  });

  test('a switched-off channel explains itself and names the channels that are on', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Masuk ke akun Anda' }).getByRole('button', { name: 'Line' }).click();
    const dialog = page.getByRole('dialog', { name: 'Line tidak aktif' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Informasi' })).toBeVisible();
    // Live chat is switched on in the channels but no live chat id is set, which switches it off:
    // it is not offered instead.
    await expect(dialog).toContainText('Silahkan Hubungi admin melalui WhatsApp 1, Telegram atau Email.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
  });

  test('with no live chat configured, its shortcut says it is off, no launcher floats, and Keluhan says live chat is unavailable', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Masuk ke akun Anda' }).getByRole('button', { name: 'Live Chat' }).click();
    const off = page.getByRole('dialog', { name: 'Live Chat tidak aktif' });
    await expect(off).toContainText('Silahkan Hubungi admin melalui WhatsApp 1, Telegram atau Email.');
    await off.getByRole('button', { name: 'OK' }).click();
    await expect(page.locator('#live-chat').getByRole('button')).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Keluhan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Live Chat' });
    await expect(dialog).toContainText('Opps, Livechat sedang gangguan, silahkan hubungi kami melalui WhatsApp atau Telegram!');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('promotion pages', () => {
  for (const path of ['/promosihome', '/promosilobby']) {
    test(`${path}: title cut at 20, summary at 70, one promotion open at a time`, async ({ page }) => {
      if (path === '/promosilobby') await newMember(page); // a member page (member shell and guard)
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Promosi' })).toBeVisible();
      const items = page.locator('details.promo');
      await expect(items).toHaveCount(4);
      await expect(items.nth(3).locator('.promo-title')).toHaveText('Statistik & Prediksi...');
      for (const summary of await page.locator('.promo-summary').allTextContents()) {
        expect(summary.length).toBeLessThanOrEqual(73);
      }
      await expect(items.nth(0).locator('.promo-summary')).toHaveText(
        'Segera hadir: klaim Koin gratis setiap hari lewat menu Isi Saldo. Koin...',
      );

      await items.nth(0).locator('summary').click();
      await expect(items.nth(0).getByRole('heading', { name: 'Bonus Koin Harian' })).toBeVisible();
      await expect(items.nth(0).getByText('Jatah harian untuk setiap anggota')).toBeVisible();
      await items.nth(2).locator('summary').click();
      await expect(items.nth(2).getByRole('heading', { name: 'Ajak Teman Bermain' })).toBeVisible();
      await expect(items.nth(0)).not.toHaveAttribute('open');
      await expect(items.nth(0).getByRole('heading', { name: 'Bonus Koin Harian' })).toBeHidden();
      await expect(page.locator('details.promo[open]')).toHaveCount(1);
      // Open, a cut title gives way to the whole one; closed, it is back.
      await items.nth(3).locator('summary').click();
      await expect(items.nth(3).getByRole('heading', { name: 'Statistik & Prediksi Jujur' })).toBeVisible();
      await expect(items.nth(3).locator('.promo-title')).toBeHidden();
      await expect(items.nth(0).locator('.promo-title')).toBeVisible();
    });
  }
  test('/promosilobby is a member page: not indexed, a visitor is sent to /', async ({ page }) => {
    await page.goto('/promosilobby');
    await expect(page).toHaveURL(/\/$/);
    await newMember(page);
    await page.goto('/promosilobby');
    await expect(page.locator('[data-member-shell]')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

test.describe('/kontak', () => {
  test('lists the contact channels that are on, each leading to it; switched-off and social ones are not listed', async ({ page }) => {
    await page.goto('/kontak');
    await expect(page.getByRole('heading', { name: 'Kontak' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Kontak admin' });
    // Seeded: Live Chat, WhatsApp 1, Telegram and Email on; WhatsApp 2, Line and Skype off (001 §2 Contact).
    // Live Chat, switched on but with no live chat id (which switches it off), is not listed.
    await expect(list.getByRole('listitem')).toHaveText(['WhatsApp 1', 'Telegram', 'Email']);
    await expect(list.getByRole('link', { name: 'Email' })).toHaveAttribute('href', 'mailto:admin@gelora.example');
    await expect(list.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.me/gelora_example');
    await expect(list.getByRole('link', { name: 'WhatsApp 1' })).toHaveAttribute('href', 'https://wa.me/6280000000001');
    await expect(list.getByRole('button')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(/Skype|Line|WhatsApp 2|Facebook|tidak aktif/);
  });
});

test.describe('public content API', () => {
  test('answers with cache headers', async ({ request }) => {
    for (const path of ['promotions', 'banners', 'channels', 'alt-links']) {
      const res = await request.get(`/api/v1/content/${path}`);
      expect(res.status()).toBe(200);
      expect(res.headers()['cache-control']).toBe('public, max-age=60');
      expect(res.headers()['etag']).toBeTruthy();
    }
  });
});

/**
 * Waits until the popular matches' slide has stopped moving: while it moves, a looping Swiper skips
 * a step (loopPreventsSliding), so a check that nothing turns must not start inside a transition.
 */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (document.querySelector('.swiper') as HTMLElement & { swiper: { animating: boolean } }).swiper.animating))
    .toBe(false);
}

test('the sitemap lists the public pages only: each opens for a visitor at its own address and may be indexed', async ({ page, request }) => {
  const index = await request.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  const sitemaps = locs(await index.text()).map((url) => url.pathname);
  // The football one (league tables and match pages, from the database) has a test of its own below.
  expect(sitemaps).toContain('/sitemap-football.xml');
  const paths: string[] = [];
  for (const sitemap of sitemaps.filter((s) => s !== '/sitemap-football.xml')) {
    paths.push(...locs(await (await request.get(sitemap)).text()).map((url) => url.pathname));
  }
  expect(paths).toEqual(expect.arrayContaining(['/', '/prediksi', '/klasemenhome', '/livescorehome', '/login', '/register', '/kontak']));
  for (const hidden of ['/admin', '/admin/login', '/lobby', '/klasemenlobby', '/setting', '/pagememo', '/referral', '/withdraw', '/webview', '/offline']) {
    expect(paths, hidden).not.toContain(hidden);
  }
  for (const path of paths) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expect(new URL(page.url()).pathname, path).toBe(path);
    expect(res?.headers()['x-robots-tag'], path).toBeUndefined();
    await expect(page.locator('meta[name="robots"]'), path).toHaveCount(0);
  }
});

test('the football sitemap lists every league table and season and the match pages, each at its canonical address', async ({ page, request }) => {
  const res = await request.get('/sitemap-football.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const urls = locs(await res.text());
  const tables = urls.filter((url) => url.pathname === '/klasemenhome').map((url) => url.search);
  const matches = urls.filter((url) => /^\/match\/\d+$/.test(url.pathname)).map((url) => url.pathname);
  expect(tables.length + matches.length).toBe(urls.length);
  expect(new Set(urls.map(String)).size).toBe(urls.length);

  // Every league the standings page offers, and each season of it; the Premier League's latest
  // table is /klasemenhome itself, in the built pages' sitemap.
  await page.goto('/klasemenhome');
  const leagues = await page.getByLabel('Liga').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(leagues.length).toBeGreaterThan(5);
  const expected: string[] = [];
  for (const league of leagues) {
    await page.goto(`/klasemenhome?league=${league}`);
    const seasons = await page.getByLabel('Musim').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(seasons.length, league).toBeGreaterThan(0);
    seasons.forEach((season, i) => {
      if (i === 0 && league !== '152') expected.push(`?league=${league}`);
      if (i > 0) expected.push(`?league=${league}&season=${season}`);
    });
  }
  expect(tables.toSorted()).toEqual(expected.toSorted());
  for (const search of tables) await expectCanonical(request, `/klasemenhome${search}`);

  // The match pages, latest kick-off first: thousands in the embedded data; a sample of them opens.
  expect(matches.length).toBeGreaterThan(30_000);
  for (let i = 0; i < matches.length; i += 997) await expectCanonical(request, matches[i]!);
  await expectCanonical(request, matches.at(-1)!);
});

/** The addresses a sitemap or sitemap index lists. */
function locs(xml: string): URL[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replaceAll('&amp;', '&')));
}

/** A page that opens for a visitor and names itself, at this very address, as its canonical one. */
async function expectCanonical(request: APIRequestContext, path: string): Promise<void> {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  expect(html, path).not.toContain('name="robots"');
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  expect(canonical && new URL(canonical).pathname + new URL(canonical).search, path).toBe(path);
}
