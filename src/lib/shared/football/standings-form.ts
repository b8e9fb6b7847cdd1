// The standings filter (/klasemenhome, /klasemenlobby) as a plain GET form: ?league=&season=.
// Each parameter is read on its own: a bad one is dropped (the default league, the latest season)
// rather than answered with an error, since the page is reached by links, and a bad season keeps
// the league.
//
// A new league comes with its own latest season: the season list on the page is the old league's.
// With JavaScript the page's script leaves the season out. Without it the form also sends `asal`,
// the league the page showed; `read` then asks for a redirect to the plain link: the new league
// alone, or the same league with the chosen season.
import { DEFAULT_LEAGUE_ID } from '../constants.ts';
import { standingsQuerySchema } from '../schemas/football.ts';

export interface StandingsForm {
  league: number;
  /** The address named the league (a link, a choice): only then is a league without a table worth a word. */
  leagueAsked: boolean;
  season: string | undefined;
  /** Where a submission without JavaScript goes instead (path and query), if it came from one. */
  redirect: string | undefined;
}

/** Reads the page's query; `path` is the page's own (the redirect's target). */
export function read(params: URLSearchParams, path: string): StandingsForm {
  const { shape } = standingsQuerySchema;
  const league = shape.league.safeParse(params.get('league') || undefined);
  const season = shape.season.safeParse(params.get('season') || undefined);
  const form: StandingsForm = {
    league: league.success ? league.data : DEFAULT_LEAGUE_ID,
    leagueAsked: league.success && params.get('league') !== null,
    season: season.success ? season.data : undefined,
    redirect: undefined,
  };
  if (!params.has('asal')) return form;
  const shown = shape.league.safeParse(params.get('asal') || undefined);
  const sameLeague = league.success && shown.success && shown.data === league.data;
  const target = new URLSearchParams();
  if (league.success) target.set('league', String(league.data));
  if (sameLeague && form.season) target.set('season', form.season);
  return { ...form, redirect: target.size ? `${path}?${target}` : path };
}
