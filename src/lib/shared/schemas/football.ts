// Query parameters of the football API and pages: one schema each, used by the API routes, the
// pages' GET forms and the islands. Messages are the spec's Indonesian texts.
import { z } from 'zod';
import { DEFAULT_LEAGUE_ID } from '../constants.ts';
import { daysBetween, isDateKey } from '../football/dates.ts';
import { footballApi, predictionsPage } from '../messages/football.ts';

export const PREDICTION_PAGE_SIZE = 50;
export const PREDICTION_RANGE_MAX_DAYS = 31;

const leagueId = z.coerce
  .number({ error: footballApi.invalidLeague })
  .int({ error: footballApi.invalidLeague })
  .positive({ error: footballApi.invalidLeague })
  .max(1_000_000, { error: footballApi.invalidLeague });

const dateKey = z
  .string({ error: predictionsPage.chooseDate })
  .trim()
  .min(1, { error: predictionsPage.chooseDate })
  .refine(isDateKey, { error: predictionsPage.invalidDate });

/** Days from `from` to `to`; 0 while either is not a valid date (its own field reports that). */
const span = (r: { from: string; to: string }) => (isDateKey(r.from) && isDateKey(r.to) ? daysBetween(r.from, r.to) : 0);

/** '2024-25' for leagues over two years, '2026' for one-year competitions. */
export const seasonSchema = z.string().trim().regex(/^\d{4}(-\d{2})?$/, { error: footballApi.invalidSeason });

export const matchIdSchema = z.object({
  id: z.coerce.number({ error: footballApi.invalidMatchId }).int({ error: footballApi.invalidMatchId }).positive({ error: footballApi.invalidMatchId }).max(2_147_483_647, { error: footballApi.invalidMatchId }),
});

export const matchesQuerySchema = z
  .object({
    view: z.enum(['live', 'incoming', 'date'], { error: footballApi.invalidView }).default('incoming'),
    date: dateKey.optional(),
    league: leagueId.optional(),
  })
  .refine((q) => q.view !== 'date' || q.date !== undefined, { error: predictionsPage.chooseDate, path: ['date'] });
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
    offset: z.coerce.number({ error: footballApi.invalidPage }).int({ error: footballApi.invalidPage }).min(0, { error: footballApi.invalidPage }).max(100_000, { error: footballApi.invalidPage }).default(0),
    limit: z.coerce.number({ error: footballApi.invalidPage }).int({ error: footballApi.invalidPage }).min(1, { error: footballApi.invalidPage }).max(200, { error: footballApi.invalidPage }).default(PREDICTION_PAGE_SIZE),
  })
  .refine((r) => span(r) >= 0, { error: predictionsPage.invalidDate, path: ['to'] })
  .refine((r) => span(r) < PREDICTION_RANGE_MAX_DAYS, {
    error: predictionsPage.rangeTooLong(PREDICTION_RANGE_MAX_DAYS),
    path: ['to'],
  });
export type PredictionsQuery = z.infer<typeof predictionsQuerySchema>;

/** The first message of a failed parse, and each field's first message. */
export function issues(error: z.ZodError): { message: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  return { message: error.issues[0]?.message ?? footballApi.invalidPage, errors };
}
