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
  await page.addInitScript(() => addEventListener('pageshow', (e) => ((window as Window & { restored?: boolean }).restored = e.persisted)));
});

/** Whether the page on screen came back from the back-forward cache (its last pageshow). */
const restored = (page: Page) => page.evaluate(() => (window as Window & { restored?: boolean }).restored);

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
