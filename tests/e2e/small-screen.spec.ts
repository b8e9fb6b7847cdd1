// The site on a cheap Android phone (360 × 740): no page scrolls sideways, what used to fall off the
// right edge (the standings' Poin column, an upcoming match's away team, the activity table's Waktu)
// is on screen, and club names in match lists wrap between words, never inside one.
import crypto from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { addDays, serverToday, type Summary } from './support/football.ts';
import { newMember } from './support/member.ts';

const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 740 } });

/** The first day from today (WIB) with predicted fixtures, and its upcoming match with the longest names. */
async function predictedDay(request: APIRequestContext): Promise<{ day: string; match: Summary }> {
  const today = await serverToday(request);
  for (let i = 0; i < 60; i++) {
    const day = addDays(today, i);
    const res = await request.get(`/api/v1/football/predictions?from=${day}&to=${day}&limit=200`);
    expect(res.ok()).toBe(true);
    const upcoming = ((await res.json()) as { items: { match: Summary }[] }).items.map((i) => i.match).filter((m) => m.state === 'upcoming');
    const length = (m: Summary) => m.home.name.length + m.away.name.length;
    if (upcoming.length > 0) return { day, match: upcoming.reduce((a, b) => (length(b) > length(a) ? b : a)) };
  }
  throw new Error('no predicted fixtures in the next 60 days');
}

async function finishedMatchId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/v1/football/matches?view=date&date=2025-05-25&league=152');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { matches: Summary[] }).matches[0]!.id;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(innerWidth);
}

async function expectOnScreen(element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const box = (await element.boundingBox())!;
  expect(box.x, `${await element.textContent()} starts off screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${await element.textContent()} ends at ${box.x + box.width} px`).toBeLessThanOrEqual(WIDTH);
}

/** Words (between spaces and hyphens) of the names in `names` that a line break cuts in two. */
async function cutWords(names: Locator): Promise<string[]> {
  return names.evaluateAll((elements) =>
    elements.flatMap((el) => {
      const cut: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.textContent!.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          if (range.getClientRects().length > 1) cut.push(`${word[0]} (${el.textContent})`);
        }
      }
      return cut;
    }),
  );
}

test('public pages fit the screen', async ({ page, request }) => {
  const finished = await finishedMatchId(request);
  const { day } = await predictedDay(request);
  for (const path of ['/', '/klasemenhome', '/prediksi', `/prediksi?dari=${day}&hingga=${day}`, `/match/${finished}`, '/kontak', '/hubungi', '/register', '/login']) {
    await page.goto(path);
    await expectNoSidewaysScroll(page);
  }
  // The header's last link, Keluhan, is not cut off behind a sideways scroll.
  await expectOnScreen(page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Keluhan' }));
});

test('links and buttons on the public pages are at least 24 px tall, to be hit with a thumb', async ({ page, request }) => {
  const { day } = await predictedDay(request);
  for (const path of ['/', '/login', `/prediksi?dari=${day}&hingga=${day}`, '/klasemenhome']) {
    await page.goto(path);
    // Links inside a sentence are exempt (WCAG 2.5.8): their size is the text's.
    const small = await page.locator('a:visible, button:visible').evaluateAll((elements) =>
      elements
        .filter((el) => !el.closest('p, li.marker, .sr-only') && el.getBoundingClientRect().height < 24)
        .map((el) => `${el.textContent!.trim() || el.getAttribute('aria-label')} (${el.getBoundingClientRect().height.toFixed(1)} px)`),
    );
    expect(small, path).toEqual([]);
  }
});

test('the standings show every column, Poin included, without a sideways scroll', async ({ page }) => {
  // The default table, and a season whose names are among the longest (Borussia Mönchengladbach).
  for (const path of ['/klasemenhome', '/klasemenhome?league=175&season=2024-25']) {
    await page.goto(path);
    await expectNoSidewaysScroll(page);
    for (const column of ['#', 'Tim', 'P', 'GM', 'GK', 'SG', 'Poin']) {
      await expectOnScreen(page.getByRole('columnheader', { name: column, exact: true }));
    }
    await expectOnScreen(page.locator('table.fb-table tbody td.pts').first());
  }
});

test('LIVE SCORE INCOMING lists wrap club names between words', async ({ page }) => {
  await page.goto('/livescorehome');
  await expectNoSidewaysScroll(page);
  await page.getByRole('link', { name: 'INCOMING', exact: true }).click();
  await expect(page.locator('a.fb-row').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await cutWords(page.locator('a.fb-row .home, a.fb-row .away'))).toEqual([]);
});

test('an upcoming match fits the screen on every tab, away team included', async ({ page, request }) => {
  const { match } = await predictedDay(request);
  const header = page.getByRole('article');
  for (const tab of ['', 'info', 'summary', 'lineups', 'h2h', 'prediksi']) {
    await page.goto(`/match/${match.id}${tab ? `?tab=${tab}` : ''}`);
    if (tab === 'prediksi') await expect(page.getByRole('tabpanel', { name: 'Prediksi' }).locator('.fb-pill').first()).toBeVisible();
    if (tab === 'h2h') expect(await cutWords(page.getByRole('tabpanel', { name: 'H2H' }).locator('a.fb-row .home, a.fb-row .away'))).toEqual([]);
    await expectNoSidewaysScroll(page);
    await expectOnScreen(header.getByText(match.home.name, { exact: true }));
    await expectOnScreen(header.getByText(match.away.name, { exact: true }));
  }
  // Switching tabs in place keeps the page within the screen too.
  for (const name of ['Summary', 'Line-Ups', 'H2H', 'Prediksi', 'Info']) {
    await page.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});

test('member pages fit the screen: account activity, standings and live score', async ({ page }) => {
  await newMember(page);
  await page.goto('/setting');
  await expect(page.getByRole('heading', { name: 'Aktivitas Akun' })).toBeVisible();
  await expectOnScreen(page.getByRole('columnheader', { name: 'Waktu' }));
  await expectOnScreen(page.getByRole('cell', { name: /WIB$/ }).first());
  await expectNoSidewaysScroll(page);
  // The old password has the width the new one has, with 'Cek Password' under it, not squeezed beside it.
  const [oldPassword, newPassword, check] = await Promise.all(
    [page.getByLabel('Password Lama'), page.getByLabel('Password Baru', { exact: true }), page.getByRole('button', { name: 'Cek Password' })].map(async (l) => (await l.boundingBox())!),
  );
  expect(oldPassword!.width).toBe(newPassword!.width);
  expect(check!.y).toBeGreaterThanOrEqual(oldPassword!.y + oldPassword!.height);
  await page.goto('/klasemenlobby');
  await expectOnScreen(page.getByRole('columnheader', { name: 'Poin', exact: true }));
  await expectNoSidewaysScroll(page);
  // The top bar's title is read whole (it wraps to a second line), not cut to 'Klasemen Premi…'.
  const title = page.locator('.member-title');
  await expect(title).toHaveText(/^Klasemen .{12,}/);
  expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.goto('/livescorelobby');
  await page.getByRole('link', { name: 'INCOMING', exact: true }).click();
  await expect(page.locator('a.fb-row').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await cutWords(page.locator('a.fb-row .home, a.fb-row .away'))).toEqual([]);
});

test('account activity keeps an IP address whole and its pager inside the card; a timeline score stays on one line', async ({ page }) => {
  const { username } = await newMember(page);
  // A password change (the widest kind, 'ubah password') and eleven logins: a second page of
  // activity (10 a page).
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const changed = await page.request.post('/api/v1/me/password', {
    headers: { authorization: `Bearer ${token}` },
    data: { oldPassword: 'Rahasia1', password: 'Baru2024', passwordConfirm: 'Baru2024' },
  });
  expect(changed.status()).toBe(204);
  for (let i = 0; i < 11; i++) {
    const res = await page.request.post('/api/v1/auth/login', { data: { username, password: 'Baru2024' } });
    expect(res.status()).toBe(200);
  }
  await page.goto('/setting');
  const activity = page.getByRole('region', { name: 'Aktivitas Akun' });
  await expect(activity.getByText('Halaman 1 dari 2')).toBeVisible();
  expect(await activity.getByText('Halaman 1 dari 2').evaluate((el) => el.getClientRects().length)).toBe(1);
  await activity.getByRole('button', { name: 'Berikutnya' }).click();
  await expect(activity.getByRole('cell', { name: 'ubah password' })).toBeVisible();
  // 'Berikutnya' is disabled on the last page: the keyboard is handed to 'Sebelumnya'.
  await expect(activity.getByRole('status')).toHaveText('Halaman 2 dari 2');
  await expect(activity.getByRole('button', { name: 'Sebelumnya' })).toBeFocused();
  expect(await cutWords(activity.locator('td.ip'))).toEqual([]);
  const card = (await activity.boundingBox())!;
  for (const name of ['Sebelumnya', 'Berikutnya']) {
    const box = (await activity.getByRole('button', { name }).boundingBox())!;
    expect(box.x, `${name} starts outside the card`).toBeGreaterThanOrEqual(card.x);
    expect(box.x + box.width, `${name} ends outside the card`).toBeLessThanOrEqual(card.x + card.width);
  }
  await expectNoSidewaysScroll(page);

  const res = await page.request.get('/api/v1/football/matches?view=date&date=2022-12-18&league=28');
  const [final] = ((await res.json()) as { matches: Summary[] }).matches;
  await page.goto(`/match/${final!.id}?tab=summary`);
  const scores = page.locator('.fb-timeline .score');
  await expect(scores).toHaveCount(6);
  const lines = await scores.evaluateAll((els) => els.map((el) => `${el.textContent}: ${el.getClientRects().length}`));
  expect(lines.filter((l) => !l.endsWith(': 1'))).toEqual([]);
});

test('a long username in the member top bar stays on one line, cut short, and whole in its title', async ({ page }) => {
  await page.setViewportSize({ width: WIDTH, height: 740 });
  // Twelve wide characters: the longest a username may be, and wider than the bar's room for it
  // (two random bytes: a database kept between runs holds the names of earlier ones).
  const { username } = await newMember(page, '', `mwmwmwmw${crypto.randomBytes(2).toString('hex')}`);
  await page.goto('/lobby');
  const name = page.locator('[data-username]');
  await expect(name).toHaveText(username);
  await expect(name).toHaveAttribute('title', username);
  // One line: not as tall as two lines of its text would be; cut: its text is wider than its box.
  const { height, fontSize, cut } = await name.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    fontSize: parseFloat(getComputedStyle(el).fontSize),
    cut: el.scrollWidth > el.clientWidth,
  }));
  expect(height).toBeLessThan(fontSize * 2);
  expect(cut).toBe(true);
  await expectNoSidewaysScroll(page);
});
