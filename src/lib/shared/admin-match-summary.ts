// The back office's one-line result of a match (Hasil Pertandingan): its status and, once played,
// the 90-minute score, with extra time and a shoot-out from the data source. Rendered by the page
// and again by its script after a save, from the stored row the API answers with. Also the result's
// edit version (`resultVersion`), which the page's form carries and the server checks.
import { adminMatches as m } from './messages/memos.ts';

export interface MatchResultFields {
  status: string;
  ftHome: number | null;
  ftAway: number | null;
  etHome: number | null;
  etAway: number | null;
  penHome: number | null;
  penAway: number | null;
  /** The running score (the source's, in play): shown for a match in play or stopped. */
  homeScore?: number | null;
  awayScore?: number | null;
}

const PLAYED = new Set(['finished', 'awarded']);
const IN_PLAY = new Set(['live', 'abandoned']);

export function matchResultSummary(r: MatchResultFields): string {
  const parts = [m.statuses[r.status] ?? r.status];
  // In play the source sends no FT score, only the running one: a goal it reports changes the
  // result's version (resultVersion), so the line shows it.
  if (IN_PLAY.has(r.status) && r.homeScore != null && r.awayScore != null) parts[0] += ` ${r.homeScore}-${r.awayScore}`;
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

/** Every stored column of a match's result: what the form shows, and what it may not know. */
export interface StoredResult extends MatchResultFields {
  htHome: number | null;
  htAway: number | null;
  homeScore: number | null;
  awayScore: number | null;
}

/**
 * The edit version of a match's result: its stored result columns, in one string. A match row has
 * no usable updatedAt for this, since the data source rewrites a live match at every poll (its
 * minute); the result, which a save replaces, is what must not have changed since the form was
 * rendered. The running score (homeScore) is in it: a live match's goals may reach it first.
 */
export function resultVersion(r: StoredResult): string {
  return [r.status, r.htHome, r.htAway, r.ftHome, r.ftAway, r.etHome, r.etAway, r.penHome, r.penAway, r.homeScore, r.awayScore]
    .map((v) => v ?? '')
    .join(' ');
}
