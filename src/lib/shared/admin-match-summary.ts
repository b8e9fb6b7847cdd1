// The back office's one-line result of a match (Hasil Pertandingan): its status and, once played,
// the 90-minute score, with extra time and a shoot-out from the data source. Rendered by the page
// and again by its script after a save, from the stored row the API answers with.
import { adminMatches as m } from './messages/memos.ts';

export interface MatchResultFields {
  status: string;
  ftHome: number | null;
  ftAway: number | null;
  etHome: number | null;
  etAway: number | null;
  penHome: number | null;
  penAway: number | null;
}

const PLAYED = new Set(['finished', 'awarded']);

export function matchResultSummary(r: MatchResultFields): string {
  const parts = [m.statuses[r.status] ?? r.status];
  if (PLAYED.has(r.status) && r.ftHome !== null && r.ftAway !== null) {
    parts[0] += ` ${r.ftHome}-${r.ftAway}`;
    if (r.etHome !== null && r.etAway !== null) parts.push(`${m.extraTime} ${r.etHome}-${r.etAway}`);
    if (r.penHome !== null && r.penAway !== null) parts.push(`${m.penalties} ${r.penHome}-${r.penAway}`);
  }
  return parts.join(' · ');
}

/** True when the line shows extra time or a shoot-out, which a save keeps only with its status and FT score. */
export function hasExtra(r: MatchResultFields): boolean {
  return PLAYED.has(r.status) && r.ftHome !== null && (r.etHome !== null || r.penHome !== null);
}
