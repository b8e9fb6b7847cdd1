// Football pages in a browser: standings, live score, the match tabs and the prediction list.
// The first part runs against the site as `npm start` serves it (embedded open data); the second
// starts a second server in apifootball.com mode against a fake provider on loopback, for what
// the open data cannot show (live matches, lineups, predictions).
import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectRequiredFields } from './support/forms.ts';
import { startFakeApifootball, type FakeApifootball } from '../support/fake-apifootball.ts';
import { formatDateLong, formatDateShort, formatTime } from '../../src/lib/shared/format.ts';

type Summary = { id: number; kickoffAt: string; home: { name: string }; away: { name: string } };

async function matchesOn(page: Page, query: string): Promise<Summary[]> {
  const res = await page.request.get(`/api/v1/football/matches?${query}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { matches: Summary[] }).matches;
}

/** The headings of the page's content that skip a level (an h3 straight under the h1). */
async function skippedHeadings(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const skipped: string[] = [];
    let previous = 0;
    for (const h of main.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
      const level = Number(h.tagName[1]);
      if (level > previous + 1) skipped.push(`${h.tagName}: ${h.textContent?.trim()}`);
      previous = level;
    }
    return skipped;
  });
}

test.describe('standings', () => {
  test('deep link shows the Premier League 2024-25 final table', async ({ page }) => {
    await page.goto('/klasemenhome?league=152&season=2024-25');
    await expect(page.getByRole('heading', { name: 'Premier League 2024-25' })).toBeVisible();
    const rows = page.locator('table.fb-table tbody tr');
    await expect(rows).toHaveCount(20);
    await expect(rows.nth(0)).toContainText('Liverpool FC');
    await expect(rows.nth(0).locator('td.pts')).toHaveText('84');
    await expect(rows.nth(1)).toContainText('Arsenal FC');
    await expect(rows.nth(1).locator('td.pts')).toHaveText('74');
    for (const col of ['#', 'Tim', 'P', 'GM', 'GK', 'SG', 'Poin']) {
      await expect(page.getByRole('columnheader', { name: col, exact: true })).toBeVisible();
    }
    // The table is named by its caption (read, not shown), and each team heads its row, so a
    // screen reader says whose figure a cell holds.
    const table = page.getByRole('table', { name: 'Klasemen Premier League 2024-25' });
    await expect(table).toBeVisible();
    expect((await table.locator('caption').boundingBox())!.width).toBeLessThanOrEqual(1);
    await expect(table.getByRole('rowheader')).toHaveCount(20);
    await expect(table.getByRole('row', { name: /Liverpool FC/ }).getByRole('rowheader')).toHaveText('Liverpool FC');
    // A season played to the end has no results missing. It is not the latest in the data, so
    // nothing says the data stops there.
    await expect(page.getByText(/belum memiliki hasil/)).toHaveCount(0);
    await expect(page.getByText(/sudah selesai/)).toHaveCount(0);
  });

  test("a league whose latest season in the data is over says its table is that season's final one", async ({ page }) => {
    // La Liga: the open data holds no 2026-27 yet; on 23 November 2026 it shows 2025-26.
    await page.goto('/klasemenhome?league=302');
    await expect(page.getByRole('heading', { name: 'La Liga 2025-26' })).toBeVisible();
    await expect(page.locator('.fb-note').filter({ hasText: 'sudah selesai' })).toHaveText(
      /^Musim 2025-26 sudah selesai \(pertandingan terakhir \w+, \d+ Mei 2026\); ini klasemen akhirnya\. Data musim berikutnya belum tersedia\.$/,
    );
    // The Premier League's 2026-27, which goes on, says nothing of the kind.
    await page.goto('/klasemenhome?league=152');
    await expect(page.getByRole('heading', { name: 'Premier League 2026-27' })).toBeVisible();
    await expect(page.getByText(/sudah selesai/)).toHaveCount(0);
  });

  test('official decisions under a table: deductions taken off and named, an abandoned season said so, matches called off named', async ({ page }) => {
    await page.goto('/klasemenhome?league=152&season=2023-24');
    const everton = page.getByRole('row', { name: /Everton FC/ });
    await expect(everton.locator('td.pts')).toHaveText('40');
    await expect(page.locator('.fb-note').filter({ hasText: 'Klasemen dihitung' })).toContainText(
      'Poin sudah dikurangi sesuai keputusan resmi: Everton FC −8, Nottingham Forest FC −4.',
    );
    // Serie A 2022-23: a deduction and a relegation play-off, both in the note.
    await page.goto('/klasemenhome?league=207&season=2022-23');
    await expect(page.getByRole('row', { name: /Hellas Verona FC/ }).getByRole('cell').first()).toHaveText('17');
    await expect(page.locator('.fb-note').filter({ hasText: 'Klasemen dihitung' })).toContainText(
      'Hellas Verona FC berada di atas Spezia Calcio karena memenangi pertandingan play-off di antara keduanya. Poin sudah dikurangi sesuai keputusan resmi: Juventus FC −10.',
    );
    // The Eredivisie 2019-20 was called off: its table is where it stopped, and the page says so.
    await page.goto('/klasemenhome?league=244&season=2019-20');
    await expect(page.getByText('Kompetisi musim ini dihentikan pada Jumat, 24 April 2020 tanpa juara, promosi, atau degradasi')).toBeVisible();
    await expect(page.getByText(/Tidak dihitung|tidak dihitung/)).toHaveCount(0);
    // Ligue 1 2025-26: one match called off, so two clubs have 33 games; the note names it.
    await page.goto('/klasemenhome?league=168&season=2025-26');
    await expect(page.getByRole('row', { name: /FC Nantes/ }).getByRole('cell').nth(1)).toHaveText('33');
    await expect(page.getByText('Tidak dihitung di klasemen: FC Nantes vs Toulouse FC (Senin, 18 Mei 2026, dibatalkan).')).toBeVisible();
    // Ligue 1 2019-20, stopped in March 2020: too many to name.
    await page.goto('/klasemenhome?league=168&season=2019-20');
    await expect(page.getByText('101 pertandingan yang dibatalkan atau dihentikan tidak dihitung di klasemen.')).toBeVisible();
    // Ligue 1 2016-17: Bastia v Lyon, stopped at 0-0, counts as Lyon's win by the league's ruling.
    await page.goto('/klasemenhome?league=168&season=2016-17');
    await expect(page.getByText('Dihitung sebagai menang WO sesuai keputusan resmi: Olympique Lyonnais atas SC Bastia (Minggu, 16 April 2017).')).toBeVisible();
    // A season without one says nothing of deductions or matches left out.
    await page.goto('/klasemenhome?league=152&season=2024-25');
    await expect(page.getByRole('heading', { name: 'Premier League 2024-25' })).toBeVisible();
    await expect(page.getByText(/keputusan resmi|dihentikan|tidak dihitung/i)).toHaveCount(0);
  });

  test('the running season says how far its results go', async ({ page }) => {
    // The open data gives the 2026-27 results up to 12 September 2026; every round since is missing.
    await page.goto('/klasemenhome?league=152');
    await expect(page.getByRole('heading', { name: 'Premier League 2026-27' })).toBeVisible();
    await expect(page.getByText(/Hasil pertandingan tersedia hingga Sabtu, 12 September 2026; \d+ pertandingan yang sudah lewat belum memiliki hasil\./)).toBeVisible();
    await expect(page.locator('.fb-table tbody tr').first().locator('td').first()).toHaveText('1');
    // The Championship's file holds no result of the season at all: its teams are listed, unranked.
    await page.goto('/klasemenhome?league=153');
    await expect(page.getByRole('heading', { name: 'Championship 2026-27' })).toBeVisible();
    await expect(page.getByText(/Belum ada hasil pertandingan musim ini; \d+ pertandingan sudah lewat tanpa hasil\./)).toBeVisible();
    const positions = await page.locator('.fb-table tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent));
    expect(positions).toEqual(Array(24).fill('-'));
  });

  test('a season the league lacks shows its latest season and says so; a malformed one keeps the league', async ({ page }) => {
    await page.goto('/klasemenhome?league=152&season=1999-00');
    await expect(page.getByRole('heading', { name: 'Premier League 2026-27' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Musim 1999-00 tidak tersedia untuk liga ini; yang ditampilkan musim 2026-27.');
    await expect(page.getByLabel('Musim')).toHaveValue('2026-27');

    await page.goto('/klasemenhome?league=175&season=tahun-lalu');
    await expect(page.getByRole('combobox', { name: 'Liga' })).toHaveValue('175');
    await expect(page.getByRole('heading', { name: /^Bundesliga / })).toBeVisible();
    await expect(page.getByText(/tidak tersedia untuk liga ini/)).toHaveCount(0);

    // A league the data does not have shows the default one, in the select too, and says so.
    await page.goto('/klasemenhome?league=999');
    await expect(page.getByRole('heading', { name: 'Premier League 2026-27' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Liga' })).toHaveValue('152');
    await expect(page.getByRole('status')).toHaveText('Klasemen liga ini belum tersedia; yang ditampilkan klasemen Inggris - Premier League.');
    await page.goto('/klasemenhome?league=19&season=2026');
    await expect(page.getByRole('heading', { name: 'Premier League 2026-27' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Klasemen Dunia - Piala Interkontinental FIFA belum tersedia; yang ditampilkan klasemen Inggris - Premier League.');

    // The season asked for and shown: no note.
    await page.goto('/klasemenhome?league=175&season=2024-25');
    await expect(page.getByRole('heading', { name: 'Bundesliga 2024-25' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('the canonical link names the table shown, so that each league and season is a page of its own to a search engine', async ({ page }) => {
    const canonical = async (address: string) => {
      await page.goto(address);
      const url = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!);
      return `${url.pathname}${url.search}`;
    };
    expect(await canonical('/klasemenhome')).toBe('/klasemenhome');
    expect(await canonical('/klasemenhome?league=3&season=2024-25')).toBe('/klasemenhome?league=3&season=2024-25');
    expect(await canonical('/klasemenhome?season=2024-25&league=152')).toBe('/klasemenhome?league=152&season=2024-25');
    // Without a season the league's latest one is shown, whichever it is.
    expect(await canonical('/klasemenhome?league=175')).toBe('/klasemenhome?league=175');
    // What is shown instead of a season or league the data lacks.
    expect(await canonical('/klasemenhome?league=175&season=1999-00')).toBe('/klasemenhome?league=175');
    expect(await canonical('/klasemenhome?league=999')).toBe('/klasemenhome');
    // A league without a table gives way to the default one, in the season asked for where it has it.
    expect(await canonical('/klasemenhome?league=999&season=2024-25')).toBe('/klasemenhome?league=152&season=2024-25');
    expect(await canonical('/livescorehome?view=incoming')).toBe('/livescorehome?view=incoming');
    expect(await canonical('/livescorehome?view=apa')).toBe('/livescorehome');
  });

  test('a World Cup table names its groups and nations in Indonesian', async ({ page }) => {
    await page.goto('/klasemenhome?league=28&season=2022');
    await expect(page.getByRole('heading', { name: 'Grup A' })).toBeVisible();
    // Each group's table is named with its group.
    await expect(page.getByRole('table', { name: /^Klasemen .+ 2022, Grup A$/ })).toBeVisible();
    const rows = page.locator('table.fb-table').first().locator('tbody tr');
    await expect(rows.nth(0)).toContainText('Belanda');
    await expect(rows.nth(2)).toContainText('Ekuador');
    await expect(page.locator('main')).not.toContainText(/Netherlands|Ecuador|Germany|Spain/);
  });

  test('choosing a league shows its table at once, with its own latest season', async ({ page }) => {
    await page.goto('/klasemenhome?league=152&season=2019-20');
    await expect(page.getByRole('heading', { name: 'Premier League 2019-20' })).toBeVisible();
    await page.getByLabel('Liga').selectOption({ label: 'Jerman - Bundesliga' });
    await expect(page).toHaveURL(/\/klasemenhome\?league=175$/);
    const seasons = await page.getByLabel('Musim').locator('option').allTextContents();
    expect(seasons).toContain('2024-25');
    await expect(page.getByRole('heading', { name: `Bundesliga ${seasons[0]}` })).toBeVisible();
    await page.getByLabel('Musim').selectOption('2024-25');
    await expect(page).toHaveURL(/\/klasemenhome\?league=175&season=2024-25$/);
    await expect(page.locator('table.fb-table tbody tr').first()).toContainText('FC Bayern München');

    // With the keyboard, stepping through the leagues does not reload: 'Tampilkan' does.
    const league = page.locator('select[name="league"]');
    await league.focus();
    await page.evaluate(() => ((window as Window & { stayed?: boolean }).stayed = true));
    await page.keyboard.press('ArrowDown');
    const next = await league.inputValue();
    expect(next).not.toBe('175');
    // A reload would have taken the page's state with it.
    await page.waitForTimeout(700);
    expect(await page.evaluate(() => (window as Window & { stayed?: boolean }).stayed)).toBe(true);
    await expect(page).toHaveURL(/\/klasemenhome\?league=175&season=2024-25$/);
    await page.getByRole('button', { name: 'Tampilkan' }).click();
    await expect(page).toHaveURL(new RegExp(`/klasemenhome\\?league=${next}$`));
  });

  test('the league and season selects reload the table without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/klasemenhome');
    await expect(page.getByLabel('Liga')).toHaveValue('152');
    await page.getByLabel('Liga').selectOption({ label: 'Jerman - Bundesliga' });
    await page.getByRole('button', { name: 'Tampilkan' }).click();
    // A new league comes with its own latest season, not the Premier League's.
    await expect(page).toHaveURL(/\/klasemenhome\?league=175$/);
    const latest = await page.getByLabel('Musim').locator('option').first().textContent();
    await expect(page.getByRole('heading', { name: `Bundesliga ${latest}` })).toBeVisible();
    await expect(page.getByText(/tidak tersedia untuk liga ini/)).toHaveCount(0);
    await page.getByLabel('Musim').selectOption('2024-25');
    await page.getByRole('button', { name: 'Tampilkan' }).click();
    await expect(page).toHaveURL(/\/klasemenhome\?league=175&season=2024-25$/);
    await expect(page.getByRole('heading', { name: 'Bundesliga 2024-25' })).toBeVisible();
    const first = page.locator('table.fb-table tbody tr').first();
    await expect(first).toContainText('FC Bayern München');
    await expect(first.locator('td.pts')).toHaveText('82');
    await context.close();
  });
});

test.describe('live score', () => {
  test('LIVE shows the empty text, INCOMING the coming fixtures under Indonesian date headings', async ({ page }) => {
    await page.goto('/livescorehome');
    await expect(page.getByRole('heading', { name: 'LIVE SCORE' })).toBeVisible();
    await expect(page.getByText('Tidak ada pertandingan live saat ini.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'LIVE', exact: true })).toHaveAttribute('aria-current', 'page');

    const incoming = await matchesOn(page, 'view=incoming');
    expect(incoming.length).toBeGreaterThan(0);
    // Hold the answer a moment so the skeleton can be seen.
    await page.route('**/api/v1/football/matches?view=incoming', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByRole('link', { name: 'INCOMING', exact: true }).click();
    await expect(page.getByLabel('Memuat pertandingan…')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: formatDateLong(incoming[0]!.kickoffAt) })).toBeVisible();
    // Each day's leagues are headings under the day's.
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    expect(await skippedHeadings(page)).toEqual([]);
    await expect(page.getByRole('link', { name: 'INCOMING', exact: true })).toHaveAttribute('aria-current', 'page');
    const row = page.locator(`a[href="/match/${incoming[0]!.id}"]`);
    await expect(row).toContainText(incoming[0]!.home.name);

    await page.getByRole('link', { name: 'LIVE', exact: true }).click();
    await expect(page.getByText('Tidak ada pertandingan live saat ini.')).toBeVisible();
    await expect(page).toHaveURL(/\/livescorehome$/);
    await page.getByRole('link', { name: 'INCOMING', exact: true }).click();
    await expect(page).toHaveURL(/\/livescorehome\?view=incoming$/);
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/match/${incoming[0]!.id}$`));
    // The tabs switch in place once the page's script has run (before DOMContentLoaded). A tap
    // before that follows the tab's link (?tab=lineups, as without JavaScript), a page of its own
    // in the history, and Back would return to the match: seen once on a busy CI machine.
    await page.waitForLoadState('domcontentloaded');
    await page.getByRole('tab', { name: 'Line-Ups' }).click();
    await expect(page.getByText('Line-Ups belum Tersedia')).toBeVisible();

    // Back from the match: the INCOMING list again, rendered by the server.
    await page.goBack();
    await expect(page).toHaveURL(/\/livescorehome\?view=incoming$/);
    await expect(page.getByRole('link', { name: 'INCOMING', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(row).toContainText(incoming[0]!.home.name);
  });
});

test.describe('live score without JavaScript', () => {
  test('LIVE and INCOMING are links: the coming fixtures are one click away', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/livescorehome');
    await expect(page.getByText('Tidak ada pertandingan live saat ini.')).toBeVisible();
    await page.getByRole('link', { name: 'INCOMING', exact: true }).click();
    await expect(page).toHaveURL(/\/livescorehome\?view=incoming$/);
    await expect(page.getByRole('link', { name: 'INCOMING', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('a[href^="/match/"]').first()).toBeVisible();
    await page.getByRole('link', { name: 'LIVE', exact: true }).click();
    await expect(page).toHaveURL(/\/livescorehome$/);
    await expect(page.getByText('Tidak ada pertandingan live saat ini.')).toBeVisible();
    await page.getByRole('link', { name: 'Lihat prediksi pertandingan' }).click();
    await expect(page).toHaveURL(/\/prediksi$/);
    await context.close();
  });
});

test.describe('match page (open data)', () => {
  test('every tab of a past Premier League match', async ({ page }) => {
    const [m] = await matchesOn(page, 'view=date&date=2025-05-25&league=152');
    await page.goto(`/match/${m!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `${m!.home.name} vs ${m!.away.name}` })).toBeAttached();
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await expect(tab('Info')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Minggu, 25 Mei 2025');

    await tab('Summary').click();
    await expect(tab('Summary')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\?tab=summary$/);
    const summary = page.getByRole('tabpanel', { name: 'Summary' });
    await expect(summary.getByRole('heading', { name: 'Statistik' })).toBeVisible();
    await expect(summary).toContainText('Total Tembakan');

    await tab('Line-Ups').click();
    await expect(page.getByRole('tabpanel', { name: 'Line-Ups' }).getByText('Data tidak ada').first()).toBeVisible();

    await tab('H2H').click();
    const h2h = page.getByRole('tabpanel', { name: 'H2H' });
    await expect(h2h.getByRole('heading', { name: 'Head-To-Head Matches' })).toBeVisible();
    await expect(h2h.getByRole('heading', { name: 'Last Matches' })).toBeVisible();
    await expect(h2h.locator('a.fb-row').first()).toBeVisible();

    await tab('Prediksi').click();
    await expect(page.getByRole('tabpanel', { name: 'Prediksi' })).toContainText('Prediksi belum tersedia');

    // Arrow keys move between tabs; a reload keeps the tab.
    await tab('Prediksi').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tab('H2H')).toBeFocused();
    await expect(tab('H2H')).toHaveAttribute('aria-selected', 'true');
    // Tab goes from the selected tab into its panel (ARIA tabs), not past it to the footer.
    await page.keyboard.press('ArrowLeft');
    await expect(tab('Line-Ups')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'Line-Ups' })).toBeFocused();
    await tab('H2H').click();
    await page.reload();
    await expect(tab('H2H')).toHaveAttribute('aria-selected', 'true');
  });

  test('a World Cup final shows its goals on a timeline with HT, FT after 90 minutes, AET and the shoot-out', async ({ page }) => {
    const [m] = await matchesOn(page, 'view=date&date=2022-12-18&league=28');
    await page.goto(`/match/${m!.id}?tab=summary`);
    // Argentina 3-3 France after extra time (2-2 after 90), 4-2 on penalties.
    await expect(page.locator('.fb-match-head .big')).toHaveText('3 - 3');
    await expect(page.locator('.fb-match-head .state')).toHaveText('Pen 4 - 2');
    const items = page.getByRole('tabpanel', { name: 'Summary' }).locator('.fb-timeline > li');
    await expect(items).toHaveCount(10);
    await expect(items.nth(0)).toContainText("23'");
    await expect(items.nth(0)).toContainText('Lionel Messi');
    await expect(items.nth(2)).toHaveText('HT 2 - 0');
    await expect(items.nth(5)).toHaveText('FT 2 - 2');
    await expect(items.nth(6)).toContainText("108'");
    await expect(items.nth(8)).toHaveText('AET 3 - 3');
    await expect(items.nth(9)).toHaveText('Pen 4 - 2');
    await page.getByRole('tab', { name: 'Info' }).click();
    const info = page.getByRole('tabpanel', { name: 'Info' });
    // 'Tempat', not 'Stadion': the data names only the city of a 2026 World Cup match.
    for (const [label, value] of [['90 menit', '2 - 2'], ['Babak tambahan', '3 - 3'], ['Adu penalti', '4 - 2'], ['Tempat', 'Lusail Iconic Stadium, Lusail']] as const) {
      await expect(info.locator('dt', { hasText: label }).locator('+ dd')).toHaveText(value);
    }
    // Its Last Matches say who went through a knockout draw: the Netherlands 2-2 Argentina, 3-4 on
    // penalties (quarter-final, 9 December 2022). A match won in play has no such line.
    await page.getByRole('tab', { name: 'H2H' }).click();
    const rows = page.getByRole('tabpanel', { name: 'H2H' }).locator('li');
    const quarter = rows.filter({ hasText: 'Belanda' });
    await expect(quarter.locator('.score')).toHaveText('2 - 2Pen 3 - 4');
    await expect(quarter.locator('.shootout')).toHaveText('Pen 3 - 4');
    await expect(rows.filter({ hasText: 'Kroasia' }).locator('.score')).toHaveText('3 - 0');
  });

  test('lists say what a score alone hides (extra time, a walkover) and a shoot-out the file got wrong has its real score', async ({ page }) => {
    // England v Croatia, 17 June 2026: their 2018 semi-final was 1-1 after 90 minutes, 2-1 after extra time.
    const england = (await matchesOn(page, 'view=date&date=2026-06-18&league=28')).find((m) => m.home.name === 'Inggris' && m.away.name === 'Kroasia');
    await page.goto(`/match/${england!.id}?tab=h2h`);
    const semi = page.getByRole('tabpanel', { name: 'H2H' }).getByRole('list').first().getByRole('listitem').filter({ hasText: 'Jul 2018' });
    await expect(semi.locator('.score')).toHaveText('2 - 1AET');
    await expect(semi.locator('.shootout')).toHaveText('AET');

    // Bastia v Lyon, 16 April 2017: stopped at half time at 0-0 and awarded to Lyon.
    const bastia = (await matchesOn(page, 'view=date&date=2017-04-16&league=168')).find((m) => m.home.name === 'SC Bastia');
    await page.goto(`/match/${bastia!.id}`);
    await expect(page.locator('.fb-match-head .state')).toHaveText('WO');
    await expect(page.getByRole('tabpanel', { name: 'Info' }).locator('dt', { hasText: 'Dinyatakan menang (WO)' }).locator('+ dd')).toHaveText('Olympique Lyonnais');

    // Atlético v Real Madrid, 12 March 2025: the file's shoot-out reads 4-4; Real Madrid won it 4-2.
    const derby = (await matchesOn(page, 'view=date&date=2025-03-13&league=3')).find((m) => m.away.name === 'Real Madrid CF');
    await page.goto(`/match/${derby!.id}`);
    await expect(page.locator('.fb-match-head .big')).toHaveText('1 - 0');
    await expect(page.locator('.fb-match-head .state')).toHaveText('Pen 2 - 4');
    await expect(page.getByText('Skor adu penalti ini dari laporan pertandingan: data terbuka mencatat skor imbang, yang tidak mungkin dalam adu penalti.')).toBeVisible();
  });

  test('a World Cup match names the nations and the round in Indonesian, and its H2H the earlier meeting', async ({ page }) => {
    // France 2-0 Morocco, quarter-final, 9 July 2026 in Boston: 10 July, 03.00 WIB.
    const [m] = await matchesOn(page, 'view=date&date=2026-07-10&league=28');
    await page.goto(`/match/${m!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Prancis vs Maroko' })).toBeVisible();
    await expect(page.getByText('Piala Dunia · Perempat Final')).toBeVisible();
    await page.getByRole('tab', { name: 'H2H' }).click();
    // The one earlier meeting, the 2022 semi-final, under the same two teams.
    const meetings = page.getByRole('tabpanel', { name: 'H2H' }).getByRole('list').first().getByRole('listitem');
    await expect(meetings).toHaveCount(1);
    await expect(meetings.first().locator('.home .name')).toHaveText('Prancis');
    await expect(meetings.first().locator('.score')).toHaveText('2 - 0');
    await expect(meetings.first().locator('.away .name')).toHaveText('Maroko');
    await expect(page.locator('main')).not.toContainText(/France|Morocco|Quarter-final/);
  });

  test("a fixture the open data times only with a placeholder shows its date, says it is the local one, and, for its time, 'Jam menyusul' ('Jam tidak tercatat' once played)", async ({ page, request }) => {
    // The 2026-27 Premier League rounds after the first are each written wholly at one time.
    const popular = (await (await request.get('/api/v1/football/popular')).json()) as { matches: { id: number; kickoffAt: string; timeKnown: boolean }[] };
    const m = popular.matches[0]!;
    expect(m.timeKnown).toBe(false);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Pertandingan Populer' }).locator('.fb-pop-when').first();
    await expect(card).toHaveText(formatDateShort(m.kickoffAt));
    await page.goto(`/match/${m.id}`);
    await expect(page.locator('.fb-match-when')).toHaveText(formatDateLong(m.kickoffAt));
    await expect(page.locator('.fb-info dt:text-is("Waktu") + dd')).toHaveText('Jam menyusul');
    await expect(page.locator('.fb-match-head .big')).toHaveText('vs');
    const localDate = 'Jam menyusul: jam kick-off belum diumumkan. Tanggalnya menurut jadwal liga; dalam WIB, laga malam hari bisa jatuh pada hari berikutnya.';
    await expect(page.getByText(localDate)).toBeVisible();
    // In the INCOMING list and on /prediksi, the same words where a time would be.
    await page.goto('/livescorehome?view=incoming');
    await expect(page.locator(`a[href="/match/${m.id}"] .when`)).toHaveText('Jam menyusul');
    await expect(page.getByText(localDate)).toBeVisible();
    const day = new Date(Date.parse(m.kickoffAt) + 7 * 3_600_000).toISOString().slice(0, 10);
    await page.goto(`/prediksi?dari=${day}&hingga=${day}`);
    await expect(page.locator('.fb-pred', { has: page.locator(`a[href="/match/${m.id}"]`) })).toContainText('Waktu: Jam menyusul');
    await expect(page.getByText(localDate)).toBeVisible();
    // Once such a match is played no time will follow: its page says the time was not recorded.
    const played12Sep = (await (await request.get('/api/v1/football/matches?view=date&date=2026-09-12&league=152')).json()) as { matches: { id: number; timeKnown: boolean; state: string }[] };
    const played = played12Sep.matches.find((x) => !x.timeKnown && x.state === 'finished');
    expect(played, 'an untimed Premier League match played on 12 September 2026').toBeDefined();
    await page.goto(`/match/${played!.id}`);
    await expect(page.locator('.fb-info dt:text-is("Waktu") + dd')).toHaveText('Jam tidak tercatat');
    await expect(page.getByText(localDate)).toHaveCount(0);
  });

  test('an unknown match is the 404 screen', async ({ page }) => {
    const res = await page.goto('/match/987654321');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
  });
});

test.describe('prediction list (open data)', () => {
  test('defaults to Hari Ini, says when there is nothing, and checks the dates', async ({ page }) => {
    await page.goto('/prediksi');
    await expect(page.getByRole('link', { name: 'Hari Ini' })).toHaveAttribute('aria-current', 'page');
    // The model predicts upcoming fixtures only: a day of a past season has none.
    await page.goto('/prediksi?dari=2019-06-15&hingga=2019-06-15');
    await expect(page.getByText('Prediksi belum tersedia, silahkan pilih pertandingan atau tanggal lainnya.')).toBeVisible();
    await expect(page.getByLabel('Liga')).toHaveValue('');
    await expect(page.getByLabel('Liga').locator('option').first()).toHaveText('Semua Pertandingan');
    await expectRequiredFields(page.locator('form.fb-filters'), ['Dari', 'Hingga'], ['Liga']);
    // An empty day leads on to the next day that has predictions: the first fixture of the
    // Championship's 2026-27 season, whose file holds no results (the service test checks the rule).
    const next = page.getByRole('link', { name: 'Prediksi berikutnya: Sabtu, 15 Agustus 2026' });
    await expect(next).toHaveAttribute('href', '/prediksi?dari=2026-08-15&hingga=2026-08-15');
    await next.click();
    await expect(page.locator('li.fb-pred').first()).toBeVisible();
    await expect(page.getByLabel('Dari', { exact: true })).toHaveValue('2026-08-15');
    await page.goto('/prediksi?dari=2019-06-15&hingga=2019-06-15');

    // A refusal comes back with the keyboard on the field in error, which the error describes;
    // the field's name stays its label alone (the error is outside the label).
    const from = page.getByLabel('Dari', { exact: true });
    const to = page.getByLabel('Hingga', { exact: true });
    await from.fill('');
    await page.getByRole('button', { name: 'Cari' }).click();
    await expect(page.getByText('Silahkan pilih tanggal')).toBeVisible();
    await expect(from).toBeFocused();
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(from).toHaveAccessibleName('Dari');
    await expect(from).toHaveAccessibleDescription('Silahkan pilih tanggal');
    await expect(to).not.toHaveAttribute('aria-invalid');

    await from.fill('2026-11-22');
    await to.fill('2026-11-21');
    await page.getByRole('button', { name: 'Cari' }).click();
    await expect(page.getByText('Tanggal tidak valid')).toBeVisible();
    await expect(to).toBeFocused();
    await expect(to).toHaveAccessibleName('Hingga');
    await expect(to).toHaveAccessibleDescription('Tanggal tidak valid');
    await expect(from).not.toHaveAttribute('aria-invalid');

    // Dates from the address that are no dates: the fields stay empty (the browser warned about
    // such a value in a date field) and each says what was wrong.
    const warnings: string[] = [];
    page.on('console', (m) => warnings.push(m.text()));
    await page.goto('/prediksi?dari=abc&hingga=2026-13-45');
    await expect(page.locator('#dari-error')).toHaveText('Tanggal tidak valid');
    // Both refused: the keyboard starts on the first.
    await expect(from).toBeFocused();
    await expect(to).toHaveAccessibleDescription('Tanggal tidak valid');
    await expect(page.getByLabel('Dari')).toHaveValue('');
    await expect(page.getByLabel('Hingga')).toHaveValue('');
    expect(warnings.filter((w) => w.includes('does not conform'))).toEqual([]);

    await page.getByRole('link', { name: 'Besok' }).click();
    await expect(page.getByRole('link', { name: 'Besok' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('with apifootball.com (fake provider on loopback)', () => {
  let fake: FakeApifootball;
  let server: ChildProcess;
  const port = Number(process.env['E2E_PORT'] ?? 4330) + 1;
  const base = `http://127.0.0.1:${port}`;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    // The fake serves past seasons of three leagues, as the real provider serves every league's.
    fake = await startFakeApifootball({ generatedPredictions: 60, history: ['152', '207', '302'] });
    server = spawn(process.execPath, ['src/main.ts'], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        PGLITE_DIR: 'memory://',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        APIFOOTBALL_KEY: fake.key,
        APIFOOTBALL_URL: fake.url,
        APIFOOTBALL_LIVE_SECONDS: '1',
        // A history run (6 windows) a second instead of every 5 minutes.
        APIFOOTBALL_HISTORY_SECONDS: '1',
        PREDICTIONS_SOURCE: 'provider',
        // The provider's dates are real ones: no pinned football clock from the shell.
        FOOTBALL_CLOCK: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 200) throw new Error('provider-mode server did not start');
      await new Promise((r) => setTimeout(r, 300));
    }
    // PREDICTIONS_SOURCE=provider: today's 61 provider predictions, and one fixture the provider has
    // none for (Inter – Juventus). The model forecasts it once the history backfill has brought in
    // enough Serie A results (100) and the refit that follows the writes has run: seconds here.
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          const res = await fetch(`${base}/api/v1/football/predictions?from=${today}&to=${today}&limit=200`);
          const body = (await res.json()) as { items: { prediction: { source: string } }[] };
          return body.items.map((i) => i.prediction.source).sort();
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toEqual([...Array<string>(61).fill('apifootball.com'), 'model']);
  });

  test.afterAll(async () => {
    // The server stops its schedule and finishes the sync under way (history runs every second
    // here) before it exits: only then does the fake go away, so no call fails on the way out.
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await fake?.close();
  });

  test('the prediction list shows 50, then 50 more, grouped by league with coloured 1X2', async ({ page }) => {
    await page.goto(`${base}/prediksi`);
    const rows = page.locator('li.fb-pred');
    await expect(rows).toHaveCount(50);
    await expect(page.getByRole('region', { name: 'Inggris - Premier League' })).toBeVisible();
    await expect(page.getByText('Menampilkan 50 dari 62 pertandingan')).toBeVisible();
    // Arsenal – Chelsea: 52.5 / 27 / 20.5 → 53% green, 27% yellow, 20% red (whole percentages that
    // add up to 100: the tied halves go to the first outcome, where rounding each would show 101).
    const arsenal = rows.filter({ hasText: 'Arsenal' });
    await expect(arsenal.locator('.fb-pill')).toHaveText(['53%', '27%', '20%']);
    await expect(arsenal.locator('.fb-pill.green')).toHaveText('53%');
    await expect(arsenal.locator('.fb-pill.yellow')).toHaveText('27%');
    await expect(arsenal.locator('.fb-pill.red')).toHaveText('20%');
    await expect(arsenal.getByRole('link', { name: 'Selengkapnya' })).toHaveAttribute('href', /\/match\/\d+$/);

    // The first 50 are all the provider's (Premier League first): only its label.
    await expect(page.getByText('Sumber: Prediksi dari penyedia data apifootball.com — bukan jaminan hasil')).toBeVisible();
    await expect(page.getByText('Sumber: Prediksi model statistik Gelora — bukan jaminan hasil')).toHaveCount(0);
    // Nor what the model is: the page shows none of its numbers.
    await expect(page.getByText(/model gol Dixon–Coles/)).toHaveCount(0);
    // One source on the page: the rows carry no tag of their own.
    await expect(rows.getByText('apifootball.com', { exact: true })).toHaveCount(0);

    await page.getByRole('link', { name: 'Tampilkan Lebih Banyak' }).click();
    await expect(rows).toHaveCount(62);
    // Serie A's fixture has the model's forecast: both sources shown, each labelled.
    await expect(page.getByRole('region', { name: 'Italia - Serie A' }).locator('li.fb-pred')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Italia - Serie A' })).toContainText('Inter');
    await expect(page.getByText('Sumber: Prediksi dari penyedia data apifootball.com — bukan jaminan hasil')).toBeVisible();
    await expect(page.getByText('Sumber: Prediksi model statistik Gelora — bukan jaminan hasil')).toBeVisible();
    // What the model is, right under the model's own label, not under the provider's.
    const modelNote = 'Peluang dihitung dari hasil pertandingan sebelumnya (model gol Dixon–Coles). Angka ini perkiraan, bukan kepastian.';
    await expect(page.getByText('Sumber: Prediksi model statistik Gelora — bukan jaminan hasil').locator('xpath=following-sibling::*[1]')).toHaveText(modelNote);
    // Two sources on the page: each row says whose forecast it shows.
    await expect(page.getByRole('region', { name: 'Italia - Serie A' }).locator('li.fb-pred')).toContainText('Model Gelora');
    await expect(rows.filter({ hasText: 'Arsenal' })).toContainText('apifootball.com');
    await expect(rows.getByText('apifootball.com', { exact: true })).toHaveCount(61);
    await expect(rows.getByText('Model Gelora', { exact: true })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Tampilkan Lebih Banyak' })).toHaveCount(0);

    await page.getByLabel('Liga').selectOption({ label: 'Spanyol - La Liga' });
    await page.getByRole('button', { name: 'Cari' }).click();
    await expect(page).toHaveURL(/liga=302/);
    await expect(page.getByText('Prediksi belum tersedia, silahkan pilih pertandingan atau tanggal lainnya.')).toBeVisible();
    await page.getByRole('link', { name: 'Besok' }).click();
    await expect(page).toHaveURL(/hari=besok&liga=302/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Barcelona');
  });

  test("live rows update without a reload, and the change is timed by the server's clock, not the phone's", async ({ page }) => {
    // A phone whose clock is five hours behind: the status line must not use it.
    await page.clock.install({ time: new Date(Date.now() - 5 * 3_600_000) });
    await page.goto(`${base}/livescorehome`);
    const row = page.locator('a.fb-row', { hasText: 'Arsenal' });
    await expect(row).toContainText('1 - 0');
    await expect(row).toContainText("67'");
    // A league's heading sits under the page's h1, no level skipped.
    await expect(page.getByRole('heading', { level: 2, name: /^Premier League/ })).toBeVisible();
    expect(await skippedHeadings(page)).toEqual([]);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    // A keyboard user on the row keeps the focus through the refresh.
    await row.focus();

    Object.assign(fake.event('900002'), { match_status: '71', match_hometeam_score: '2' });
    // The server polls the provider every second in this run; wait until the API has it.
    await expect
      .poll(async () => {
        const res = await page.request.get(`${base}/api/v1/football/matches?view=live`);
        const body = (await res.json()) as { matches: { minute: string }[] };
        return body.matches.map((m) => m.minute);
      })
      .toContain('71');
    const before = Date.now();
    await page.clock.fastForward(31_000);
    await expect(row).toContainText('2 - 0');
    const after = Date.now();
    await expect(row).toContainText("71'");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expect(row).toBeFocused();
    // Rendered again in the browser, the same outline.
    await expect(page.getByRole('heading', { level: 2, name: /^Premier League/ })).toBeVisible();
    expect(await skippedHeadings(page)).toEqual([]);
    // The list is no live region (it would be read out whole); the changed score is said once.
    await expect(page.locator('[data-body]')).not.toHaveAttribute('aria-live');
    // This server runs on the real clock (provider mode): the time is the test's own now, in WIB.
    const said = await page.locator('[data-status]').textContent();
    expect([formatTime(before), formatTime(after)].map((time) => `Skor pertandingan live diperbarui, ${time}.`)).toContain(said);
  });

  test('a provider match fills the Summary timeline, Line-Ups and Prediksi tabs', async ({ page }) => {
    const day = new Date(Date.now() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    const list = (await (await page.request.get(`${base}/api/v1/football/matches?view=date&date=${day}&league=152`)).json()) as { matches: Summary[] };
    const m = list.matches.find((x) => x.home.name === 'West Ham United')!;
    // Provider badges that fail to load fall back to the default team image.
    await page.route('https://apiv3.apifootball.com/**', (route) => route.abort());
    await page.goto(`${base}/match/${m.id}`);
    await expect(page.locator('.fb-match-head img').first()).toHaveAttribute('src', '/team-default.svg');
    await page.getByRole('tab', { name: 'Summary', exact: true }).click();
    const timeline = page.getByRole('tabpanel', { name: 'Summary' }).locator('.fb-timeline > li');
    await expect(timeline.filter({ hasText: 'HT' })).toHaveText('HT 1 - 2');
    await expect(timeline.last()).toHaveText('FT 1 - 5');
    await expect(page.getByRole('tabpanel', { name: 'Summary' })).toContainText('Penguasaan Bola');

    await page.getByRole('tab', { name: 'Line-Ups' }).click();
    const lineups = page.getByRole('tabpanel', { name: 'Line-Ups' });
    await expect(lineups).toContainText('Lukasz Fabianski');
    await expect(lineups).toContainText('Eddie Howe');

    await page.getByRole('tab', { name: 'Prediksi' }).click();
    const prediksi = page.getByRole('tabpanel', { name: 'Prediksi' });
    // 18 / 34 / 48: away highest (green), home lowest (red).
    await expect(prediksi.getByRole('row', { name: /1X2/ }).locator('.fb-pill')).toHaveText(['18%', '34%', '48%']);
    await expect(prediksi.getByRole('row', { name: /1X2/ }).locator('.fb-pill.green')).toHaveText('48%');
    await expect(prediksi.getByRole('row', { name: /1X2/ }).locator('.fb-pill.red')).toHaveText('18%');
    await expect(prediksi.getByRole('row', { name: /Over\/Under 2.5/ }).locator('.fb-pill.green')).toHaveText('79%');
    await expect(prediksi).toContainText('Sumber: Prediksi dari penyedia data apifootball.com — bukan jaminan hasil');
  });

  test("a fixture without the provider's prediction shows the model's on its Prediksi tab, labelled", async ({ page }) => {
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const res = await page.request.get(`${base}/api/v1/football/predictions?from=${today}&to=${today}&limit=200`);
    const body = (await res.json()) as { items: { match: Summary; prediction: { source: string } }[] };
    const item = body.items.find((i) => i.prediction.source === 'model')!;
    expect(item.match.home.name).toBe('Inter');
    await page.goto(`${base}/match/${item.match.id}`);
    await page.getByRole('tab', { name: 'Prediksi' }).click();
    const prediksi = page.getByRole('tabpanel', { name: 'Prediksi' });
    await expect(prediksi.getByRole('row', { name: /1X2/ }).locator('.fb-pill')).toHaveCount(3);
    await expect(prediksi).toContainText('Sumber: Prediksi model statistik Gelora — bukan jaminan hasil');
  });

  test("a provider's league logo that fails to load gives way to the default crest on the standings", async ({ page }) => {
    await page.route('https://apiv3.apifootball.com/**', (route) => route.abort());
    await page.goto(`${base}/klasemenhome?league=152`);
    await expect(page.getByRole('heading', { level: 2, name: /^Premier League/ })).toBeVisible();
    await expect(page.locator('.fb-league-head img')).toHaveAttribute('src', '/team-default.svg');
  });
});
