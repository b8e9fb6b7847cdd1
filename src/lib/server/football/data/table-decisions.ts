// Official decisions that change a league table beyond its results, in the leagues and seasons of
// the embedded data: points taken from clubs (administration, breaches of financial rules) and a
// match awarded on a level score. Tables computed from results miss them otherwise: the 2023-24
// Premier League would show Everton on 48 points instead of 40. A table counts each deduction from
// the day it was decided, so a season's table is right at any moment of it.
//
// Every league-season of the embedded data was searched; each entry names where its figures were
// checked. A club is matched by the embedded data's name. A table the provider (apifootball.com)
// publishes carries its own deductions; one computed from the provider's history of past seasons
// names clubs its own way, and its note says which decisions it could not match.
import { LEAGUE_CATALOGUE } from '../../../shared/football/leagues.ts';
import type { PlayoffRow, PointDeductionRow, TeamRef } from '../../../shared/football/types.ts';

export interface PointDeduction {
  /** The data's league code (en.1 …) and season (2023-24). */
  league: string;
  season: string;
  /** The club as the site names it: its latest spelling in the data (team-aliases.ts). */
  team: string;
  /** Points taken off; negative for points given back on appeal. */
  points: number;
  /** The day of the decision (YYYY-MM-DD); the table counts it from that day's start, UTC. */
  decided: string;
  /** Where the figure was checked. */
  source: string;
}

/** The entries of one league's season (by the catalogue's league id). */
function ofSeason<T extends { league: string; season: string }>(list: readonly T[], leagueId: number, season: string): T[] {
  const code = LEAGUE_CATALOGUE.find((l) => l.id === leagueId)?.embedded;
  return list.filter((e) => e.league === code && e.season === season);
}

/** Whether a decision of `day` (YYYY-MM-DD) counts at `now`: from that day's start, UTC. */
const decidedBy = (day: string, now: Date) => Date.parse(`${day}T00:00:00Z`) <= now.getTime();

export const POINT_DEDUCTIONS: readonly PointDeduction[] = [
  { league: 'en.1', season: '2023-24', team: 'Everton FC', points: 10, decided: '2023-11-17', source: 'Premier League commission, profit and sustainability breach to 2021-22 (football365, 17 Nov 2023)' },
  { league: 'en.1', season: '2023-24', team: 'Everton FC', points: -4, decided: '2024-02-26', source: 'appeal board cut the 10 points to 6 (AP, 26 Feb 2024)' },
  { league: 'en.1', season: '2023-24', team: 'Everton FC', points: 2, decided: '2024-04-08', source: 'second breach, to 2022-23 (Premier League statement via dailypost.ng and Khaleej Times, 8 Apr 2024)' },
  { league: 'en.1', season: '2023-24', team: 'Nottingham Forest FC', points: 4, decided: '2024-03-18', source: 'profit and sustainability breach to 2022-23; appeal dismissed 7 May 2024 (perthnow, City A.M., AP)' },
  { league: 'en.2', season: '2018-19', team: 'Birmingham City FC', points: 9, decided: '2019-03-22', source: 'EFL profitability and sustainability breach 2015-18 (The Guardian, ITV, Sky Sports, 22 Mar 2019)' },
  { league: 'en.2', season: '2019-20', team: 'Wigan Athletic FC', points: 12, decided: '2020-07-22', source: 'administration, applied after the last round; appeal dismissed 4 Aug 2020 (EFL statement via Sunderland Echo; The Guardian)' },
  { league: 'en.2', season: '2020-21', team: 'Sheffield Wednesday FC', points: 12, decided: '2020-07-31', source: 'EFL disciplinary commission, for 2020-21 (EFL statement via FourFourTwo, 31 Jul 2020)' },
  { league: 'en.2', season: '2020-21', team: 'Sheffield Wednesday FC', points: -6, decided: '2020-11-04', source: 'arbitration panel halved it to 6 (Sky Sports, 4 Nov 2020)' },
  { league: 'en.2', season: '2021-22', team: 'Derby County FC', points: 12, decided: '2021-09-22', source: 'administration (EFL, via Sportstar and extra.ie, 22 Sep 2021)' },
  { league: 'en.2', season: '2021-22', team: 'Derby County FC', points: 9, decided: '2021-11-16', source: 'profitability and sustainability breach, 21 in all (The Guardian, The Independent, 16 Nov 2021)' },
  { league: 'en.2', season: '2021-22', team: 'Reading FC', points: 6, decided: '2021-11-17', source: 'profitability and sustainability breach (EFL statement via Blackpool Gazette, 17 Nov 2021)' },
  { league: 'en.2', season: '2022-23', team: 'Reading FC', points: 6, decided: '2023-04-04', source: 'the suspended 6 points of 2021, for missing the agreed business plan (Sportstar, Sunderland Echo, 4 Apr 2023)' },
  { league: 'en.2', season: '2022-23', team: 'Wigan Athletic FC', points: 3, decided: '2023-03-20', source: 'late payment of wages (EFL statement via Sunderland Echo, 20 Mar 2023)' },
  { league: 'en.2', season: '2022-23', team: 'Wigan Athletic FC', points: 3, decided: '2023-05-19', source: 'late payment of wages, after the last round; final total 39 (Northampton Chronicle, 19 May 2023)' },
  { league: 'en.2', season: '2024-25', team: 'Sheffield United FC', points: 2, decided: '2024-04-11', source: 'overdue transfer fees, from the first match of 2024-25 (AP and Sporting Life, 11 Apr 2024; FourFourTwo)' },
  { league: 'en.2', season: '2025-26', team: 'Sheffield Wednesday FC', points: 12, decided: '2025-10-24', source: 'administration (EFL statement via Sky Sports, 24 Oct 2025)' },
  { league: 'en.2', season: '2025-26', team: 'Sheffield Wednesday FC', points: 6, decided: '2025-12-01', source: 'unpaid wages, tax and transfer fees (The Independent; EFL statement quoted 1 Dec 2025; FotMob table: 18 points)' },
  { league: 'en.2', season: '2025-26', team: 'Leicester City FC', points: 6, decided: '2026-02-05', source: 'profitability and sustainability breach to 2023-24 (Reuters via The Straits Times; EFL statement via Goal, 5 Feb 2026); the outcome of the appeal was not found, the FotMob table still showed the 6 points in late April' },
  { league: 'en.2', season: '2025-26', team: 'West Bromwich Albion FC', points: 2, decided: '2026-04-25', source: 'EFL financial rules, before the penultimate round (FotMob table; a report of The Independent); the exact day, 22 to 25 Apr 2026, not found, so the latest' },
  { league: 'it.1', season: '2018-19', team: 'Chievo Verona', points: 3, decided: '2018-09-13', source: 'false capital gains in player swaps (sportnews.eu, si24.it, 13 Sep 2018)' },
  { league: 'it.1', season: '2022-23', team: 'Juventus FC', points: 15, decided: '2023-01-20', source: 'FIGC appeal court, capital gains case (the42.ie, 20 Jan 2023)' },
  { league: 'it.1', season: '2022-23', team: 'Juventus FC', points: -15, decided: '2023-04-20', source: 'the Collegio di Garanzia annulled it and sent the case back (sportface.it, Apr 2023)' },
  { league: 'it.1', season: '2022-23', team: 'Juventus FC', points: 10, decided: '2023-05-22', source: 'the case heard again: 10 points (giornaledipuglia, 22 May 2023)' },
  { league: 'fr.1', season: '2021-22', team: 'OGC Nice', points: 1, decided: '2021-09-08', source: 'crowd trouble against Marseille; a second point suspended, never applied (LFP statement via Goal France, 8 Sep 2021)' },
  { league: 'fr.1', season: '2021-22', team: 'Olympique Lyonnais', points: 1, decided: '2021-12-08', source: 'a bottle thrown at Payet, Lyon v Marseille (butfootballclub.fr, Dec 2021)' },
  { league: 'fr.1', season: '2023-24', team: 'Montpellier HSC', points: 1, decided: '2023-10-25', source: 'a firecracker thrown at the Clermont goalkeeper; a second point suspended (France 3 Régions, 25 Oct 2023)' },
  { league: 'nl.1', season: '2023-24', team: 'SBV Vitesse', points: 18, decided: '2024-04-19', source: 'KNVB licensing breaches (KNVB statement via Voetbalzone, Apr 2024)' },
];

/** The net points each club of a league's season had taken off by `now`, by club name (none below 1). */
export function deductionsAt(leagueId: number, season: string, now: Date): Map<string, number> {
  const net = new Map<string, number>();
  for (const d of ofSeason(POINT_DEDUCTIONS, leagueId, season)) if (decidedBy(d.decided, now)) net.set(d.team, (net.get(d.team) ?? 0) + d.points);
  for (const [team, points] of net) if (points <= 0) net.delete(team);
  return net;
}

/**
 * Matches awarded to one side on a level score. openfootball records Bastia v Lyon of 16 April 2017,
 * abandoned at half-time at 0-0, as 'awarded' with that score; the LFP's disciplinary commission
 * gave Bastia the match lost (4 May 2017: 'match perdu par pénalité', Lyon's win 'sans perte de
 * goal-average': Lyon 67 points, Bastia 34; foot01, Eurosport France, Corse Sport). Every other
 * awarded match of the data carries its awarded score (0-3, 3-0, 0-2, 0-1).
 */
export const AWARDED_WINS: readonly { league: string; season: string; home: string; away: string; to: 'home' | 'away' }[] = [
  { league: 'fr.1', season: '2016-17', home: 'SC Bastia', away: 'Olympique Lyonnais', to: 'away' },
];

/** Who a league's awarded match on a level score went to, if the list knows it. */
export function awardedTo(leagueId: number, season: string, home: string, away: string): 'home' | 'away' | undefined {
  return ofSeason(AWARDED_WINS, leagueId, season).find((a) => a.home === home && a.away === away)?.to;
}

/**
 * Seasons called off before their end with no final table: the Eredivisie of 2019-20, abandoned by
 * the KNVB on 24 April 2020 with no champion, promotion or relegation (the table at the stop only
 * gave the European places; beIN Sports, Sportstar, 24 Apr 2020). The page says so under the table.
 */
export const ABANDONED_SEASONS: readonly { league: string; season: string; decided: string }[] = [{ league: 'nl.1', season: '2019-20', decided: '2020-04-24' }];

/** The day a league's season was abandoned without a final table, if it was. */
export function abandonedOn(leagueId: number, season: string): string | undefined {
  return ofSeason(ABANDONED_SEASONS, leagueId, season)[0]?.decided;
}

/**
 * Play-offs between clubs level on points where a table's own order would not have decided: Serie
 * A's relegation play-off of 2022-23 (from that season, a tie for the title or for 17th is played
 * off), which Hellas Verona won 3-1 against Spezia on 11 June 2023 at Reggio Emilia (Il Post,
 * Open, 11 Jun 2023; before it, Spezia were 17th on the meetings). No other tie of the data was.
 */
export const PLAYOFFS: readonly { league: string; season: string; winner: string; loser: string; decided: string }[] = [
  { league: 'it.1', season: '2022-23', winner: 'Hellas Verona FC', loser: 'Spezia Calcio', decided: '2023-06-11' },
];

/** The play-offs of a league's season decided by `now`, [winner, loser] by club name. */
export function playoffsAt(leagueId: number, season: string, now: Date): [string, string][] {
  return ofSeason(PLAYOFFS, leagueId, season)
    .filter((p) => decidedBy(p.decided, now))
    .map((p) => [p.winner, p.loser]);
}

/**
 * The decisions of a league's season by `now`, for the table's clubs (by name). `unmatched`: some
 * decision names a club the table does not have by that name (the provider's history spells clubs
 * its own way: 'Everton' for 'Everton FC'), so it is not counted, and the note says so.
 */
export function resolveDecisions(
  leagueId: number,
  season: string,
  now: Date,
  clubs: ReadonlyMap<string, TeamRef>,
): { deductions: PointDeductionRow[]; playoffs: PlayoffRow[]; unmatched: boolean } {
  let unmatched = false;
  const club = (name: string) => {
    const team = clubs.get(name);
    if (!team) unmatched = true;
    return team;
  };
  const deductions: PointDeductionRow[] = [];
  for (const [name, points] of deductionsAt(leagueId, season, now)) {
    const team = club(name);
    if (team) deductions.push({ team, points });
  }
  deductions.sort((a, b) => a.team.name.localeCompare(b.team.name, 'en'));
  const playoffs: PlayoffRow[] = [];
  for (const [w, l] of playoffsAt(leagueId, season, now)) {
    const [winner, loser] = [club(w), club(l)];
    if (winner && loser) playoffs.push({ winner, loser });
  }
  return { deductions, playoffs, unmatched };
}
