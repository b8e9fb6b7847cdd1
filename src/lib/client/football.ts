// Browser calls of the football API (the live score page's script).
import type { MatchSummary } from '../shared/football/types.ts';

export type LiveScoreView = 'live' | 'incoming';

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { signal: signal ?? null, headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  return (await res.json()) as T;
}

/** A view's matches, and the server's time of the answer (ms). */
export async function fetchMatches(view: LiveScoreView, signal?: AbortSignal): Promise<{ matches: MatchSummary[]; at: number }> {
  const body = await getJson<{ matches: MatchSummary[]; now: string }>(`/api/v1/football/matches?view=${view}`, signal);
  return { matches: body.matches, at: Date.parse(body.now) };
}
