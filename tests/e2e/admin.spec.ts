import { test, expect, signedIn, freshCode, api, type Site } from './support/site.ts';
import { authenticatorCode } from '../support/totp.ts';
import { newMember } from './support/member.ts';
import { expectNoRequiredMarks, expectRequiredFields } from './support/forms.ts';

// One story, in order: the owner signs in for the first time, edits the site, and visitors see
// it at once; then what an editor and a support admin may and may not do.
test.describe.configure({ mode: 'serial' });

const CONTENT_PAGES = ['/admin/pengaturan', '/admin/promosi', '/admin/banner', '/admin/kontak', '/admin/link-alternatif'];

async function visitor(browser: import('@playwright/test').Browser, site: Site) {
  const context = await browser.newContext({ baseURL: site.origin });
  return { context, page: await context.newPage() };
}

test('back-office pages send a visitor without a session to the login, which names the page to return to', async ({ page }) => {
  for (const path of ['/admin', '/admin/password']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/admin\/login$/);
  }
  for (const path of ['/admin/audit', ...CONTENT_PAGES, '/admin/member?q=budi']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`/admin/login?next=${encodeURIComponent(path)}`);
  }
  await expect(page.getByRole('heading', { name: 'Login Admin' })).toBeVisible();
  // The back office's name leads nowhere before sign-in (/admin is this page again).
  await expect(page.locator('.admin-header .brand')).toBeVisible();
  await expect(page.locator('.admin-header').getByRole('link')).toHaveCount(0);
  // The redirect itself is kept out of caches and indexes, like the pages.
  const redirect = await page.request.get('/admin/audit', { maxRedirects: 0 });
  expect([redirect.status(), redirect.headers()['location'], redirect.headers()['cache-control'], redirect.headers()['x-robots-tag']]).toEqual([302, '/admin/login?next=%2Fadmin%2Faudit', 'no-store', 'noindex']);
});

test('a wrong password is refused in Indonesian, and repeated failures are rate limited', async ({ page }) => {
  await page.goto('/admin/login');
  await expectRequiredFields(page.locator('main form'), ['Username', 'Password']);
  await page.getByLabel('Username').fill('bukan-admin');
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Password', { exact: true }).fill(`salah-${i}`);
    await page.getByRole('button', { name: 'Masuk' }).click();
    await expect(page.getByRole('alert')).toHaveText('Username atau Password Salah');
  }
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByRole('alert')).toHaveText('Terlalu banyak percobaan. Silahkan coba lagi dalam 15 menit.');
});

test('the owner signs in: one-time password, TOTP enrolment, new password', async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'owner');
  await expect(page.getByRole('heading', { name: 'Dasbor' })).toBeVisible();
  await expect(page.getByText(`Masuk sebagai ${site.accounts.owner.username} (Pemilik).`)).toBeVisible();
  await expect(page.locator('.admin-header .brand')).toHaveAttribute('href', '/admin');
  const nav = page.getByRole('navigation', { name: 'Navigasi admin' });
  for (const label of ['Pengaturan Situs', 'Promosi', 'Banner Lobby', 'Kontak & Sosial Media', 'Link Alternatif', 'Log Audit']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  // The secret is shown only until enrolment.
  await page.goto('/admin/2fa');
  await expect(page).toHaveURL(/\/admin$/);
  await context.close();
});

test('a verification code sent after the sign-in session ended says so and links to the sign-in in the same tab', async ({ browser, site }) => {
  // The account's first sign-in is behind it: its password is the one it chose.
  const first = await signedIn(browser, site, 'support');
  await first.context.close();
  const context = await browser.newContext({ baseURL: site.origin });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(site.accounts.support.username);
  await page.getByLabel('Password', { exact: true }).fill(site.accounts.support.password!);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/admin\/2fa$/);
  // Past the step's ten minutes (or signed out elsewhere): the session cookie is gone.
  await context.clearCookies();
  await page.getByLabel('Kode verifikasi').fill('123456');
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Sesi admin berakhir. Silahkan login kembali.' });
  await expect(alert).toBeVisible();
  const link = alert.getByRole('link', { name: 'Login Admin' });
  await expect(link).not.toHaveAttribute('target', /./);
  await link.click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await context.close();
});

test('a save after the session ended keeps the page and its edits, says so, and offers the sign-in in a new tab', async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'owner');
  await page.goto('/admin/pengaturan');
  const running = page.getByLabel('Teks berjalan');
  await running.fill('Perubahan yang belum tersimpan');
  // Signed out elsewhere (or idle too long): the session cookie is gone.
  await context.clearCookies();
  await page.getByRole('button', { name: 'Simpan' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Sesi admin berakhir. Silahkan login kembali.' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Login Admin' })).toHaveAttribute('target', '_blank');
  await expect(alert.getByRole('link', { name: 'Login Admin' })).toHaveAttribute('href', '/admin/login');
  await expect(page).toHaveURL(/\/admin\/pengaturan$/);
  await expect(running).toHaveValue('Perubahan yang belum tersimpan');
  await expect(page.getByRole('button', { name: 'Simpan' })).toBeFocused();
  await context.close();
});

test('a result for a match that has not kicked off is refused under its Status, which gets the focus; a date that does not exist is said', async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'owner');
  // A week after the test servers' football clock (23 November 2026): every match there is to come.
  await page.goto('/admin/pertandingan?date=2026-11-28');
  const match = page.locator('.item[role="group"]').first();
  await match.getByLabel('Status').selectOption({ label: 'Selesai' });
  await match.getByLabel('FT tuan rumah').fill('1');
  await match.getByLabel('FT tamu').fill('0');
  await match.getByRole('button', { name: 'Simpan hasil' }).click();
  const message = 'Pertandingan ini belum dimulai: pilih Terjadwal, Ditunda, atau Dibatalkan.';
  await expect(match.getByText(message)).toBeVisible();
  await expect(match.getByLabel('Status')).toBeFocused();
  await expect(match.getByLabel('Status')).toHaveAccessibleDescription(message);
  await expect(match.locator('.form-status')).toBeEmpty();

  // A date that does not exist is said, not passed over: the list is today's (the clock's).
  await page.goto('/admin/pertandingan?date=2026-02-31');
  await expect(page.getByRole('alert')).toHaveText('Tanggal di alamat tidak sah; yang ditampilkan pertandingan hari ini.');
  await expect(page.getByLabel('Tanggal')).toHaveValue('2026-11-23');
  await page.goto('/admin/pertandingan?date=2026-11-28');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await context.close();
});

test("a saved result shows above its form at once; a save that keeps the 90-minute score keeps a final's extra time and shoot-out; a form opened before another save is refused", async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'owner');
  // The 2022 World Cup final (22.00 WIB): 2-2, 3-3 after extra time, Argentina on penalties.
  await page.goto('/admin/pertandingan?date=2022-12-18');
  const final = page.getByRole('group', { name: 'Argentina vs Prancis' });
  const line = final.locator('[data-result]');
  await expect(line).toHaveText('Selesai 2-2 · babak tambahan 3-3 · adu penalti 4-2');
  await expect(final.getByText('Skor babak tambahan dan adu penalti dari sumber data tetap tersimpan selama status dan skor FT tidak diubah.')).toBeVisible();
  await final.getByRole('button', { name: 'Simpan hasil' }).click();
  await expect(final.getByText('Tersimpan.')).toBeVisible();
  await expect(line).toHaveText('Selesai 2-2 · babak tambahan 3-3 · adu penalti 4-2');
  await page.reload();
  await expect(line).toHaveText('Selesai 2-2 · babak tambahan 3-3 · adu penalti 4-2');

  // A Championship match of 21 November (kicked off, no result in the data) is postponed: the line
  // says so without a reload.
  // A second tab holds the same page, opened before the save.
  await page.goto('/admin/pertandingan?date=2026-11-21');
  const other = await context.newPage();
  await other.goto('/admin/pertandingan?date=2026-11-21');
  const match = page.locator('.item[role="group"]').filter({ hasText: 'Championship' }).first();
  await expect(match.locator('[data-result]')).toHaveText('Terjadwal');
  await match.getByLabel('Status').selectOption({ label: 'Dibatalkan' });
  await match.getByRole('button', { name: 'Simpan hasil' }).click();
  await expect(match.getByText('Tersimpan.')).toBeVisible();
  await expect(match.locator('[data-result]')).toHaveText('Dibatalkan');
  // The same page saves again: it moved on with its own save.
  await match.getByLabel('Status').selectOption({ label: 'Ditunda' });
  await match.getByRole('button', { name: 'Simpan hasil' }).click();
  await expect(match.getByText('Tersimpan.')).toBeVisible();
  await expect(match.locator('[data-result]')).toHaveText('Ditunda');
  // The second tab still shows 'Terjadwal': its save would overwrite a postponement it never saw.
  const stale = other.locator('.item[role="group"]').filter({ hasText: 'Championship' }).first();
  await expect(stale.locator('[data-result]')).toHaveText('Terjadwal');
  await stale.getByLabel('Status').selectOption({ label: 'Dibatalkan' });
  await stale.getByRole('button', { name: 'Simpan hasil' }).click();
  await expect(stale.getByRole('alert').filter({ hasText: 'Hasil pertandingan ini sudah berubah sejak halaman ini dibuka (oleh admin lain atau sumber data).' })).toBeVisible();
  await other.reload();
  await expect(stale.locator('[data-result]')).toHaveText('Ditunda');
  await context.close();
});

test('the owner edits the running text and a visitor sees it at once', async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'owner');
  const text = `Turnamen akhir pekan dimulai ${Date.now()}`;
  await page.goto('/admin/pengaturan');
  const article = page.getByLabel('Artikel (HTML)');
  const articleBefore = await article.inputValue();
  await page.getByLabel('Teks berjalan').fill(`  ${text}  `);
  await article.fill(`${articleBefore}<p>Syarat & ketentuan <a href="https://gelora.example/s">berlaku</a><script>alert(1)</script></p>`);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tersimpan.' })).toBeVisible();
  // The form shows what was stored, as the site will show it: trimmed, the HTML sanitised.
  await expect(page.getByLabel('Teks berjalan')).toHaveValue(text);
  await expect(article).toHaveValue(
    `${articleBefore}<p>Syarat &amp; ketentuan <a href="https://gelora.example/s" rel="noopener noreferrer nofollow">berlaku</a></p>`,
  );
  // As a fresh load of the form shows it (the audit log's test counts this one save).
  await page.reload();
  await expect(article).toHaveValue(
    `${articleBefore}<p>Syarat &amp; ketentuan <a href="https://gelora.example/s" rel="noopener noreferrer nofollow">berlaku</a></p>`,
  );

  const v = await visitor(browser, site);
  await v.page.goto('/');
  await expect(v.page.getByRole('marquee')).toContainText(text);
  await v.context.close();
  await context.close();
});

test('the owner adds a promotion and a visitor sees it at once', async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'owner');
  await page.goto('/admin/promosi');
  const form = page.getByRole('region', { name: 'Promosi baru' });
  await expectRequiredFields(form, ['Slot', 'Judul'], ['URL gambar', 'Deskripsi (HTML)'], page.getByRole('main'));
  const free = await form.getByLabel('Slot').locator('option').allTextContents();
  expect(free).toContain('5');
  await form.getByLabel('Slot').selectOption('5');
  await form.getByLabel('Judul').fill('Turnamen Prediksi Piala');
  await form.getByLabel('URL gambar').fill('/promo/promo-2.svg');
  await form.getByLabel('Deskripsi (HTML)').fill(
    '<p>Ikuti <strong>turnamen prediksi</strong> sepanjang musim dan kumpulkan poin dari setiap tebakan skor yang tepat.</p>',
  );
  await form.getByRole('button', { name: 'Tambah' }).click();
  const added = page.getByRole('group', { name: 'Slot 5: Turnamen Prediksi Piala' });
  await expect(added).toBeVisible();
  // Its edit form offers its own slot and the free ones, none another promotion holds, and says
  // what happens to its HTML as the new form does.
  await expect(added.getByLabel('Slot')).toHaveValue('5');
  await expect(added.getByLabel('Slot').locator('option')).toHaveText(free);
  await expect(added.getByLabel('Deskripsi (HTML)')).toHaveAccessibleDescription('HTML dibersihkan saat disimpan: skrip, style, iframe, dan atribut event dibuang.');

  const v = await visitor(browser, site);
  await v.page.goto('/');
  await expect(v.page.getByRole('region', { name: 'Promosi' }).getByText('Turnamen Prediksi Pi...')).toBeVisible();
  await v.page.goto('/promosihome');
  const promo = v.page.locator('details.promo', { hasText: 'Turnamen Prediksi Pi...' });
  await expect(promo.locator('.promo-summary')).toHaveText(
    'Ikuti turnamen prediksi sepanjang musim dan kumpulkan poin dari setiap...',
  );
  await promo.locator('summary').click();
  await expect(promo.getByRole('heading', { name: 'Turnamen Prediksi Piala' })).toBeVisible();
  await expect(promo.locator('strong')).toHaveText('turnamen prediksi');
  await v.context.close();

  // Moved to another free slot: every slot choice on the page follows at once (the slot it left is
  // free, the one it took no one else's), and what is typed, unsaved, in another promotion's form
  // stays (a reload would have thrown it away).
  const first = page.getByRole('group', { name: /^Slot 1: / });
  await first.getByLabel('Judul').fill('Belum disimpan');
  const other = free.find((slot) => slot !== '5')!;
  const left = free.filter((slot) => slot !== other);
  await added.getByLabel('Slot').selectOption(other);
  await added.getByRole('button', { name: 'Simpan' }).click();
  const moved = page.getByRole('group', { name: `Slot ${other}: Turnamen Prediksi Piala` });
  await expect(moved.getByRole('status')).toHaveText('Tersimpan.');
  await expect(form.getByLabel('Slot').locator('option')).toHaveText(left);
  await expect(moved.getByLabel('Slot').locator('option')).toHaveText(free);
  await expect(first.getByLabel('Slot').locator('option')).toHaveText(['1', ...left]);
  await expect(first.getByLabel('Judul')).toHaveValue('Belum disimpan');
  // As a fresh load of the page offers them.
  await page.reload();
  await expect(form.getByLabel('Slot').locator('option')).toHaveText(left);
  await expect(moved.getByLabel('Slot').locator('option')).toHaveText(free);
  await expect(first.getByLabel('Slot').locator('option')).toHaveText(['1', ...left]);
  await context.close();
});

test('the audit log shows every write with its admin, action, change and IP', async ({ browser, site }) => {
  // Someone tries the owner's account with a wrong password, in another browser.
  const stranger = await browser.newContext({ baseURL: site.origin });
  const guess = await stranger.newPage();
  await guess.goto('/admin/login');
  await guess.getByLabel('Username').fill(site.accounts.owner.username);
  await guess.getByLabel('Password', { exact: true }).fill('tebakan-yang-salah');
  await guess.getByRole('button', { name: 'Masuk' }).click();
  await expect(guess.getByRole('alert')).toHaveText('Username atau Password Salah');
  await stranger.close();

  const { context, page } = await signedIn(browser, site, 'owner');
  await page.goto('/admin/audit');
  await expect(page.getByText('juga percobaan masuk ke akun admin yang gagal karena password atau kode verifikasi salah')).toBeVisible();
  const failed = page.locator('tbody tr').filter({ hasText: 'auth.login_failed' });
  await expect(failed).toHaveCount(1);
  await expect(failed.getByRole('cell', { name: 'Gagal masuk: password salah auth.login_failed' })).toBeVisible();
  // Whoever tried is not known: the row names the account, not an admin who acted.
  await expect(failed.getByRole('cell', { name: `Tidak dikenal (akun ${site.accounts.owner.username})`, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Log Audit' })).toBeVisible();
  // A page past the last one is the last page, not 'Belum ada catatan.'.
  await page.goto('/admin/audit?page=99999');
  await expect(page).toHaveURL(/\/admin\/audit\?page=\d{1,3}$/);
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await page.goto('/admin/audit');
  // The link to the public site says, to a screen reader too, that it opens a new tab.
  await expect(page.getByRole('link', { name: 'Lihat situs (membuka tab baru)' })).toHaveAttribute('target', '_blank');
  const rows = page.locator('tbody tr');
  const promo = rows.filter({ hasText: 'promotion.create' });
  await expect(promo).toHaveCount(1);
  await expect(promo).toContainText(site.accounts.owner.username);
  await expect(promo).toContainText('127.0.0.1');
  // Each action in Indonesian, its code beside it.
  await expect(promo.getByRole('cell', { name: 'Promosi ditambahkan promotion.create' })).toBeVisible();
  // The target in words (the promotion's title), its code beside it.
  await expect(promo.getByRole('cell', { name: /^Promosi \d+ · Turnamen Prediksi Piala promotion:\d+$/ })).toBeVisible();
  // Each entry's toggle says, to a screen reader, which entry it opens; a new row shows its fields.
  await expect(promo.locator('summary')).toHaveAccessibleName(/^Perubahan: Promosi ditambahkan, Promosi \d+ · Turnamen Prediksi Piala$/);
  await promo.getByText('Perubahan').click();
  // In the form's order (the database keeps a snapshot's keys shortest first).
  await expect(promo.locator('.changes dt')).toHaveText(['id', 'Slot slot', 'Judul title', 'URL gambar imageUrl', 'Deskripsi (HTML) descriptionHtml']);
  await expect(promo.locator('.changes dd').nth(2)).toHaveText('Sesudah: Turnamen Prediksi Piala');
  // A change shows only the fields it changed (the running text and the article), before and after.
  const settings = rows.filter({ hasText: 'settings.update' });
  await expect(settings).toHaveCount(1);
  await settings.getByText('Perubahan').click();
  await expect(settings.locator('.changes dt')).toHaveText(['Teks berjalan runningText', 'Artikel (HTML) articleHtml']);
  await expect(settings.locator('.changes dd').first()).toHaveText(/^\s*Sebelum: Selamat datang di Gelora!.* Sesudah: Turnamen akhir pekan dimulai \d+\s*$/s);
  for (const [words, code] of [
    ['Admin dibuat', 'admin.create'],
    ['Verifikasi dua langkah diaktifkan', 'auth.totp_enrol'],
    ['Password diganti', 'auth.password_change'],
  ]) {
    await expect(page.getByRole('cell', { name: `${words} ${code}` }).first()).toBeVisible();
  }
  await context.close();
});

test('on a 360 px phone the back office does not scroll sideways: a wide table scrolls inside its card', async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'owner');
  await newMember(page, site.origin);
  await page.setViewportSize({ width: 360, height: 740 });
  // By now the log holds long action names (auth.password_change) and IP addresses; the member
  // list has six columns, the last one headed for screen readers only.
  for (const path of ['/admin/audit', '/admin/member']) {
    await page.goto(path);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} is no wider than the screen`).toBeLessThanOrEqual(360);
    const box = await page.locator('table').evaluate((t) => ({ width: t.scrollWidth, shown: t.parentElement!.clientWidth }));
    expect(box.width, `${path}: the table is wider than its card, and scrolls in it`).toBeGreaterThan(box.shown);
  }
  await context.close();
});

test('a refused field turns red, is focused, and its message is its description; a broken image shows the placeholder', async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'owner');
  await page.goto('/admin/banner');
  const form = page.getByRole('region', { name: 'Banner baru' });
  const url = form.getByLabel('URL gambar');
  await url.fill('gambar-banner.png');
  await form.getByRole('button', { name: 'Tambah' }).click();
  const message = 'Alamat gambar harus diawali https:// atau / (berkas situs).';
  await expect(form.getByText(message)).toBeVisible();
  await expect(url).toBeFocused();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveAccessibleDescription(message);
  await expect(url).toHaveCSS('border-top-color', 'rgb(209, 52, 56)');
  // Said once, under the field: the status line neither repeats it nor adds a general message.
  await expect(form.locator('.form-status')).toBeEmpty();
  await expect(form.getByText(message)).toHaveCount(1);

  // A required field left empty is refused by the server in Indonesian, under the field (the
  // browser's own bubble would speak the browser's language).
  await url.fill('');
  await form.getByRole('button', { name: 'Tambah' }).click();
  await expect(form.getByText('Data tidak boleh kosong')).toBeVisible();
  await expect(url).toBeFocused();
  await expect(url).toHaveAccessibleDescription('Data tidak boleh kosong');

  // A banner whose image is missing: the admin sees the placeholder, not an empty box.
  await url.fill('/banner/tidak-ada.svg');
  await form.getByRole('button', { name: 'Tambah' }).click();
  const added = page.getByRole('group').filter({ has: page.locator('input[value="/banner/tidak-ada.svg"]') });
  await expect(added.locator('img.thumb')).toHaveAttribute('src', '/logo-dummy.svg');
  await expect.poll(() => added.locator('img.thumb').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  page.on('dialog', (d) => void d.accept());
  // Its delete button names what it deletes, not only the group it sits in.
  await added.getByRole('button', { name: /^Hapus: Banner \d+$/ }).click();
  await expect(added).toHaveCount(0);
  // Said at the top of the page it reloaded, where the keyboard now starts.
  await expect(page.getByRole('status').filter({ hasText: 'Terhapus.' })).toBeFocused();
  await context.close();
});

test("a banner's alt text from the back office names its image in the lobby; without one, its place does", async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'owner');
  await page.goto('/admin/banner');
  const form = page.getByRole('region', { name: 'Banner baru' });
  await form.getByLabel('URL gambar').fill('/banner/banner-3.svg');
  const alt = form.getByLabel('Teks alternatif');
  await expect(alt).toHaveAccessibleDescription(/^Tulisan pada gambar, untuk pembaca layar \(maksimal 200 karakter\)/);
  // The server holds it to 200 characters, whatever the form lets through, and says so in Indonesian.
  await alt.evaluate((el) => el.removeAttribute('maxlength'));
  await alt.fill('a'.repeat(201));
  await form.getByRole('button', { name: 'Tambah' }).click();
  await expect(form.getByText('Maksimal 200 karakter.')).toBeVisible();
  await expect(alt).toBeFocused();
  await expect(alt).toHaveAttribute('aria-invalid', 'true');
  await alt.fill('Uji: tulisan pada banner');
  await form.getByRole('button', { name: 'Tambah' }).click();
  const added = page.getByRole('group').filter({ has: page.locator('input[name="altText"][value="Uji: tulisan pada banner"]') });
  await expect(added).toHaveCount(1);

  const m = await visitor(browser, site);
  await newMember(m.page);
  const lobbyImages = async () => {
    await m.page.goto('/lobby');
    return m.page.getByRole('region', { name: 'Banner' }).getByRole('img');
  };
  let images = await lobbyImages();
  await expect(images.first()).toHaveAccessibleName('Selamat bermain: Koin gratis harian segera hadir');
  await expect(images.last()).toHaveAccessibleName('Uji: tulisan pada banner');
  await expect(images.last()).toHaveAttribute('src', '/banner/banner-3.svg');

  // Cleared, the banner is named by its place again.
  await added.getByLabel('Teks alternatif').fill('');
  await added.getByRole('button', { name: 'Simpan' }).click();
  await expect(added.getByText('Tersimpan.')).toBeVisible();
  images = await lobbyImages();
  const count = await images.count();
  await expect(images.last()).toHaveAccessibleName(`Banner ${count} dari ${count}`);

  // First in line with an image that fails to load, it shows the placeholder (001 §8) under its name.
  await added.getByLabel('URL gambar').fill('/banner/tidak-ada.svg');
  await added.getByLabel('Urutan').fill('0');
  await added.getByRole('button', { name: 'Simpan' }).click();
  await expect(added.getByText('Tersimpan.')).toBeVisible();
  images = await lobbyImages();
  await expect(images.first()).toHaveAttribute('src', '/logo-dummy.svg');
  await expect(images.first()).toHaveAccessibleName(`Banner 1 dari ${count}`);

  page.on('dialog', (d) => void d.accept());
  await added.getByRole('button', { name: /^Hapus: Banner \d+$/ }).click();
  await expect(added).toHaveCount(0);
  await m.context.close();
  await context.close();
});

test('the live chat loads only when asked for, from the configured id', async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'owner');
  await page.goto('/admin/pengaturan');
  await page.getByLabel('ID live chat').fill('64a1b2c3d4e5f6a7b8c9d0e1/1h4abcdef');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tersimpan.' })).toBeVisible();

  const v = await visitor(browser, site);
  const requested: string[] = [];
  // There is no internet here: the provider's script fails to load, as it would if the provider were down.
  await v.context.route('https://embed.tawk.to/**', (route) => {
    requested.push(route.request().url());
    return route.abort();
  });
  const response = await v.page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain('https://embed.tawk.to');
  await v.page.waitForLoadState('load');
  expect(requested).toEqual([]);
  // Configured, live chat is on: the floating launcher and the login box's shortcut lead to it.
  await expect(v.page.locator('#live-chat').getByRole('button', { name: 'Live Chat' })).toBeVisible();
  await expect(v.page.getByRole('region', { name: 'Masuk ke akun Anda' }).getByRole('link', { name: 'Live Chat' })).toBeVisible();
  await v.page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Keluhan' }).click();
  const dialog = v.page.getByRole('dialog', { name: 'Live Chat' });
  await expect(dialog).toContainText('Opps, Livechat sedang gangguan, silahkan hubungi kami melalui WhatsApp atau Telegram!');
  expect(requested).toEqual(['https://embed.tawk.to/64a1b2c3d4e5f6a7b8c9d0e1/1h4abcdef']);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  // Under 425 px there is no widget: the launcher is hidden and Keluhan opens the chat page.
  await v.page.setViewportSize({ width: 400, height: 800 });
  await expect(v.page.getByRole('button', { name: 'Live Chat' })).toBeHidden();
  await v.context.route('https://tawk.to/chat/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }));
  const popup = v.page.waitForEvent('popup');
  await v.page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Keluhan' }).click();
  expect((await popup).url()).toBe('https://tawk.to/chat/64a1b2c3d4e5f6a7b8c9d0e1/1h4abcdef');
  expect(requested).toHaveLength(1);
  await v.context.close();

  await api(page, 'GET', '/api/v1/admin/settings').then(async ({ json }) =>
    api(page, 'PUT', '/api/v1/admin/settings', { ...(json.item as object), liveChatId: '' }),
  );
  await context.close();
});

test('an editor edits content but cannot reach the audit log', async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'editor');
  await expect(page.getByRole('navigation', { name: 'Navigasi admin' }).getByRole('link', { name: 'Log Audit' })).toHaveCount(0);
  const res = await page.goto('/admin/audit');
  expect(res?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Akses Ditolak' })).toBeVisible();
  const audit = await api(page, 'GET', '/api/v1/admin/audit');
  expect(audit).toEqual({ status: 403, json: { message: 'Anda tidak memiliki akses untuk tindakan ini.' } });

  for (const path of CONTENT_PAGES) {
    const r = await page.goto(path);
    expect(r?.status(), path).toBe(200);
    await expect(page.getByText('Anda hanya dapat melihat data ini.')).toHaveCount(0);
  }
  await page.goto('/admin/kontak');
  const line = page.getByRole('group', { name: 'Line (ID 4)' });
  await line.getByLabel('Aktif').check();
  await line.getByRole('button', { name: 'Simpan' }).click();
  await expect(line.getByRole('status')).toHaveText('Tersimpan.');
  // The button keeps the keyboard focus (disabled while saving, it lost it to the page).
  await expect(line.getByRole('button', { name: 'Simpan' })).toBeFocused();
  // The live chat channel says what else it needs; no channel shows its internal kind code.
  const liveChat = page.getByRole('group', { name: 'Live Chat (ID 11)' });
  await expect(liveChat).toContainText("Live chat tampil di situs hanya bila 'ID live chat' di Pengaturan juga diisi.");
  await expect(page.locator('main')).not.toContainText(/· (livechat|whatsapp|telegram)\b/);
  // Each says what kind it is and where it shows; live chat, which opens the widget, asks for no address.
  await expect(line).toContainText('Jenis: LINE · Tampil di: Beranda, Halaman Kontak · ID 4');
  await expect(page.getByRole('group', { name: 'Facebook (ID 5)' })).toContainText('Jenis: Facebook · Tampil di: Beranda · ID 5');
  await expect(page.getByRole('group', { name: 'Email (ID 10)' })).toContainText('Jenis: Email · Tampil di: Halaman Kontak · ID 10');
  await expect(liveChat.getByLabel('URL tujuan')).toHaveCount(0);
  await expect(line.getByLabel('URL tujuan')).toBeVisible();
  // /kontak lists a channel while it is on, and no longer once it is off again.
  const contacts = page.getByRole('list', { name: 'Kontak admin' });
  await page.goto('/kontak');
  await expect(contacts.getByRole('link', { name: 'Line' })).toBeVisible();
  await page.goto('/admin/kontak');
  await line.getByLabel('Aktif').uncheck();
  await line.getByRole('button', { name: 'Simpan' }).click();
  await expect(line.getByRole('status')).toHaveText('Tersimpan.');
  await page.goto('/kontak');
  await expect(contacts.getByRole('link', { name: 'WhatsApp 1' })).toBeVisible();
  await expect(contacts.getByText('Line')).toHaveCount(0);
  await context.close();
});

test('a support admin reads content but cannot change it, screen by screen and call by call', async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'support');
  for (const path of CONTENT_PAGES) {
    const r = await page.goto(path);
    expect(r?.status(), path).toBe(200);
    await expect(page.getByText('Anda hanya dapat melihat data ini.'), path).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Simpan|Tambah|Hapus)\b/ }), path).toHaveCount(0);
    const inputs = await page.locator('main input, main textarea').all();
    expect(inputs.length, path).toBeGreaterThan(0);
    for (const input of inputs) await expect(input).toBeDisabled();
    await expectNoRequiredMarks(page.getByRole('main'));
  }
  expect((await page.goto('/admin/audit'))?.status()).toBe(403);

  const promos = (await api(page, 'GET', '/api/v1/admin/promotions')).json.items as { id: number; slot: number }[];
  const banners = (await api(page, 'GET', '/api/v1/admin/banners')).json.items as { id: number }[];
  const links = (await api(page, 'GET', '/api/v1/admin/alt-links')).json.items as { id: number }[];
  const settings = (await api(page, 'GET', '/api/v1/admin/settings')).json.item as object;
  const calls: [string, string, unknown?][] = [
    ['PUT', '/api/v1/admin/settings', { ...settings, runningText: 'dari support' }],
    ['POST', '/api/v1/admin/promotions', { slot: 6, imageUrl: '', title: 'x', descriptionHtml: '' }],
    ['PUT', `/api/v1/admin/promotions/${promos[0]!.id}`, { slot: promos[0]!.slot, imageUrl: '', title: 'x', descriptionHtml: '' }],
    ['DELETE', `/api/v1/admin/promotions/${promos[0]!.id}`],
    ['POST', '/api/v1/admin/banners', { imageUrl: '/banner/banner-1.svg', active: true, position: 1 }],
    ['PUT', `/api/v1/admin/banners/${banners[0]!.id}`, { imageUrl: '/banner/banner-1.svg', active: false, position: 1 }],
    ['DELETE', `/api/v1/admin/banners/${banners[0]!.id}`],
    ['PUT', '/api/v1/admin/channels/1', { label: 'WhatsApp 1', targetUrl: '', active: false }],
    ['POST', '/api/v1/admin/alt-links', { name: 'x', url: 'https://x.example', position: 1 }],
    ['PUT', `/api/v1/admin/alt-links/${links[0]!.id}`, { name: 'x', url: 'https://x.example', position: 1 }],
    ['DELETE', `/api/v1/admin/alt-links/${links[0]!.id}`],
    ['GET', '/api/v1/admin/audit'],
  ];
  for (const [method, url, body] of calls) {
    expect(await api(page, method, url, body), `${method} ${url}`).toEqual({ status: 403, json: { message: 'Anda tidak memiliki akses untuk tindakan ini.' } });
  }
  await context.close();
});

test('an enrolled admin signs in again with a fresh code, back on the page that asked; logging out ends that session', async ({ browser, site }) => {
  const account = site.accounts.owner;
  const context = await browser.newContext({ baseURL: site.origin });
  // A sign-in begun in another tab for another page, and left there.
  const abandoned = await context.newPage();
  await abandoned.goto('/admin/login?next=%2Fadmin%2Fkontak');
  const page = await context.newPage();
  await page.goto('/admin/audit?page=1');
  await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Faudit%3Fpage%3D1');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password!);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByRole('heading', { name: 'Verifikasi Dua Langkah' })).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toHaveCount(0);
  const valid = new Set([-30_000, 0, 30_000].map((d) => authenticatorCode(account.secret!, Date.now() + d)));
  await page.getByLabel('Kode verifikasi').fill(['000000', '111111', '222222', '333333'].find((c) => !valid.has(c))!);
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  const code = page.getByLabel('Kode verifikasi');
  await expect(code).toHaveAccessibleDescription('Kode verifikasi salah atau sudah dipakai.');
  await expect(code).toBeFocused();
  await expect(page.getByText('Kode verifikasi salah atau sudah dipakai.')).toHaveCount(1);
  await page.getByLabel('Kode verifikasi').fill(await freshCode(account));
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page).toHaveURL('/admin/audit?page=1');
  await expect(page.getByRole('heading', { name: 'Log Audit' })).toBeVisible();
  // The abandoned tab, now signed in through the cookie, forgets its page to return to as soon as
  // it opens a page past the sign-in: a later password change there ends on the dashboard.
  expect(await abandoned.evaluate(() => sessionStorage.getItem('adminReturn'))).toBe('/admin/kontak');
  await abandoned.goto('/admin/promosi');
  expect(await abandoned.evaluate(() => sessionStorage.getItem('adminReturn'))).toBeNull();
  await abandoned.close();

  // Signed in, the login page sends on to the page it names, but only to one of the back office.
  for (const [next, to] of [
    ['/admin/promosi', '/admin/promosi'],
    ['//evil.example/admin', '/admin'],
    ['https://evil.example/admin', '/admin'],
    ['/lobby', '/admin'],
  ] as const) {
    await page.goto(`/admin/login?next=${encodeURIComponent(next)}`);
    await expect(page, next).toHaveURL(to);
  }

  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/promosi');
  await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fpromosi');
  await context.close();

  // The owner's other session is untouched.
  const other = await signedIn(browser, site, 'owner');
  await other.page.goto('/admin');
  await expect(other.page.getByRole('heading', { name: 'Dasbor' })).toBeVisible();
  await other.context.close();
});

test('with every promotion deleted, visitors read Promo Belum Ada', async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'editor');
  await page.goto('/admin/promosi');
  page.on('dialog', (d) => void d.accept());
  while ((await page.getByRole('button', { name: 'Hapus' }).count()) > 0) {
    const before = await page.getByRole('button', { name: 'Hapus' }).count();
    await page.getByRole('button', { name: 'Hapus' }).first().click();
    await expect(page.getByRole('button', { name: 'Hapus' })).toHaveCount(before - 1);
  }
  const v = await visitor(browser, site);
  await v.page.goto('/promosihome');
  await expect(v.page.getByText('Promo Belum Ada')).toBeVisible();
  const m = await visitor(browser, site);
  await newMember(m.page); // /promosilobby is a member page
  await m.page.goto('/promosilobby');
  await expect(m.page.getByText('Promo Belum Ada')).toBeVisible();
  await m.context.close();
  await v.page.goto('/');
  await expect(v.page.getByRole('region', { name: 'Promosi' })).toContainText('Promo Belum Ada');
  await v.context.close();
  await context.close();
});

test('a long one-word site name wraps on a 360 px phone instead of widening the page', async ({ browser, site }) => {
  const { context, page } = await signedIn(browser, site, 'owner');
  await page.goto('/admin/pengaturan');
  const settings = (await api(page, 'GET', '/api/v1/admin/settings')).json.item as { siteName: string };
  // 59 characters without a space: the form allows 60.
  const name = 'GeloraSepakBolaIndonesiaGeloraSepakBolaIndonesiaGeloraSepak';
  expect((await api(page, 'PUT', '/api/v1/admin/settings', { ...settings, siteName: name })).status).toBe(200);
  const v = await visitor(browser, site);
  try {
    await v.page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/aboutus']) {
      await v.page.goto(path);
      await expect(v.page.locator('footer')).toContainText(name);
      const width = await v.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width} px wide on a 360 px screen`).toBeLessThanOrEqual(360);
    }
    await expect(v.page.getByRole('main')).toContainText(name);
    await v.page.goto('/');
    await expect(v.page.getByRole('heading', { level: 1 })).toHaveText(`Selamat datang di ${name}`);
    // The back office's header too: its brand breaks, and 'Ganti Password' and 'Keluar' stay on screen.
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/admin', '/admin/pengaturan']) {
      await page.goto(path);
      await expect(page.locator('.admin-header')).toContainText(name);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width} px wide on a 360 px screen`).toBeLessThanOrEqual(360);
      await expect(page.getByRole('button', { name: 'Keluar' })).toBeInViewport();
    }
  } finally {
    await v.context.close();
    await api(page, 'PUT', '/api/v1/admin/settings', settings);
    await context.close();
  }
});

// After the audit log's test, which counts the one settings save before it.
test("a form opened before another admin saved is refused, and the other admin's change stays; saved twice from one page, it passes; the editor's meta tags and live chat are read-only", async ({ browser, site }) => {
  const owner = await signedIn(browser, site, 'owner');
  const editor = await signedIn(browser, site, 'editor');
  await owner.page.goto('/admin/pengaturan');
  await editor.page.goto('/admin/pengaturan');
  // The meta tags and the live-chat account are the owner's: the editor sees them disabled, and
  // saves the rest of the form without them.
  for (const label of ['ID live chat', 'Meta tag (HTML)']) {
    await expect(editor.page.getByLabel(label)).toBeDisabled();
    await expect(editor.page.getByLabel(label)).toHaveAccessibleDescription(/^Hanya owner yang dapat mengubah kolom ini\./);
    await expect(owner.page.getByLabel(label)).toBeEnabled();
  }
  const theirs = `Teks dari editor ${Date.now()}`;
  await editor.page.getByLabel('Teks berjalan').fill(theirs);
  await editor.page.getByRole('button', { name: 'Simpan' }).click();
  await expect(editor.page.getByRole('status').filter({ hasText: 'Tersimpan.' })).toBeVisible();
  // The editor saves again from the same page: the page moved on with its save.
  await editor.page.getByLabel('Nama situs').fill(await editor.page.getByLabel('Nama situs').inputValue());
  await editor.page.getByRole('button', { name: 'Simpan' }).click();
  await expect(editor.page.getByRole('status').filter({ hasText: 'Tersimpan.' })).toBeVisible();

  await owner.page.getByLabel('Teks berjalan').fill('Teks lama yang akan menimpa');
  await owner.page.getByRole('button', { name: 'Simpan' }).click();
  await expect(owner.page.getByRole('alert').filter({ hasText: 'Data ini sudah diubah admin lain sejak halaman ini dibuka.' })).toBeVisible();
  await owner.page.reload();
  await expect(owner.page.getByLabel('Teks berjalan')).toHaveValue(theirs);
  await owner.context.close();
  await editor.context.close();
});
