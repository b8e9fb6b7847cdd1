// The model's predictions on the pages, against the site started as `npm start` starts it (embedded
// data, model fitted at boot). The date is taken from the data at test time: the first day from
// today on with predicted fixtures.
import { expect, test, type APIRequestContext } from '@playwright/test';

const MODEL_LABEL = 'Sumber: Prediksi model statistik Gelora — bukan jaminan hasil';

interface Item {
  match: { id: number; home: { name: string }; away: { name: string }; state: string };
  prediction: { source: string; homeWin: number; draw: number; awayWin: number; over25: number; under25: number };
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function firstPredictedDay(request: APIRequestContext): Promise<{ day: string; items: Item[]; total: number }> {
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  for (let i = 0; i < 60; i++) {
    const day = addDays(today, i);
    const res = await request.get(`/api/v1/football/predictions?from=${day}&to=${day}&limit=200`);
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as { total: number; items: Item[] };
    if (body.total > 0) return { day, items: body.items, total: body.total };
  }
  throw new Error('no predicted fixtures in the next 60 days');
}

const pct = (v: number) => `${Math.round(v)}%`;

test('/prediksi shows the model percentages, labelled, for a day with upcoming fixtures', async ({ page, request }) => {
  const { day, items, total } = await firstPredictedDay(request);
  expect(items.every((i) => i.prediction.source === 'model')).toBe(true);
  await page.goto(`/prediksi?dari=${day}&hingga=${day}`);
  const rows = page.locator('li.fb-pred');
  await expect(rows).toHaveCount(Math.min(total, 50));
  const first = items[0]!;
  const row = rows.filter({ hasText: first.match.home.name }).filter({ hasText: first.match.away.name });
  await expect(row.locator('.fb-pill')).toHaveText([pct(first.prediction.homeWin), pct(first.prediction.draw), pct(first.prediction.awayWin)]);
  await expect(page.getByText(MODEL_LABEL)).toBeVisible();
});

test('the Prediksi tab of an upcoming match shows the model markets with the label', async ({ page, request }) => {
  const { items } = await firstPredictedDay(request);
  const item = items.find((i) => i.match.state === 'upcoming') ?? items[0]!;
  await page.goto(`/match/${item.match.id}`);
  await page.getByRole('tab', { name: 'Prediksi' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Prediksi' });
  const p = item.prediction;
  await expect(panel.getByRole('row', { name: /1X2/ }).locator('.fb-pill')).toHaveText([pct(p.homeWin), pct(p.draw), pct(p.awayWin)]);
  await expect(panel.getByRole('row', { name: /Over\/Under 2.5/ }).locator('.fb-pill')).toHaveText([pct(p.over25), pct(p.under25)]);
  await expect(panel.getByRole('row', { name: /Double Chance/ }).locator('.fb-pill')).toHaveCount(3);
  await expect(panel).toContainText(MODEL_LABEL);
});
