// A member for the e2e specs: registered through the real API, its tokens stored where the site
// keeps them (localStorage accessToken / refreshToken), as the registration form would; and the
// login form, filled as a member does.
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from './test.ts';

export async function newMember(page: Page, origin = '', username = `m${crypto.randomBytes(4).toString('hex')}`.slice(0, 12)): Promise<{ username: string }> {
  const res = await page.request.post(`${origin}/api/v1/auth/register`, {
    data: {
      username,
      password: 'Rahasia1',
      passwordConfirm: 'Rahasia1',
      phone: '081234567890',
      email: `${username}@gmail.com`,
      birthDate: '1995-05-17',
      agree: true,
    },
  });
  if (res.status() !== 201) throw new Error(`register ${res.status()}: ${await res.text()}`);
  const { accessToken, refreshToken } = (await res.json()) as { accessToken: string; refreshToken: string };
  await page.goto(`${origin}/offline`);
  await page.evaluate(
    ([a, r]) => {
      localStorage.setItem('cookieConsent', 'true');
      localStorage.setItem('accessToken', a!);
      localStorage.setItem('refreshToken', r!);
    },
    [accessToken, refreshToken],
  );
  return { username };
}

/** The page's form island has hydrated (Astro drops the ssr attribute then). */
export async function formReady(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]:has(form)')).toHaveCount(0);
}

/** Fills /login's form and presses LOGIN, as a member does; what follows is the test's to check. */
export async function login(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await formReady(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}
