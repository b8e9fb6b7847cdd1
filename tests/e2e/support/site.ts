// A Gelora of its own for the back-office specs: a fresh database, three admins made with the real
// `npm run admin:create` (their one-time passwords read from its output, as an operator would),
// then the server started exactly as `npm start` starts it. A worker fixture: the specs of one
// worker share it, and it stops with the worker.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test as base, expect } from './test.ts';
import pg from 'pg';
import { TEST_FOOTBALL_CLOCK } from '../../support/clock.ts';
import { authenticatorCode } from '../../support/totp.ts';
import { readQr } from '../../support/qr.ts';
import { freePort } from '../../support/ports.ts';

const run = promisify(execFile);
export type Role = 'owner' | 'editor' | 'support';
export const ROLES: Role[] = ['owner', 'editor', 'support'];

export interface Account {
  username: string;
  oneTimePassword: string;
  /** Set once the account went through its first sign-in. */
  password?: string;
  secret?: string;
  /** TOTP step of the last code used (a code is accepted once). */
  lastStep?: number;
  storageState?: string;
}

export interface Site {
  origin: string;
  accounts: Record<Role, Account>;
  dir: string;
}

async function adminQuery(base: string, sql: string): Promise<void> {
  const admin = new URL(base);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freshPostgres(base: string, name: string): Promise<string> {
  await adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await adminQuery(base, `CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.href;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start within 90 s');
}

export const test = base.extend<{ site: Site }, { siteWorker: Site }>({
  siteWorker: [
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-e2e-admin-'));
      const port = await freePort();
      const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', FOOTBALL_CLOCK: TEST_FOOTBALL_CLOCK, APIFOOTBALL_KEY: '' };
      delete env['PGLITE_DIR'];
      const baseUrl = process.env['DATABASE_URL'];
      const pgName = baseUrl ? `${new URL(baseUrl).pathname.slice(1) || 'gelora'}_e2e_admin` : undefined;
      if (baseUrl && pgName) {
        env['DATABASE_URL'] = await freshPostgres(baseUrl, pgName);
      } else {
        env['PGLITE_DIR'] = path.join(dir, 'db');
      }
      const accounts = {} as Record<Role, Account>;
      for (const role of ROLES) {
        const username = `e2e-${role}`;
        const { stdout } = await run(process.execPath, ['scripts/admin-create.ts', username, '--role', role], { env });
        const oneTimePassword = /one-time password: (\S+)/.exec(stdout)?.[1];
        if (!oneTimePassword) throw new Error(`admin:create printed no password:\n${stdout}`);
        accounts[role] = { username, oneTimePassword };
      }
      const child = spawn(process.execPath, ['src/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      const origin = `http://127.0.0.1:${port}`;
      try {
        await waitFor(`${origin}/api/health`, child);
        await use({ origin, accounts, dir });
      } finally {
        if (child.exitCode === null) {
          child.kill('SIGTERM');
          await new Promise((r) => child.once('exit', r));
        }
        fs.rmSync(dir, { recursive: true, force: true });
        if (baseUrl && pgName) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  site: async ({ siteWorker }, use) => use(siteWorker),
  baseURL: async ({ siteWorker }, use) => use(siteWorker.origin),
});
export { expect };

const STEP_MS = 30_000;

/** A fresh authenticator code, waiting for the next 30-second step if this one was used already. */
export async function freshCode(account: Account): Promise<string> {
  let step = Math.floor(Date.now() / STEP_MS);
  if (account.lastStep !== undefined && step <= account.lastStep) {
    await new Promise((r) => setTimeout(r, (account.lastStep! + 1) * STEP_MS - Date.now() + 200));
    step = Math.floor(Date.now() / STEP_MS);
  }
  account.lastStep = step;
  return authenticatorCode(account.secret!, Date.now());
}

/** The first sign-in, through the screens: one-time password, TOTP enrolment, new password. */
export async function firstSignIn(page: Page, account: Account): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.oneTimePassword);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/admin\/2fa$/);
  await expect(page.getByRole('heading', { name: 'Aktifkan Verifikasi Dua Langkah' })).toBeVisible();
  account.secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const uri = page.getByTestId('totp-uri');
  await expect(uri).toContainText(`otpauth://totp/Gelora:${account.username}?secret=${account.secret}`);
  // On a phone the address opens the authenticator app; elsewhere its QR code is scanned.
  await expect(uri).toHaveAttribute('href', (await uri.textContent())!);
  const qr = page.getByRole('img', { name: 'Kode QR untuk aplikasi authenticator' });
  const size = Number((await qr.getAttribute('viewBox'))!.split(' ')[2]);
  expect(readQr(size, (await qr.locator('path').getAttribute('d'))!)).toBe(await uri.textContent());
  await page.getByLabel('Kode verifikasi').fill(await freshCode(account));
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page).toHaveURL(/\/admin\/password$/);
  const password = `${account.username}-sandi-baru-2026`;
  await page.getByLabel('Password saat ini').fill(account.oneTimePassword);
  await page.getByLabel('Password baru', { exact: true }).fill(password);
  await page.getByLabel('Ulangi password baru').fill(password);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('status').filter({ hasText: 'Password berhasil diganti.' })).toBeVisible();
  account.password = password;
}

/** A browser context signed in as `role` (first sign-in once per site, then its saved cookies). */
export async function signedIn(browser: Browser, site: Site, role: Role): Promise<{ context: BrowserContext; page: Page }> {
  const account = site.accounts[role];
  const context = await browser.newContext({ baseURL: site.origin, ...(account.storageState ? { storageState: account.storageState } : {}) });
  const page = await context.newPage();
  if (!account.storageState) {
    await firstSignIn(page, account);
    account.storageState = path.join(site.dir, `${role}.json`);
    await context.storageState({ path: account.storageState });
  }
  return { context, page };
}

/** Calls the admin API from the page, as its own forms do (same-origin fetch: the browser sets Origin). */
export async function api(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: { message?: string; items?: unknown[]; item?: unknown; errors?: Record<string, string> } }> {
  return page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u as string, {
        method: m as string,
        headers: b === undefined ? {} : { 'content-type': 'application/json' },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      });
      return { status: res.status, json: await res.json().catch(() => ({})) };
    },
    [method, url, body] as const,
  );
}
