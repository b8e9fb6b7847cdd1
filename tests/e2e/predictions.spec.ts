// The model's predictions on the pages, against the site started as `npm start` starts it (embedded
// data, model fitted at boot). The date is taken from the data at test time: the first day from
// the server's today (its football clock) on with predicted fixtures.
import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { addDays, serverToday } from './support/football.ts';
import type { Prediction } from '../../src/lib/shared/football/types.ts';

const MODEL_LABEL = 'Sumber: Prediksi model statistik Gelora — bukan jaminan hasil';
const MODEL_NOTE = 'Peluang dihitung dari hasil pertandingan sebelumnya (model gol Dixon–Coles). Angka ini perkiraan, bukan kepastian.';
const BEFORE_RESULT_TAB = 'Prediksi ini dihitung sebelum hasil pertandingan diketahui.';
const BEFORE_RESULT_LIST =
  'Untuk pertandingan yang sudah dimulai atau yang jadwal kick-off-nya sudah lewat, prediksi yang ditampilkan dihitung sebelum hasilnya diketahui.';

interface Item {
  match: { id: number; home: { name: string }; away: { name: string }; state: string };
  prediction: Prediction;
}

/** The status column of a predicted fixture (one with no result yet), by its state. */
const STATUS_SHOWN: Record<string, string> = { upcoming: '-', no_result: 'Hasil belum tersedia', postponed: 'Ditunda' };

async function firstPredictedDay(request: APIRequestContext): Promise<{ day: string; items: Item[]; total: number }> {
  const today = await serverToday(request);
  for (let i = 0; i < 60; i++) {
    const day = addDays(today, i);
    const res = await request.get(`/api/v1/football/predictions?from=${day}&to=${day}&limit=200`);
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as { total: number; items: Item[] };
    if (body.total > 0) return { day, items: body.items, total: body.total };
  }
  throw new Error('no predicted fixtures in the next 60 days');
}

/** The first fixture from today on that has not kicked off, with its stored forecast. */
async function firstUpcoming(request: APIRequestContext): Promise<Item> {
  const today = await serverToday(request);
  for (let i = 0; i < 60; i++) {
    const day = addDays(today, i);
    const res = await request.get(`/api/v1/football/predictions?from=${day}&to=${day}&limit=200`);
    expect(res.ok()).toBe(true);
    const item = ((await res.json()) as { items: Item[] }).items.find((x) => x.match.state === 'upcoming');
    if (item) return item;
  }
  throw new Error('no upcoming predicted fixture in the next 60 days');
}

/**
 * The pills of one market as shown: whole percentages that add up to `total` and are each within
 * one point of the stored value (rounding each alone would show 101 % or 99 % for about a fifth of
 * the fixtures).
 */
async function expectShown(pills: Locator, exact: number[], total = 100) {
  await expect(pills).toHaveCount(exact.length);
  const shown = (await pills.allTextContents()).map((text) => {
    expect(text).toMatch(/^\d+%$/);
    return Number(text.slice(0, -1));
  });
  expect(shown.reduce((a, b) => a + b, 0)).toBe(total);
  shown.forEach((v, i) => expect(Math.abs(v - exact[i]!)).toBeLessThan(1));
}

test('/prediksi shows the model percentages, labelled, for a day with upcoming fixtures', async ({ page, request }) => {
  const { day, items, total } = await firstPredictedDay(request);
  expect(items.every((i) => i.prediction.source === 'model')).toBe(true);
  await page.goto(`/prediksi?dari=${day}&hingga=${day}`);
  const rows = page.locator('li.fb-pred');
  await expect(rows).toHaveCount(Math.min(total, 50));
  // Every row on the page: its three pills add up to 100 and follow the stored values.
  let checked = 0;
  for (const { match, prediction: p } of items) {
    const row = rows.filter({ hasText: match.home.name }).filter({ hasText: match.away.name });
    if ((await row.count()) === 0) continue; // beyond the first page
    await expectShown(row.locator('.fb-pill'), [p.homeWin, p.draw, p.awayWin]);
    // The status says what the match page says: '-' before kick-off, and a fixture whose kick-off
    // has passed without a result in the data is not shown as if it were still to come.
    const status = STATUS_SHOWN[match.state];
    expect(status, `a predicted fixture's state: ${match.state}`).toBeDefined();
    await expect(row.locator('.status')).toHaveText(status!);
    checked += 1;
  }
  expect(checked).toBe(Math.min(total, 50));
  // The label comes before the first percentages, not 50 rows below them.
  await expect(page.getByText(MODEL_LABEL)).toBeVisible();
  expect((await page.getByText(MODEL_LABEL).boundingBox())!.y).toBeLessThan((await rows.first().boundingBox())!.y);
  // And says, once, what the model is.
  await expect(page.getByText(MODEL_NOTE)).toHaveCount(1);
  // On a wide screen the button stands level with the date fields, not with the error line under them.
  const field = (await page.locator('#hingga').boundingBox())!;
  const button = (await page.getByRole('button', { name: 'Cari' }).boundingBox())!;
  expect(Math.abs(button.y + button.height - (field.y + field.height))).toBeLessThan(2);
  // The note on forecasts from before the result only where a row's kick-off has passed.
  const passed = (await rows.locator('.status').allTextContents()).some((status) => status === 'Hasil belum tersedia');
  await expect(page.getByText(BEFORE_RESULT_LIST)).toHaveCount(passed ? 1 : 0);
});

test('/prediksi: a fixture whose kick-off passed without a result in the data reads Hasil belum tersedia, not -', async ({ page, request }) => {
  // The open data stops giving results before the server's today: the last days before it hold
  // fixtures of a running season that are forecast but have no score.
  const today = await serverToday(request);
  let found: { day: string; item: Item } | undefined;
  for (let i = 1; i <= 120 && !found; i++) {
    const day = addDays(today, -i);
    const body = (await (await request.get(`/api/v1/football/predictions?from=${day}&to=${day}&limit=50`)).json()) as { items: Item[] };
    const item = body.items.find((x) => x.match.state === 'no_result');
    if (item) found = { day, item };
  }
  expect(found, 'a forecast fixture without a result in the 120 days before today').toBeDefined();
  const { day, item } = found!;
  await page.goto(`/prediksi?dari=${day}&hingga=${day}`);
  const row = page.locator('li.fb-pred').filter({ hasText: item.match.home.name }).filter({ hasText: item.match.away.name });
  await expect(row.locator('.status')).toHaveText('Hasil belum tersedia');
  await expect(row.locator('.score')).toHaveText('-');
  // Its numbers are said to come from before its result, on the list and on the match's tab.
  await expect(page.getByText(BEFORE_RESULT_LIST)).toBeVisible();
  await page.goto(`/match/${item.match.id}?tab=prediksi`);
  const panel = page.getByRole('tabpanel', { name: 'Prediksi' });
  await expect(panel).toContainText(BEFORE_RESULT_TAB);
  await expect(panel.getByRole('row', { name: /1X2/ }).locator('.fb-pill')).toHaveCount(3);
});

test('the Prediksi tab of an upcoming match shows the model markets with the label', async ({ page, request }) => {
  const item = await firstUpcoming(request);
  await page.goto(`/match/${item.match.id}`);
  await page.getByRole('tab', { name: 'Prediksi' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Prediksi' });
  const p = item.prediction;
  await expectShown(panel.getByRole('row', { name: /1X2/ }).locator('.fb-pill'), [p.homeWin, p.draw, p.awayWin]);
  await expectShown(panel.getByRole('row', { name: /Over\/Under 2.5/ }).locator('.fb-pill'), [p.over25, p.under25]);
  await expectShown(panel.getByRole('row', { name: /Double Chance/ }).locator('.fb-pill'), [p.homeOrDraw, p.awayOrDraw, p.homeOrAway], 200);
  await expect(panel).toContainText(MODEL_LABEL);
  await expect(panel.getByText(MODEL_NOTE)).toBeVisible();
  // Who made the numbers stands above them, as on /prediksi.
  expect((await panel.getByText(MODEL_LABEL).boundingBox())!.y).toBeLessThan((await panel.getByRole('table').boundingBox())!.y);
  await expect(panel).not.toContainText(BEFORE_RESULT_TAB);
  // Every row fills the table's three columns (a two-way row's divider stopped short).
  const rows = panel.getByRole('row');
  await expect(rows).toHaveCount(5);
  for (const row of await rows.all()) await expect(row.getByRole('cell')).toHaveCount(3);
});

test('the Prediksi tab works without JavaScript: a link to ?tab=prediksi shows the markets, and the match page loads no island', async ({ browser, request }) => {
  const item = await firstUpcoming(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/match/${item.match.id}`);
  await page.getByRole('tab', { name: 'Prediksi' }).click();
  await expect(page).toHaveURL(/\?tab=prediksi$/);
  const panel = page.getByRole('tabpanel', { name: 'Prediksi' });
  const p = item.prediction;
  await expectShown(panel.getByRole('row', { name: /1X2/ }).locator('.fb-pill'), [p.homeWin, p.draw, p.awayWin]);
  await expect(panel).toContainText(MODEL_LABEL);
  // Rendered by the server: no React island (and no React) on a public match page.
  await expect(page.locator('astro-island')).toHaveCount(0);
  await context.close();
});
