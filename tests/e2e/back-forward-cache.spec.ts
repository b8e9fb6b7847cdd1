// Back to a page the browser kept in its back-forward cache, as phones do: the page comes back as it
// was left, and a page that must look otherwise says so itself (a pageshow handler). This file's
// browser has that cache on (support/back-forward-cache.ts; a browser of its own).
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { back, backForwardCacheOn, installServiceWorker } from './support/back-forward-cache.ts';
import { login, newMember } from './support/member.ts';

test.use({ launchOptions: backForwardCacheOn });

/**
 * Starts the tab's log of the pages it showed, kept in sessionStorage: it survives a page loading
 * again. A page that was hidden when it went away (loaded again for another session) says so too.
 */
async function logShown(page: Page) {
  await page.addInitScript(() => {
    const note = (entry: string) => {
      const log = JSON.parse(sessionStorage.getItem('shown') ?? '[]') as string[];
      sessionStorage.setItem('shown', JSON.stringify([...log, `${entry} ${location.pathname}`]));
    };
    addEventListener('pageshow', (e) => note(e.persisted ? 'restored' : 'loaded'));
    addEventListener('pagehide', () => getComputedStyle(document.documentElement).visibility === 'hidden' && note('hidden'));
  });
}

test.beforeEach(async ({ page }) => {
  await logShown(page);
  await installServiceWorker(page);
});

/** The pages the tab showed since the last call: 'restored /path' (from the cache), 'loaded /path', 'hidden /path'. */
async function shown(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const log = JSON.parse(sessionStorage.getItem('shown') ?? '[]') as string[];
    sessionStorage.removeItem('shown');
    return log;
  });
}

/** Signs in through /login's form and waits for the lobby to load. */
async function signIn(page: Page, username: string) {
  await login(page, username, 'Rahasia1');
  await expect(page).toHaveURL(/\/lobby$/);
  // Loaded: a navigation started before then would take the lobby's place in the history.
  await page.waitForLoadState('load');
}

test('Back after choosing a league shows the earlier table with its own league and season in the selects', async ({ page }) => {
  await page.goto('/klasemenhome?league=152&season=2024-25');
  await page.getByLabel('Liga').selectOption({ label: 'Spanyol - La Liga' });
  await expect(page).toHaveURL(/\/klasemenhome\?league=302$/);
  await page.waitForLoadState('load');
  await shown(page);
  await back(page);
  await expect(page).toHaveURL(/\/klasemenhome\?league=152&season=2024-25$/);
  // Restored from the cache, where the select still held the league picked on leaving.
  expect(await shown(page)).toEqual(['restored /klasemenhome']);
  await expect(page.getByRole('heading', { name: 'Premier League 2024-25' })).toBeVisible();
  await expect(page.getByLabel('Liga')).toHaveValue('152');
  await expect(page.getByLabel('Musim')).toHaveValue('2024-25');
  // Reloaded from history rather than from the back-forward cache (a low-memory phone): the same.
  await page.reload();
  await expect(page.getByLabel('Liga')).toHaveValue('152');
  await expect(page.getByLabel('Musim')).toHaveValue('2024-25');
});

test("Back to a first visit's first page brings it back at once, though the service worker installed meanwhile", async ({ browser, baseURL }) => {
  // A browser that never saw the site (this file's own page already has the worker).
  const context = await browser.newContext({ baseURL: baseURL! });
  try {
    const page = await context.newPage();
    await logShown(page);
    // The first page registers the worker once loaded; the visitor moves on while it installs.
    await page.goto('/klasemenhome?league=152&season=2024-25');
    await page.goto('/prediksi');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await shown(page);
    await back(page);
    await expect(page).toHaveURL(/\/klasemenhome\?league=152&season=2024-25$/);
    // A worker that claimed the open pages as it activated took this one out of the cache.
    expect(await shown(page)).toEqual(['restored /klasemenhome']);
  } finally {
    await context.close();
  }
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
  await page.waitForLoadState('load');
  await shown(page);
  await back(page);
  await expect(page).toHaveURL(/\/lobby$/);
  expect(await shown(page)).toEqual(['restored /lobby']);
  // Left with the menu open, it comes back closed, and the page behind it is no longer inert.
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(await page.locator('main').evaluate((m) => m.closest('[inert]') !== null)).toBe(false);
  await toggle.click();
  await expect(menu).toBeVisible();
});

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
  // The server answers the logout late (a slow network): the lobby keeps its place in the history
  // all the same. (It used to lose it: ending the session locally also set off the leaving meant for
  // a session ended in another tab, a replace that landed before the logout call returned.)
  await page.route('**/api/v1/auth/logout', async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState('load');
  await page.unroute('**/api/v1/auth/logout');
  await shown(page);
  // Back to the lobby: it comes back as the member left it, is hidden and loaded again, and sends
  // the visitor to / instead of showing the member's name.
  await back(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(username)).toHaveCount(0);
  // The address changes before the page at it has shown: wait for its entry in the log.
  await expect.poll(() => page.evaluate(() => (JSON.parse(sessionStorage.getItem('shown') ?? '[]') as string[]).at(-1))).toBe('loaded /');
  const pages = await shown(page);
  expect(pages.slice(0, 2)).toEqual(['restored /lobby', 'hidden /lobby']);
  expect(pages.at(-1)).toBe('loaded /');
  // Then the login form, as it was left: the password typed to sign in is not in it any more.
  await back(page);
  await expect(page).toHaveURL(/\/login$/);
  expect(await shown(page)).toEqual(['restored /login']);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  // And it takes a login again (it was kept saying 'Memproses…', deaf to every tap).
  await expect(page.getByRole('button', { name: 'LOGIN' })).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByLabel('Password', { exact: true }).fill('Rahasia1');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/lobby$/);
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
  expect(await shown(page)).toEqual(['restored /lobby', 'hidden /lobby', 'loaded /lobby']);
});
