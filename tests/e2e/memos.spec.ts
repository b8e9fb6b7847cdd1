import { chromium } from '@playwright/test';
import { api, test, expect, signedIn } from './support/site.ts';
import { back, backForwardCacheOn, installServiceWorker } from './support/back-forward-cache.ts';
import { newMember } from './support/member.ts';
import { expectRequiredFields } from './support/forms.ts';

// Memos, the member shell and member management, end to end: admins made with admin:create
// (support/site.ts), TOTP from the shown secret; members registered through the real API.
test.describe.configure({ mode: 'serial' });

test('an owner writes a memo to a member; the member sees it, opens it, and the bell count drops', async ({ browser, site }) => {
  const m = await browser.newContext({ baseURL: site.origin });
  const member = await m.newPage();
  const { username } = await newMember(member);
  await member.goto('/pagememo');
  await expect(member.getByText('Belum ada pesan apapun')).toBeVisible();
  await expect(member.locator('[data-memo-count]')).toBeHidden();

  const { context, page } = await signedIn(browser, site, 'owner');
  await page.goto('/admin/memo');
  const form = page.getByRole('region', { name: 'Memo baru' });
  await expectRequiredFields(form, ['Penerima', 'Judul', 'Isi'], ['Username member'], page.getByRole('main'));
  await expect(form.getByLabel('Penerima').locator('option')).toHaveText(['Pilih penerima', 'Semua member', 'Member terverifikasi', 'Satu member']);
  await form.getByLabel('Username member').fill(username);
  await form.getByLabel('Judul').fill('Selamat datang di Gelora');
  await form.getByLabel('Isi').fill('Halo! Koin gratis menunggu Anda.\nSelamat bermain.');
  // No audience is chosen for the admin, and a username goes with 'Satu member' only: neither sends.
  await form.getByRole('button', { name: 'Kirim' }).click();
  await expect(form.getByText('Data tidak boleh kosong')).toBeVisible();
  await expect(form.getByLabel('Penerima')).toBeFocused();
  await form.getByLabel('Penerima').selectOption('all');
  await form.getByRole('button', { name: 'Kirim' }).click();
  await expect(form.getByText("Untuk mengirim ke username yang diisi, pilih 'Satu member'; untuk semua member, kosongkan username.")).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Selamat datang di Gelora', exact: true })).toBeHidden();
  await form.getByLabel('Penerima').selectOption('member');
  await form.getByRole('button', { name: 'Kirim' }).click();
  await expect(page.getByRole('cell', { name: 'Selamat datang di Gelora', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: username, exact: true })).toBeVisible();
  // The page reloaded to list it, and still says it was sent; once only (not again on a reload).
  await expect(form.getByRole('status')).toHaveText('Memo terkirim.');
  // The keyboard is back on the form's button, not at the top of the reloaded page.
  await expect(form.getByRole('button', { name: 'Kirim' })).toBeFocused();
  await page.reload();
  await expect(form.locator('.form-status')).toBeEmpty();

  await member.goto('/lobby');
  await expect(member.locator('[data-username]')).toHaveText(username);
  await expect(member.locator('[data-memo-count]')).toHaveText('1');
  await expect(member.locator('[data-memo-bell]')).toHaveAccessibleName('Memo 1 belum dibaca');
  await member.getByRole('link', { name: /Memo/ }).first().click();
  await expect(member).toHaveURL(/\/pagememo$/);
  await member.getByRole('link', { name: /Selamat datang di Gelora/ }).click();
  await expect(member).toHaveURL(/\/pesan\/\d+$/);
  const memoPath = new URL(member.url()).pathname;
  await expect(member.getByRole('heading', { name: 'Selamat datang di Gelora' })).toBeVisible();
  await expect(member.getByText('Koin gratis menunggu Anda.')).toBeVisible();
  await expect(member.locator('[data-memo-count]')).toBeHidden();
  await expect(member.locator('[data-memo-bell]')).toHaveAccessibleName('Memo');
  await member.goto('/pagememo');
  await expect(member.getByText('Sudah dibaca')).toBeVisible();
  await expect(member.locator('[data-memo-count]')).toBeHidden();

  // Another member cannot open it.
  const o = await browser.newContext({ baseURL: site.origin });
  const other = await o.newPage();
  await newMember(other);
  await other.goto(memoPath);
  await expect(other.getByRole('heading', { name: 'Pesan tidak ditemukan' })).toBeVisible();
  await o.close();
  await m.close();
  await context.close();
});

test('Back to the memo list, kept by the browser for Back, shows the memo just opened as read and the bell without it', async ({ browser, site }) => {
  const m = await browser.newContext({ baseURL: site.origin });
  const { username } = await newMember(await m.newPage());
  const tokens = await m.storageState();
  await m.close();
  const { context, page } = await signedIn(browser, site, 'owner');
  await page.goto('/admin/memo');
  expect((await api(page, 'POST', '/api/v1/admin/memos', { audience: 'member', username, subject: 'Memo untuk Back', body: 'Isi memo.' })).status).toBe(201);
  await context.close();

  // A phone keeps the list in its back-forward cache, which Playwright's browser has turned off.
  const phone = await chromium.launch(backForwardCacheOn);
  try {
    const member = await (await phone.newContext({ baseURL: site.origin, storageState: tokens })).newPage();
    await installServiceWorker(member);
    await member.goto('/pagememo');
    await expect(member.getByText(/· Belum dibaca$/)).toBeVisible();
    await expect(member.locator('[data-memo-count]')).toHaveText('1');
    await member.evaluate(() => ((window as Window & { kept?: boolean }).kept = true));
    await member.getByRole('link', { name: /Memo untuk Back/ }).click();
    await expect(member).toHaveURL(/\/pesan\/\d+$/);
    // Opened (and so read) once its subject shows: the bell starts hidden, and Back before the
    // memo's answer raced the list's and the bell's own asking again.
    await expect(member.getByRole('heading', { name: 'Memo untuk Back' })).toBeVisible();
    await expect(member.locator('[data-memo-count]')).toBeHidden();
    await back(member);
    await expect(member).toHaveURL(/\/pagememo$/);
    // The very page that was left (none of its scripts ran again), not a new one.
    expect(await member.evaluate(() => (window as Window & { kept?: boolean }).kept)).toBe(true);
    await expect(member.getByText(/· Sudah dibaca$/)).toBeVisible();
    await expect(member.getByText(/· Belum dibaca$/)).toHaveCount(0);
    await expect(member.locator('[data-memo-count]')).toBeHidden();
  } finally {
    // A browser of the test's own: closed even when a check fails.
    await phone.close();
  }
});

test('the memo list keeps its page in the address: Back from a memo on page 2 returns to page 2', async ({ browser, site }) => {
  const m = await browser.newContext({ baseURL: site.origin });
  const member = await m.newPage();
  const { username } = await newMember(member);
  const { context, page } = await signedIn(browser, site, 'owner');
  await page.goto('/admin/memo');
  for (let i = 1; i <= 21; i++) {
    const sent = await api(page, 'POST', '/api/v1/admin/memos', { audience: 'member', username, subject: `Memo nomor ${i}`, body: 'Isi memo.' });
    expect(sent.status).toBe(201);
  }
  // The back office's list, asked for a page past its last, shows the last ('Halaman 500 / 2' before).
  await page.goto('/admin/memo?page=500');
  await expect(page).toHaveURL(/\/admin\/memo\?page=\d{1,2}$/);
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByText('Halaman 500')).toHaveCount(0);
  await context.close();

  await member.goto('/pagememo');
  await expect(member.getByText('Halaman 1 dari 2')).toBeVisible();
  await member.getByRole('button', { name: 'Berikutnya' }).click();
  await expect(member.getByText('Halaman 2 dari 2')).toBeVisible();
  await expect(member).toHaveURL(/\/pagememo\?page=2$/);
  // 'Berikutnya' is disabled on the last page: the keyboard starts again at the list's heading.
  await expect(member.getByRole('heading', { name: 'Memo', level: 1 })).toBeFocused();
  // The oldest memo is the one on page 2; its page leads back to page 2, as Back does.
  await member.getByRole('link', { name: /Memo nomor 1\b/ }).click();
  await expect(member).toHaveURL(/\/pesan\/\d+\?page=2$/);
  await expect(member.getByRole('link', { name: 'Kembali ke daftar memo' })).toHaveAttribute('href', '/pagememo?page=2');
  await member.getByRole('link', { name: 'Kembali ke daftar memo' }).click();
  await expect(member).toHaveURL(/\/pagememo\?page=2$/);
  await expect(member.getByText('Halaman 2 dari 2')).toBeVisible();
  await member.getByRole('link', { name: /Memo nomor 1\b/ }).click();
  await expect(member).toHaveURL(/\/pesan\/\d+\?page=2$/);
  await member.goBack();
  await expect(member).toHaveURL(/\/pagememo\?page=2$/);
  await expect(member.getByText('Halaman 2 dari 2')).toBeVisible();
  await member.getByRole('button', { name: 'Sebelumnya' }).click();
  await expect(member).toHaveURL(/\/pagememo$/);
  await expect(member.getByText('Halaman 1 dari 2')).toBeVisible();
  // Marking everything read fails once: the list stays, and the message says what failed.
  await member.route('**/api/v1/memos/read', (route) => route.abort(), { times: 1 });
  await member.getByRole('button', { name: 'Tandai semua sudah dibaca' }).click();
  await expect(member.getByRole('alert')).toHaveText('Pesan belum dapat ditandai sudah dibaca. Silahkan coba lagi.');
  await expect(member.getByText('Gagal memuat pesan')).toHaveCount(0);
  await expect(member.getByRole('link', { name: /Memo nomor 21\b/ })).toBeVisible();
  // Marking everything read removes the button (and the message): focus goes to the heading, not to the page's top.
  await member.getByRole('button', { name: 'Tandai semua sudah dibaca' }).click();
  await expect(member.getByRole('alert')).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Tandai semua sudah dibaca' })).toHaveCount(0);
  await expect(member.getByRole('heading', { name: 'Memo', level: 1 })).toBeFocused();
  await m.close();
});

test('on a 360 px phone a memo whose subject is one long word wraps instead of widening the page', async ({ browser, site }) => {
  const m = await browser.newContext({ baseURL: site.origin, viewport: { width: 360, height: 740 } });
  const member = await m.newPage();
  const { username } = await newMember(member);
  const subject = `Kunjungi:https://gelora.example/${'promosi-akhir-pekan-'.repeat(5)}`;
  const { context, page } = await signedIn(browser, site, 'owner');
  await page.goto('/admin/memo');
  expect((await api(page, 'POST', '/api/v1/admin/memos', { audience: 'member', username, subject, body: 'Isi memo.' })).status).toBe(201);
  await context.close();

  const pageWidth = () => member.evaluate(() => document.documentElement.scrollWidth);
  await member.goto('/pagememo');
  await expect(member.getByRole('link', { name: /Kunjungi:/ })).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(360);
  await member.getByRole('link', { name: /Kunjungi:/ }).click();
  await expect(member.getByRole('heading', { name: subject })).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(360);
  await m.close();
});

test('the pages members share with visitors (/prediksi, /kontak, a match) keep a member in the member shell', async ({ browser, site }) => {
  const m = await browser.newContext({ baseURL: site.origin });
  const page = await m.newPage();
  const { username } = await newMember(page);
  const played = (await (await page.request.get('/api/v1/football/matches?view=date&date=2025-05-25&league=152')).json()) as { matches: { id: number }[] };
  for (const path of ['/prediksi', '/kontak', `/match/${played.matches[0]!.id}`]) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Navigasi utama' }), path).toBeHidden();
    await expect(page.locator('[data-username]'), path).toHaveText(username);
  }
  await page.getByRole('button', { name: 'Buka menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu member' });
  await menu.getByRole('tab', { name: 'FITUR' }).click();
  await menu.getByRole('link', { name: 'Prediksi' }).click();
  await expect(page).toHaveURL(/\/prediksi$/);
  await expect(page.getByRole('button', { name: 'Buka menu' })).toBeVisible();
  await m.close();

  // A visitor gets the public header there, and none of the member shell's code.
  const v = await browser.newContext({ baseURL: site.origin });
  const visitor = await v.newPage();
  await visitor.goto('/prediksi');
  await expect(visitor.getByRole('navigation', { name: 'Navigasi utama' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Buka menu' })).toBeHidden();
  await visitor.waitForLoadState('load');
  const scripts = await visitor.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.endsWith('.js')));
  expect(scripts.filter((n) => /\/(member-shell|session)\./.test(n))).toEqual([]);
  await v.close();
});

test('the side menu has MENU, GAMES and FITUR with existing routes only, and logs out', async ({ browser, site }) => {
  const m = await browser.newContext({ baseURL: site.origin });
  const page = await m.newPage();
  const { username } = await newMember(page);
  await page.goto('/setting');
  // The shell's script is loaded (it writes the username as it starts): before it, the menu button does nothing.
  const shellReady = () => expect(page.locator('[data-username]')).toHaveText(username);
  await shellReady();
  // By keyboard: focus moves into the menu, the page behind it is out of reach, Escape brings it back.
  const toggle = page.getByRole('button', { name: 'Buka menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('navigation', { name: 'Menu member' });
  await expect(menu.getByRole('tab', { name: 'MENU' })).toBeFocused();
  const behind = () => page.getByRole('heading', { name: 'Pengaturan' }).evaluate((h) => h.closest('[inert]') !== null);
  expect(await behind()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  expect(await behind()).toBe(false);

  // Live Chat from the menu: the drawer makes way, and the dialog that says it is unavailable
  // (none configured here) can be answered.
  await toggle.click();
  await menu.getByRole('link', { name: 'Live Chat' }).click();
  const unavailable = page.getByRole('dialog', { name: 'Live Chat' });
  await expect(unavailable).toContainText('Opps, Livechat sedang gangguan');
  await unavailable.getByRole('button', { name: 'OK' }).click();
  await expect(unavailable).toBeHidden();
  await expect(menu).toBeHidden();
  expect(await behind()).toBe(false);

  // The tabs are one stop for Tab (roving tabindex); the arrow keys, Home and End move between them.
  await toggle.focus();
  await page.keyboard.press('Enter');
  const tab = (name: string) => menu.getByRole('tab', { name, exact: true });
  await expect(tab('MENU')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab('GAMES')).toBeFocused();
  await expect(tab('GAMES')).toHaveAttribute('aria-selected', 'true');
  await expect(menu.getByRole('tabpanel', { name: 'GAMES' })).toContainText('Permainan segera hadir.');
  await expect(menu.getByRole('tabpanel', { name: 'MENU' })).toBeHidden();
  await page.keyboard.press('End');
  await expect(tab('FITUR')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab('MENU')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('FITUR')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tab('MENU')).toBeFocused();
  await page.keyboard.press('End');
  await expect(tab('FITUR')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('MENU')).toHaveAttribute('aria-selected', 'false');
  for (const [name, index] of [['MENU', '-1'], ['GAMES', '-1'], ['FITUR', '0']]) await expect(tab(name!)).toHaveAttribute('tabindex', index!);
  // Tab leaves the tabs at once for the selected panel's first link; Shift+Tab from the tabs reaches
  // the close button.
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('tabpanel', { name: 'FITUR' }).getByRole('link', { name: 'Live Score' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(tab('FITUR')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(menu.getByRole('button', { name: 'Tutup menu' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(tab('FITUR')).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('Escape');
  await expect(toggle).toBeFocused();

  await toggle.click();
  await expect(menu.getByRole('tab', { name: 'MENU' })).toHaveAttribute('aria-selected', 'true');
  // Each panel's links, all of them and in order: a link to a route that is not there yet (deposit,
  // withdraw) would be an extra one here, whatever its Indonesian name ('Penarikan', 'Isi Saldo').
  await expect(menu.getByRole('tabpanel', { name: 'MENU' }).getByRole('link')).toHaveText(['Lobby', 'Live Chat', 'Promosi', 'Memo', 'Referral', 'Pengaturan', 'Kontak', 'Keluar']);
  await menu.getByRole('tab', { name: 'FITUR' }).click();
  await expect(menu.getByRole('tabpanel', { name: 'FITUR' }).getByRole('link')).toHaveText(['Live Score', 'Klasemen', 'Prediksi']);
  await menu.getByRole('link', { name: 'Klasemen' }).click();
  await expect(page).toHaveURL(/\/klasemenlobby$/);
  await expect(page.locator('[data-member-shell]')).toBeVisible();
  await shellReady();
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await menu.getByRole('link', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  await page.goto('/pagememo');
  await expect(page).toHaveURL(/\/$/);
  await m.close();
});

test('a tap on the menu or Keluar before the shell script has loaded is carried out once it has; Tab stays in the open menu', async ({ browser, site }) => {
  const m = await browser.newContext({ baseURL: site.origin });
  const page = await m.newPage();
  const { username } = await newMember(page);
  // The shell's script arrives late, as on a slow phone: each load waits for release().
  let release = () => {};
  await page.route('**/_astro/member-shell.*.js', async (route) => {
    await new Promise<void>((resolve) => (release = resolve));
    await route.continue();
  });
  const menu = page.getByRole('navigation', { name: 'Menu member' });
  await page.goto('/setting');
  // Tapped again when nothing happened: the member wants it open, not opened and closed.
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await expect(page.locator('[data-username]')).toHaveText('');
  await expect(menu).toBeHidden();
  release();
  await expect(menu.getByRole('tab', { name: 'MENU' })).toBeFocused();
  await expect(page.locator('[data-username]')).toHaveText(username);

  // Tab goes round the open menu's own controls only: nothing behind it (not even the skip link).
  const reached = new Set<string>();
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Tab');
    // (Past the last stop focus may rest on the document itself, between the page and the browser.)
    const at = await page.evaluate(() => {
      const el = document.activeElement;
      return !el || el === document.body ? null : `${el.closest('#member-menu') ? 'menu' : 'page'}: ${el.textContent?.trim()}`;
    });
    if (at) reached.add(at);
  }
  expect([...reached].sort()).toEqual(
    ['Keluar', 'Kontak', 'Live Chat', 'Lobby', 'MENU', 'Memo', 'Pengaturan', 'Promosi', 'Referral', '×'].map((name) => `menu: ${name}`).sort(),
  );

  // Keluar before the script: the member is signed out once it arrives, not left signed in.
  await page.reload();
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/setting$/);
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).not.toBeNull();
  release();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  await m.close();
});

test('the owner suspends a member: admin and member both see it; lifting removes the notice', async ({ browser, site }) => {
  const m = await browser.newContext({ baseURL: site.origin });
  const member = await m.newPage();
  const { username } = await newMember(member);
  await member.goto('/lobby');
  await expect(member.locator('[data-username]')).toHaveText(username);
  const notice = member.getByRole('alert').filter({ hasText: 'Akun Anda sedang ditangguhkan' });
  await expect(notice).toBeHidden();

  const { context, page } = await signedIn(browser, site, 'owner');
  await page.goto('/admin/member');
  await page.getByLabel('Kata kunci').fill(username);
  await page.getByRole('button', { name: 'Cari' }).click();
  await page.getByRole('link', { name: `Lihat ${username}` }).click();
  // Suspending asks first; answered no, nothing changes.
  await page.getByLabel('Ditangguhkan').check();
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect.poll(() => asked).toEqual(['Tangguhkan member ini?']);
  // Nothing was sent: the member is still active when the page is loaded again.
  await page.reload();
  await expect(page.locator('.member-status')).toContainText('Aktif');
  await page.getByLabel('Ditangguhkan').check();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.locator('.member-status')).toContainText('Ditangguhkan');
  await expect(page.getByRole('status').filter({ hasText: 'Tersimpan.' })).toBeVisible();

  await member.reload();
  await expect(notice).toBeVisible();

  await page.getByLabel('Ditangguhkan').uncheck();
  await page.getByLabel('Terverifikasi').check();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.locator('.member-status')).toContainText('Aktif');
  await expect(page.locator('.member-status')).toContainText('Terverifikasi');
  await member.reload();
  await expect(member.locator('[data-username]')).toHaveText(username);
  await expect(notice).toBeHidden();

  await page.goto('/admin/audit');
  await expect(page.getByRole('cell', { name: 'Member ditangguhkan member.suspend' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Penangguhan member dicabut member.lift' }).first()).toBeVisible();
  await m.close();
  await context.close();
});

test("a member page opened before another admin suspended the member saves only what was changed on it: the suspension stays", async ({ browser, site }) => {
  const m = await browser.newContext({ baseURL: site.origin });
  const { username } = await newMember(await m.newPage());
  await m.close();
  const { context, page } = await signedIn(browser, site, 'owner');
  // A page of a search that finds no one is its first page, which says so (not 'Halaman 7 / 1').
  await page.goto('/admin/member?q=tiadaorangini&page=7');
  await expect(page).toHaveURL('/admin/member?q=tiadaorangini&page=1');
  await expect(page.getByText('Tidak ada member yang cocok.')).toBeVisible();
  // A search's page past its last (an old link) is its last page, the search kept.
  await page.goto(`/admin/member?q=${encodeURIComponent(username)}&page=7`);
  await expect(page).toHaveURL(`/admin/member?q=${encodeURIComponent(username)}&page=1`);
  await page.getByRole('link', { name: `Lihat ${username}` }).click();
  const stale = page.url();
  // Meanwhile, in another tab, the member is suspended.
  const other = await context.newPage();
  await other.goto(stale);
  await other.getByLabel('Ditangguhkan').check();
  other.once('dialog', (dialog) => void dialog.accept());
  await other.getByRole('button', { name: 'Simpan' }).click();
  await expect(other.locator('.member-status')).toContainText('Ditangguhkan');
  // The first tab still shows the member active; saving with nothing changed sends nothing.
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Tidak ada perubahan untuk disimpan.')).toBeVisible();
  // Verified is ticked there and saved: the member is verified, and still suspended.
  await page.getByLabel('Terverifikasi').check();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.locator('.member-status')).toContainText('Ditangguhkan');
  await expect(page.locator('.member-status')).toContainText('Terverifikasi');
  await context.close();
});

test('an editor cannot reach member management; support cannot edit content, memos or results', async ({ browser, site }) => {
  const editor = await signedIn(browser, site, 'editor');
  const nav = editor.page.getByRole('navigation', { name: 'Navigasi admin' });
  await editor.page.goto('/admin');
  await expect(nav.getByRole('link', { name: 'Memo' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Member' })).toHaveCount(0);
  const res = await editor.page.goto('/admin/member');
  expect(res?.status()).toBe(403);
  await expect(editor.page.getByText('Anda tidak memiliki akses ke halaman ini.')).toBeVisible();
  expect(await editor.page.evaluate(async () => (await fetch('/api/v1/admin/members')).status)).toBe(403);
  await editor.page.goto('/admin/pertandingan');
  await expect(editor.page.getByText('Anda hanya dapat melihat data ini.')).toBeVisible();
  // A memo in the list (the editor may write one), so that its row's delete button is there to be
  // missing for support.
  const m = await browser.newContext({ baseURL: site.origin });
  const { username } = await newMember(await m.newPage());
  await m.close();
  await editor.page.goto('/admin/memo');
  const subject = `Memo untuk support ${username}`;
  expect((await api(editor.page, 'POST', '/api/v1/admin/memos', { audience: 'member', username, subject, body: 'Isi memo.' })).status).toBe(201);
  await editor.context.close();

  const support = await signedIn(browser, site, 'support');
  await support.page.goto('/admin/member');
  await expect(support.page.getByRole('heading', { name: 'Member' })).toBeVisible();
  for (const path of ['/admin/promosi', '/admin/memo', '/admin/pengaturan']) {
    await support.page.goto(path);
    await expect(support.page.getByText('Anda hanya dapat melihat data ini.').first(), path).toBeVisible();
    if (path === '/admin/memo') await expect(support.page.getByRole('cell', { name: subject, exact: true })).toBeVisible();
    // Every button that writes: a row's delete button is named 'Hapus: <what it deletes>'.
    await expect(support.page.getByRole('button', { name: /^(Simpan|Tambah|Kirim|Hapus)\b/ }), path).toHaveCount(0);
  }
  await support.context.close();
});
