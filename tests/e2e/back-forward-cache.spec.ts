// Back to a page the browser kept in its back-forward cache, as phones do: the page comes back as it
// was left, and a page that must look otherwise says so itself (a pageshow handler). Playwright
// starts Chromium with that cache off (--disable-back-forward-cache), so that Back would load the
// page again and such a handler would go untested: this file turns it back on (a browser of its own).
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';
import { newMember } from './support/member.ts';

test.use({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs, ignoreDefaultArgs: ['--disable-back-forward-cache'] } });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    addEventListener('pageshow', (e) => {
      (window as Window & { restored?: boolean }).restored = e.persisted;
      // The tab's log of pages shown, which survives a page loading again or going elsewhere.
      const log = JSON.parse(sessionStorage.getItem('shown') ?? '[]') as string[];
      sessionStorage.setItem('shown', JSON.stringify([...log, `${e.persisted ? 'restored' : 'loaded'} ${location.pathname}`]));
    }),
  );
  // The service worker takes control of the open pages once installed (clients.claim), and the
  // browser then drops those it kept for Back ('serviceworker-claimed'): a first visit's first page
  // is not restored. Installed first, so that what the tests see is every later visit.
  await page.goto('/offline');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
});

/** Whether the page on screen came back from the back-forward cache (its last pageshow). */
const restored = (page: Page) => page.evaluate(() => (window as Window & { restored?: boolean }).restored);

/** The pages the tab showed since the last call, as 'restored /path' or 'loaded /path'. */
async function shown(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const log = JSON.parse(sessionStorage.getItem('shown') ?? '[]') as string[];
    sessionStorage.removeItem('shown');
    return log;
  });
}

test('Back after choosing a league shows the earlier table with its own league and season in the selects', async ({ page }) => {
  await page.goto('/klasemenhome?league=152&season=2024-25');
  await page.getByLabel('Liga').selectOption({ label: 'Spanyol - La Liga' });
  await expect(page).toHaveURL(/\/klasemenhome\?league=302$/);
  // page.goBack() would wait for a load event, which a page restored from the cache does not fire.
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL(/\/klasemenhome\?league=152&season=2024-25$/);
  // Restored from the cache, where the select still held the league picked on leaving.
  await expect.poll(() => restored(page)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Premier League 2024-25' })).toBeVisible();
  await expect(page.getByLabel('Liga')).toHaveValue('152');
  await expect(page.getByLabel('Musim')).toHaveValue('2024-25');
  // Reloaded from history rather than from the back-forward cache (a low-memory phone): the same.
  await page.reload();
  await expect(page.getByLabel('Liga')).toHaveValue('152');
  await expect(page.getByLabel('Musim')).toHaveValue('2024-25');
});

test('Back to a member page left from the side menu shows it with the menu closed and the page usable', async ({ page }) => {
  const { username } = await newMember(page);
  await page.goto('/lobby');
  // The shell's script is running (it writes the username as it starts).
  await expect(page.locator('[data-username]')).toHaveText(username);
  const toggle = page.getByRole('button', { name: 'Buka menu' });
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Menu member' });
  await menu.getByRole('tab', { name: 'FITUR' }).click();
  await menu.getByRole('link', { name: 'Klasemen' }).click();
  await expect(page).toHaveURL(/\/klasemenlobby$/);
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL(/\/lobby$/);
  await expect.poll(() => restored(page)).toBe(true);
  // Left with the menu open, it comes back closed, and the page behind it is no longer inert.
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(await page.locator('main').evaluate((m) => m.closest('[inert]') !== null)).toBe(false);
  await toggle.click();
  await expect(menu).toBeVisible();
});

/**
 * Back, and waits until another document is on screen: history.back() returns at once, and a check
 * of the page made before the browser went back would pass on the page it was leaving.
 */
async function back(page: Page) {
  await page.evaluate(() => ((window as Window & { left?: boolean }).left = true));
  await page.evaluate(() => history.back());
  await expect.poll(() => page.evaluate(() => (window as Window & { left?: boolean }).left ?? false).catch(() => true)).toBe(false);
}

/** Signs in through /login's form, as a member does. */
async function signIn(page: Page, username: string) {
  await page.goto('/login');
  // Hydrated: the island's server-rendered marker is gone.
  await expect(page.locator('astro-island[ssr]:has(form)')).toHaveCount(0);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Rahasia1');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/lobby$/);
  // Loaded: a navigation started before then would take the lobby's place in the history.
  await page.waitForLoadState('load');
}

test('Back after signing in does not show the login form again', async ({ page }) => {
  const { username } = await newMember(page);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, username);
  // Back to the login page, kept in the cache: a signed-in member goes on to the lobby (000 §2).
  await back(page);
  await expect(page).toHaveURL(/\/lobby$/);
  await expect(page.getByRole('heading', { name: `Selamat bermain ${username}` })).toBeVisible();
});

test('Back after signing out shows neither the member page nor the password typed to sign in', async ({ page }) => {
  const { username } = await newMember(page);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, username);
  await expect(page.getByRole('heading', { name: `Selamat bermain ${username}` })).toBeVisible();
  // A member who stays a moment: the lobby's first token refresh (3 s after load) is behind it, so
  // that no refresh is left pending in the page kept for Back (failing, it would leave for / too).
  const signedIn = await page.evaluate(() => localStorage.getItem('refreshToken'));
  await expect.poll(() => page.evaluate(() => localStorage.getItem('refreshToken')), { timeout: 10_000 }).not.toBe(signedIn);
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState('load');
  await shown(page);
  // Back to the lobby: it comes back as the member left it, is hidden and loaded again, and sends
  // the visitor to / instead of showing the member's name.
  await back(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(username)).toHaveCount(0);
  const pages = await shown(page);
  expect(pages[0]).toBe('restored /lobby');
  expect(pages.at(-1)).toBe('loaded /');
  // Then the login form, as it was left: the password typed to sign in is not in it any more.
  await back(page);
  await expect(page).toHaveURL(/\/login$/);
  expect(await shown(page)).toEqual(['restored /login']);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
});

test('Back to a page shown to one member after another signed in (in another tab) shows it for the new one', async ({ page }) => {
  const first = await newMember(page);
  await page.goto('/lobby');
  await expect(page.locator('[data-username]')).toHaveText(first.username);
  await page.goto('/promosilobby');
  // While the lobby waits in the cache, the second member's tokens replace the first's, as a sign-in
  // in another tab would (an open page follows such a change; a page in the cache hears nothing).
  const other = await page.context().newPage();
  const second = await newMember(other);
  await other.close();
  await shown(page);
  await back(page);
  await expect(page).toHaveURL(/\/lobby$/);
  await expect(page.getByRole('heading', { name: `Selamat bermain ${second.username}` })).toBeVisible();
  await expect(page.locator('[data-username]')).toHaveText(second.username);
  expect(await shown(page)).toEqual(['restored /lobby', 'loaded /lobby']);
});
