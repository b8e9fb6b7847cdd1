// What the football pages of the server under test take as today: its WIB day, from the API, so a
// spec follows the server's clock (FOOTBALL_CLOCK in playwright.config.ts), not the machine's.
import { expect, type APIRequestContext } from '@playwright/test';

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

/** The day (YYYY-MM-DD) n days after `day` (before it when n is negative). */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
