// The /prediksi filter as a plain GET form: quick days (Kemarin, Hari Ini, Besok), a Dari–Hingga
// range, a league, and how many rows to show (50, then 50 more per 'Tampilkan Lebih Banyak').
import { addDays, isDateKey } from './dates.ts';
import { dateRangeSchema, PREDICTION_PAGE_SIZE } from '../schemas/football.ts';
import { firstErrors } from '../schemas/fields.ts';
import { readUrlNumber } from '../url-number.ts';
import { LEAGUE_CATALOGUE } from './leagues.ts';

export type QuickDay = 'kemarin' | 'hari-ini' | 'besok';
export const QUICK_DAYS: QuickDay[] = ['kemarin', 'hari-ini', 'besok'];
const OFFSET: Record<QuickDay, number> = { kemarin: -1, 'hari-ini': 0, besok: 1 };
export const MAX_SHOWN = 1000;

export interface PrediksiForm {
  /** The quick day in force, if the range came from one. */
  quick: QuickDay | undefined;
  /** What the date inputs show (the submitted text, even when invalid). */
  from: string;
  to: string;
  leagueId: number | undefined;
  shown: number;
  /** Field messages ('Silahkan pilih tanggal', 'Tanggal tidak valid'); none when the range is usable. */
  errors: { from?: string; to?: string };
  /** The range to query, when valid. */
  range: { from: string; to: string } | undefined;
}

/** Reads the page's query; `today` is the current WIB day (YYYY-MM-DD). */
export function read(params: URLSearchParams, today: string): PrediksiForm {
  // Plain digits ('0x98' or '1.52e2' is no league), and one of the leagues the select offers: another
  // id listed nothing while the select said 'Semua Pertandingan'. It is ignored, like 'liga=abc'.
  const asked = readUrlNumber(params.get('liga'));
  const leagueId = LEAGUE_CATALOGUE.some((l) => l.id === asked) ? asked : undefined;
  const wanted = readUrlNumber(params.get('tampil')) ?? 0;
  const shown = wanted > PREDICTION_PAGE_SIZE ? Math.min(Math.ceil(wanted / PREDICTION_PAGE_SIZE) * PREDICTION_PAGE_SIZE, MAX_SHOWN) : PREDICTION_PAGE_SIZE;
  const hari = params.get('hari');
  const submitted = params.has('dari') || params.has('hingga');

  if (!submitted || (hari && QUICK_DAYS.includes(hari as QuickDay))) {
    const quick = hari && QUICK_DAYS.includes(hari as QuickDay) ? (hari as QuickDay) : 'hari-ini';
    const day = addDays(today, OFFSET[quick]);
    return { quick, from: day, to: day, leagueId, shown, errors: {}, range: { from: day, to: day } };
  }

  const from = (params.get('dari') ?? '').trim();
  const to = (params.get('hingga') ?? '').trim();
  const parsed = dateRangeSchema.safeParse({ from, to });
  if (parsed.success) {
    const quick = QUICK_DAYS.find((q) => from === to && isDateKey(from) && addDays(today, OFFSET[q]) === from);
    return { quick, from, to, leagueId, shown, errors: {}, range: parsed.data };
  }
  const errors = firstErrors(parsed.error);
  return {
    quick: undefined,
    from,
    to,
    leagueId,
    shown,
    errors: { ...(errors['from'] && { from: errors['from'] }), ...(errors['to'] && { to: errors['to'] }) },
    range: undefined,
  };
}

/**
 * The query string of the form's current state, with overrides. A quick day is named as such
 * ('hari=besok'), except in a link to more rows ('tampil'), which names its dates: after midnight
 * it must still show the rest of the same day (the page marks the quick day again while it is one).
 */
export function href(form: Pick<PrediksiForm, 'from' | 'to' | 'leagueId' | 'quick'>, extra: Record<string, string | number> = {}): string {
  const p = new URLSearchParams();
  if (form.quick && !('dari' in extra) && !('tampil' in extra)) p.set('hari', form.quick);
  else {
    p.set('dari', form.from);
    p.set('hingga', form.to);
  }
  if (form.leagueId) p.set('liga', String(form.leagueId));
  for (const [k, v] of Object.entries(extra)) p.set(k, String(v));
  return `/prediksi?${p.toString()}`;
}
