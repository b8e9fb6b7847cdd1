// Back to a page that a phone kept in its back-forward cache, where none of its scripts run again.
// Playwright starts Chromium with that cache off (--disable-back-forward-cache), so that Back loads
// the page anew and a page's pageshow handling would go untested: these launch options keep it on.
import type { Page } from '@playwright/test';
import { expect } from './test.ts';
import { chromiumArgs, chromiumPath } from '../../support/chromium.ts';

export const backForwardCacheOn = { executablePath: chromiumPath, args: chromiumArgs, ignoreDefaultArgs: ['--disable-back-forward-cache'] };

/**
 * Installs the service worker (from /offline) and loads that page again, under the worker's control,
 * so that tests start where a returning visitor is. (The worker takes no page that was open before it
 * activated: see sw-template.js.)
 */
export async function installServiceWorker(page: Page): Promise<void> {
  await page.goto('/offline');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * Back, and waits until another document is on screen: history.back() returns at once, and a check
 * of the page made before the browser went back would pass on the page it was leaving. (page.goBack()
 * would wait for a load event, which a page restored from the cache does not fire.)
 */
export async function back(page: Page): Promise<void> {
  await page.evaluate(() => ((window as Window & { left?: boolean }).left = true));
  await page.evaluate(() => history.back());
  await expect.poll(() => page.evaluate(() => (window as Window & { left?: boolean }).left ?? false).catch(() => true)).toBe(false);
}
