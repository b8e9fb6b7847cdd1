// Which matches are played at a neutral venue, where the model gives no home advantage (in the fit
// and in the forecast). One rule for the site (service.ts, on the database's rows) and the
// evaluation (openfootball.ts, on the data files), by apifootball.com's competition ids.
import { FINAL_ROUND, isPlayoff, playoffFinal } from '../football/data/openfootball-quirks.ts';

/**
 * Competitions played at neutral venues: World Cup, European Championship, and the Supercopa de
 * España (a four-team tournament played abroad or away from the clubs' grounds).
 */
export const NEUTRAL_LEAGUES: ReadonlySet<number> = new Set([28, 1, 383]);
/**
 * Cups whose final is one match at a neutral ground: Champions League, Europa League, Conference
 * League, Copa del Rey. Not the Nations League (its finals are hosted by one of the four teams), nor
 * the leagues whose finals are two-legged or at the higher seed's ground (Liga MX, MLS).
 */
const NEUTRAL_FINAL_LEAGUES: ReadonlySet<number> = new Set([3, 4, 683, 300]);
/** Leagues whose play-off final is one match at a neutral ground: the Championship's, at Wembley. */
const PLAYOFF_FINAL_LEAGUES: ReadonlySet<number> = new Set([153]);

/**
 * The finals played at a neutral ground among one competition-season's matches: a NEUTRAL_FINAL_LEAGUES
 * cup's match of a round named as a final; the Championship's play-off final (playoffFinal: named, or
 * the last of a whole stage). `round` is a match's label as the site stores it (openfootball's
 * round, else its stage) and `at` orders matches by kick-off.
 */
export function neutralFinals<T>(leagueId: number, matches: readonly T[], round: (m: T) => string, at: (m: T) => number | string): T[] {
  if (NEUTRAL_FINAL_LEAGUES.has(leagueId)) return matches.filter((m) => FINAL_ROUND.test(round(m).trim()));
  if (!PLAYOFF_FINAL_LEAGUES.has(leagueId)) return [];
  const final = playoffFinal(
    matches.filter((m) => isPlayoff({ round: round(m) })),
    round,
    at,
  );
  return final === undefined ? [] : [final];
}

/** The ids of the matches played at a neutral venue: every match of a NEUTRAL_LEAGUES competition, and the neutral finals. */
export function neutralVenues(rows: readonly { id: number; leagueId: number; season: string; round: string; kickoffAt: Date }[]): Set<number> {
  const ids = new Set<number>();
  const seasons = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) {
    if (NEUTRAL_LEAGUES.has(r.leagueId)) ids.add(r.id);
    const key = `${r.leagueId}:${r.season}`;
    if (!seasons.has(key)) seasons.set(key, []);
    seasons.get(key)!.push(r);
  }
  for (const matches of seasons.values()) {
    for (const f of neutralFinals(matches[0]!.leagueId, matches, (r) => r.round, (r) => r.kickoffAt.getTime())) ids.add(f.id);
  }
  return ids;
}
