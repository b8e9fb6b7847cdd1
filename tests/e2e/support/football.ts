// What the football pages of the server under test take as today: its WIB day, from the API, so a
// spec follows the server's clock (FOOTBALL_CLOCK in playwright.config.ts), not the machine's.
import { expect, type APIRequestContext } from '@playwright/test';

/** The site's own day arithmetic on WIB day keys, for the specs that walk through days. */
export { addDays } from '../../../src/lib/shared/football/dates.ts';

export async function serverToday(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/v1/football/matches?view=incoming');
  expect(res.ok()).toBe(true);
  const { today } = (await res.json()) as { today: string };
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return today;
}

/** The fields of the football API's match summary that the specs read. */
export interface Summary {
  id: number;
  state: string;
  home: { name: string };
  away: { name: string };
}
