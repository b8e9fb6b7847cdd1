import { expect, test } from './support/test.ts';
import { newMember } from './support/member.ts';

test.describe('site shell', () => {
  test('home shows the site name, the Indonesian navigation and the running text', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Gelora/);
    await expect(page.getByRole('heading', { name: 'Selamat datang di Gelora' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Navigasi utama' });
    for (const label of ['Promosi', 'Klasemen', 'Live Score', 'Keluhan']) {
      await expect(nav.getByRole('link', { name: label })).toBeVisible();
    }
    await expect(page.getByRole('marquee')).toContainText('Selamat datang di Gelora!');
    await expect(page.getByRole('img', { name: 'Bendera Indonesia' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Gelora' }).first()).toHaveAttribute('href', '/');
    // A visitor reaches the predictions from the home page (and from Live Score).
    await page.getByRole('link', { name: 'Lihat prediksi pertandingan' }).click();
    await expect(page).toHaveURL(/\/prediksi$/);
    await expect(page.getByRole('heading', { name: 'Prediksi', level: 1 })).toBeVisible();
  });

  test('the article expands and collapses', async ({ page }) => {
    await page.goto('/');
    const summary = page.getByText('Artikel: Baca selengkapnya');
    const body = page.getByRole('heading', { name: 'Gelora: pusat sepak bola berbahasa Indonesia' });
    await expect(body).toBeHidden();
    await summary.click();
    await expect(body).toBeVisible();
    await summary.click();
    await expect(body).toBeHidden();
  });

  test('a broken logo falls back to the bundled dummy logo', async ({ page }) => {
    await page.route('**/logo.svg', (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('img', { name: 'Logo Gelora' })).toHaveAttribute('src', '/logo-dummy.svg');
  });

  test('an unknown route shows the 404 screen with register and login links', async ({ page }) => {
    const response = await page.goto('/halaman-yang-tidak-ada');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Daftar', exact: true }).last()).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Kembali ke Lobby' })).toBeHidden();
  });

  test('every page sends frame-ancestors in its CSP header, server-rendered pages beside their script hashes', async ({ request }) => {
    for (const path of ['/', '/login', '/lobby', '/prediksi', '/admin/login', '/halaman-yang-tidak-ada', '/offline']) {
      const res = await request.get(path);
      const csp = res.headers()['content-security-policy'] ?? '';
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(res.headers()['x-frame-options'], path).toBe('SAMEORIGIN');
      if (path !== '/offline') expect(csp, `${path}: Astro's policy, not replaced`).toMatch(/script-src 'self' 'sha256-/);
    }
  });

  test('a member on the 404 screen stays in the member shell and is offered the lobby, not Daftar', async ({ page }) => {
    const { username } = await newMember(page);
    const response = await page.goto('/halaman-yang-tidak-ada');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
    await expect(page.locator('[data-username]')).toHaveText(username);
    await expect(page.getByRole('link', { name: 'Daftar', exact: true })).toBeHidden();
    await page.getByRole('link', { name: 'Kembali ke Lobby' }).click();
    await expect(page).toHaveURL(/\/lobby$/);
    await expect(page.locator('[data-username]')).toHaveText(username);
  });

  test('static pages render their texts', async ({ page }) => {
    await page.goto('/aboutus');
    await expect(page.getByRole('heading', { name: 'Tentang Kami' })).toBeVisible();
    await expect(page.getByText(/Koin tidak dapat dibeli, dijual/)).toBeVisible();

    await page.goto('/hubungi');
    await expect(page.getByRole('heading', { name: 'Hubungi Kami' })).toBeVisible();

    await page.goto('/peraturanhome');
    await expect(page.getByRole('heading', { name: 'Peraturan' })).toBeVisible();
    const rules = page.locator('ol.rules > li');
    await expect(rules).toHaveCount(9);
    await expect(rules.first()).toContainText('Usia minimal 18 tahun');

    await page.goto('/maintenance');
    await expect(page.getByText('Saat ini sedang dalam Pemeliharaan. Silahkan hubungi Admin')).toBeVisible();
  });

  test('footer states that Koin have no cash value', async ({ page }) => {
    await page.goto('/aboutus');
    await expect(page.getByRole('contentinfo')).toContainText('Koin adalah kredit permainan tanpa nilai uang');
  });
});

test.describe('cookie consent', () => {
  test('accepting hides the banner for good', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Persetujuan cookie' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Terima' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('true');
    await page.goto('/aboutus');
    await expect(page.getByRole('region', { name: 'Persetujuan cookie' })).toBeHidden();
  });

  test("shows with the page's first paint, not after the page's scripts", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL: baseURL! });
    // The page's module scripts take 4 s to arrive (a slow phone); scripts run in order, after them.
    await context.route('**/_astro/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 4000));
      await route.continue().catch(() => undefined);
    });
    const page = await context.newPage();
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('region', { name: 'Persetujuan cookie' })).toBeVisible({ timeout: 2000 });
    // Consent already given: it stays hidden, from the start.
    await page.evaluate(() => localStorage.setItem('cookieConsent', 'true'));
    await page.goto('/aboutus', { waitUntil: 'commit' });
    await expect(page.getByRole('contentinfo')).toBeAttached();
    await expect(page.locator('.cookie-banner')).toBeHidden();
    await context.close();
  });

  test('on a 360 px phone a field reached with Tab is not hidden under the banner', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const [path, labels] of [['/', ['Username', 'Password']], ['/register', ['Email', 'Referral']]] as const) {
      await page.goto(path);
      const banner = page.getByRole('region', { name: 'Persetujuan cookie' });
      await expect(banner).toBeVisible();
      const top = (await banner.boundingBox())!.y;
      for (const label of labels) {
        const field = page.getByLabel(label, { exact: true });
        // Tab until the field has focus, as a keyboard user would.
        for (let i = 0; i < 60 && !(await field.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
        await expect(field, `${path} ${label}`).toBeFocused();
        const box = (await field.boundingBox())!;
        expect(box.y + box.height, `${path} ${label}`).toBeLessThanOrEqual(top);
      }
    }
    await context.close();
  });

  test('rejecting is stored and not asked again in the same session', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Persetujuan cookie' });
    await banner.getByRole('button', { name: 'Tolak' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('false');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Persetujuan cookie' })).toBeHidden();
  });
});

test.describe('PWA', () => {
  test('links the manifest and serves the offline page when the network is gone', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    // Wait until the service worker controls the page, then go offline.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await context.setOffline(true);
    await page.goto('/peraturanhome').catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'Tidak ada koneksi' })).toBeVisible();
    // The site's logo, from the precache (not the grey placeholder of a broken image), and no
    // navigation: each of its links would only lead here again.
    const logo = page.getByRole('img', { name: 'Logo Gelora' });
    await expect(logo).toHaveAttribute('src', '/logo.svg');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('navigation', { name: 'Navigasi utama' })).toHaveCount(0);
    await context.setOffline(false);
    // 'Coba lagi' tries the page that failed, not the home page.
    await page.getByRole('link', { name: 'Coba lagi' }).click();
    await expect(page).toHaveURL(/\/peraturanhome$/);
    await expect(page.getByRole('heading', { name: 'Tidak ada koneksi' })).toHaveCount(0);
  });

  test('the service worker never caches API responses or pages', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.evaluate(() => fetch('/api/v1/site').then((r) => r.json()));
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys()) {
        const cache = await caches.open(key);
        for (const req of await cache.keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline');
    // And what the offline page needs, not the whole build: no React, no Swiper, no back office.
    expect(cached).toContain('/favicon.svg');
    expect(cached.filter((u) => /\/_astro\/(client\.|swiper|Admin)/.test(u))).toEqual([]);
    expect(cached.some((u) => u.startsWith('/api/'))).toBe(false);
    expect(cached).not.toContain('/');
    expect(cached).not.toContain('/peraturanhome');
  });
});
