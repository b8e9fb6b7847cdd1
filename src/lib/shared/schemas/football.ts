// Query parameters of the football API and pages: one schema each, used by the API routes, the
// pages' GET forms and the islands. Messages are the spec's Indonesian texts.
import { z } from 'zod';
import { DEFAULT_LEAGUE_ID } from '../constants.ts';
import { daysBetween, isDateKey } from '../football/dates.ts';
import { footballApi, predictionsPage } from '../messages/football.ts';
import { urlNumber } from './url-number.ts';

export const PREDICTION_PAGE_SIZE = 50;
export const PREDICTION_RANGE_MAX_DAYS = 31;

// Ids and paging arrive as URL text: plain digits only ('0x98', '1e1' and '+1' are no league).
const leagueId = urlNumber(footballApi.invalidLeague, { max: 1_000_000 });

// No date at all asks for one; a date that is not text (a repeated ?date=, which arrives as a list) is not valid.
const dateKey = z
  .string({ error: (iss) => (iss.input === undefined ? predictionsPage.chooseDate : predictionsPage.invalidDate) })
  .trim()
  .min(1, { error: predictionsPage.chooseDate })
  .refine(isDateKey, { error: predictionsPage.invalidDate });

/** Days from `from` to `to`; 0 while either is not a valid date (its own field reports that). */
const span = (r: { from: string; to: string }) => (isDateKey(r.from) && isDateKey(r.to) ? daysBetween(r.from, r.to) : 0);

/** '2024-25' for leagues over two years, '2026' for one-year competitions. */
export const seasonSchema = z.string({ error: footballApi.invalidSeason }).trim().regex(/^\d{4}(-\d{2})?$/, { error: footballApi.invalidSeason });

/** `/api/v1/football/matches/:id` and the page /match/[id]. */
export const matchIdSchema = z.object({ id: urlNumber(footballApi.invalidMatchId) });

/** `view` defaults to `date` when a date is given, else to `incoming`; a date beside another view is refused, not ignored. */
export const matchesQuerySchema = z
  .object({
    view: z.enum(['live', 'incoming', 'date'], { error: footballApi.invalidView }).optional(),
    date: dateKey.optional(),
    league: leagueId.optional(),
  })
  .refine((q) => q.view !== 'date' || q.date !== undefined, { error: predictionsPage.chooseDate, path: ['date'] })
  .refine((q) => q.date === undefined || q.view === undefined || q.view === 'date', { error: footballApi.dateWithoutDateView, path: ['date'] })
  .transform((q) => ({ ...q, view: q.view ?? (q.date === undefined ? ('incoming' as const) : ('date' as const)) }));
export type MatchesQuery = z.infer<typeof matchesQuerySchema>;

export const standingsQuerySchema = z.object({
  league: leagueId.default(DEFAULT_LEAGUE_ID),
  season: seasonSchema.optional(),
});
export type StandingsQuery = z.infer<typeof standingsQuerySchema>;

/** Dari/Hingga: both required ('Silahkan pilih tanggal'), Hingga not before Dari ('Tanggal tidak valid'). */
export const dateRangeSchema = z
  .object({ from: dateKey, to: dateKey })
  .refine((r) => span(r) >= 0, { error: predictionsPage.invalidDate, path: ['to'] })
  .refine((r) => span(r) < PREDICTION_RANGE_MAX_DAYS, {
    error: predictionsPage.rangeTooLong(PREDICTION_RANGE_MAX_DAYS),
    path: ['to'],
  });

export const predictionsQuerySchema = z
  .object({
    from: dateKey,
    to: dateKey,
    league: leagueId.optional(),
    offset: urlNumber(footballApi.invalidPage, { min: 0, max: 100_000 }).default(0),
    limit: urlNumber(footballApi.invalidPage, { max: 200 }).default(PREDICTION_PAGE_SIZE),
  })
  .refine((r) => span(r) >= 0, { error: predictionsPage.invalidDate, path: ['to'] })
  .refine((r) => span(r) < PREDICTION_RANGE_MAX_DAYS, {
    error: predictionsPage.rangeTooLong(PREDICTION_RANGE_MAX_DAYS),
    path: ['to'],
  });
export type PredictionsQuery = z.infer<typeof predictionsQuerySchema>;

