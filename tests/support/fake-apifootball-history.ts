// Past seasons for the fake apifootball.com: what get_events (league_id, from, to) answers for the
// days before the fixture window. Each league plays a 20-team double round robin every season, one
// round each Saturday from the second week of August (seasons '2025/2026'), with scores drawn from
// fixed team strengths by a seeded generator, so every run serves the same results. Rows are in the
// wire format of get_events (../shared/data/football/apifootball-shapes/live-sample-2026-09-13):
// every value a string, goalscorer entries adding up to the score, empty lineups and statistics.
// Only days up to the day before yesterday are generated: yesterday on is the fixture files'.
import type { WireRow } from './fake-apifootball.ts';
import { poisson, rng } from './random.ts';

const WIB_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

interface League {
  id: string;
  name: string;
  countryId: string;
  country: string;
  logo: string;
  /** Id and name; the fixture files' teams keep their ids, the rest are made up (91xx, 92xx, 93xx). */
  teams: [string, string][];
}

const filler = (base: number, names: string[]): [string, string][] => names.map((n, i) => [String(base + i), n]);

export const HISTORY_LEAGUES: Record<string, League> = {
  '152': {
    id: '152',
    name: 'Premier League',
    countryId: '44',
    country: 'England',
    logo: 'https://apiv3.apifootball.com/badges/logo_leagues/152_premier-league.png',
    teams: [
      ['141', 'Arsenal'],
      ['2616', 'Chelsea'],
      ['80', 'Manchester City'],
      ['3100', 'Newcastle United'],
      ['3081', 'West Ham United'],
      ['3071', 'Bournemouth'],
      ...filler(9100, ['Liverpool', 'Manchester United', 'Tottenham Hotspur', 'Aston Villa', 'Brighton', 'Brentford', 'Crystal Palace', 'Everton', 'Fulham', 'Nottingham Forest', 'Wolverhampton', 'Leeds United', 'Burnley', 'Sunderland']),
    ],
  },
  '207': {
    id: '207',
    name: 'Serie A',
    countryId: '5',
    country: 'Italy',
    logo: 'https://apiv3.apifootball.com/badges/logo_leagues/207_serie-a.png',
    teams: [
      ['79', 'Inter'],
      ['91', 'Juventus'],
      ...filler(9200, ['AC Milan', 'Napoli', 'AS Roma', 'Lazio', 'Atalanta', 'Fiorentina', 'Bologna', 'Torino', 'Genoa', 'Udinese', 'Lecce', 'Cagliari', 'Verona', 'Parma', 'Como', 'Sassuolo', 'Pisa', 'Cremonese']),
    ],
  },
  '302': {
    id: '302',
    name: 'La Liga',
    countryId: '6',
    country: 'Spain',
    logo: 'https://apiv3.apifootball.com/badges/logo_leagues/302_la-liga.png',
    teams: [
      ['97', 'Barcelona'],
      ['76', 'Real Madrid'],
      ...filler(9300, ['Atletico Madrid', 'Athletic Club', 'Real Sociedad', 'Villarreal', 'Real Betis', 'Sevilla', 'Valencia', 'Celta Vigo', 'Osasuna', 'Getafe', 'Girona', 'Rayo Vallecano', 'Mallorca', 'Alaves', 'Espanyol', 'Levante', 'Elche', 'Real Oviedo']),
    ],
  },
};

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const badge = (id: string, name: string) => `https://apiv3.apifootball.com/badges/${id}_${slug(name)}.jpg`;

/** Rounds of a double round robin (circle method): 2 × (n − 1) rounds of n / 2 pairs [home, away]. */
function roundRobin(ids: string[]): [string, string][][] {
  const n = ids.length;
  const rot = [...ids];
  const first: [string, string][][] = [];
  for (let r = 0; r < n - 1; r++) {
    const pairs: [string, string][] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = rot[i]!;
      const b = rot[n - 1 - i]!;
      pairs.push((r + i) % 2 === 0 ? [a, b] : [b, a]);
    }
    first.push(pairs);
    rot.splice(1, 0, rot.pop()!);
  }
  return [...first, ...first.map((pairs) => pairs.map(([h, a]) => [a, h] as [string, string]))];
}

function goalscorers(home: number, away: number, next: () => number): { rows: WireRow[]; ht: [number, number] } {
  const goals = [...Array<'home'>(home).fill('home'), ...Array<'away'>(away).fill('away')]
    .map((side) => ({ side, minute: 1 + Math.floor(next() * 90) }))
    .sort((a, b) => a.minute - b.minute);
  let h = 0;
  let a = 0;
  const ht: [number, number] = [0, 0];
  const rows = goals.map((g, i) => {
    if (g.side === 'home') h++;
    else a++;
    if (g.minute <= 45) ht[g.side === 'home' ? 0 : 1]++;
    const scorer = `Pemain ${(i % 9) + 2}`;
    return {
      time: String(g.minute),
      home_scorer: g.side === 'home' ? scorer : '',
      home_scorer_id: '',
      home_assist: '',
      home_assist_id: '',
      score: `${h} - ${a}`,
      away_scorer: g.side === 'away' ? scorer : '',
      away_scorer_id: '',
      away_assist: '',
      away_assist_id: '',
      info: '',
      score_info_time: g.minute <= 45 ? '1st Half' : '2nd Half',
    };
  });
  return { rows, ht };
}

/**
 * Finished matches of `leagueIds` (keys of HISTORY_LEAGUES) from the season four before the current
 * one up to the day before yesterday (WIB), oldest first, with ids from 2000000 on.
 */
export function generateHistory(now: Date, leagueIds: string[]): WireRow[] {
  const todayMs = Date.parse(`${day(now.getTime() + WIB_MS)}T00:00:00Z`);
  const last = day(todayMs - 2 * DAY_MS);
  const today = new Date(todayMs);
  const current = today.getUTCMonth() >= 6 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const out: WireRow[] = [];
  let nextId = 2_000_000;
  for (const leagueId of leagueIds) {
    const league = HISTORY_LEAGUES[leagueId];
    if (!league) throw new Error(`no history for league ${leagueId}`);
    const names = new Map(league.teams);
    const strength = rng(Number(league.id));
    const attack = new Map(league.teams.map(([id]) => [id, (strength() - 0.5) * 0.7]));
    const defence = new Map(league.teams.map(([id]) => [id, (strength() - 0.5) * 0.7]));
    for (let year = current - 4; year <= current; year++) {
      const next = rng(Number(league.id) * 10_000 + year);
      // The second Saturday of August.
      const aug8 = Date.UTC(year, 7, 8);
      const firstRound = aug8 + ((6 - new Date(aug8).getUTCDay() + 7) % 7) * DAY_MS;
      roundRobin(league.teams.map(([id]) => id)).forEach((pairs, r) => {
        const date = day(firstRound + r * 7 * DAY_MS);
        if (date > last) return;
        pairs.forEach(([home, away], i) => {
          const hg = poisson(next, Math.exp(0.35 + attack.get(home)! - defence.get(away)!));
          const ag = poisson(next, Math.exp(0.1 + attack.get(away)! - defence.get(home)!));
          const { rows, ht } = goalscorers(hg, ag, next);
          const homeName = names.get(home)!;
          const awayName = names.get(away)!;
          out.push({
            match_id: String(nextId++),
            country_id: league.countryId,
            country_name: league.country,
            league_id: league.id,
            league_name: league.name,
            match_date: date,
            match_status: 'Finished',
            match_time: ['18:30', '21:00', '23:30'][i % 3],
            match_hometeam_id: home,
            match_hometeam_name: homeName,
            match_hometeam_score: String(hg),
            match_awayteam_name: awayName,
            match_awayteam_id: away,
            match_awayteam_score: String(ag),
            match_hometeam_halftime_score: String(ht[0]),
            match_awayteam_halftime_score: String(ht[1]),
            match_hometeam_extra_score: '',
            match_awayteam_extra_score: '',
            match_hometeam_penalty_score: '',
            match_awayteam_penalty_score: '',
            match_hometeam_ft_score: String(hg),
            match_awayteam_ft_score: String(ag),
            match_hometeam_system: '4-3-3',
            match_awayteam_system: '4-2-3-1',
            match_live: '0',
            match_round: String(r + 1),
            match_stadium: '',
            match_referee: '',
            team_home_badge: badge(home, homeName),
            team_away_badge: badge(away, awayName),
            league_logo: league.logo,
            country_logo: '',
            league_year: `${year}/${year + 1}`,
            fk_stage_key: '6',
            stage_name: 'Current',
            goalscorer: rows,
            substitutions: { home: [], away: [] },
            cards: [],
            lineup: {
              home: { starting_lineups: [], substitutes: [], coach: [], missing_players: [] },
              away: { starting_lineups: [], substitutes: [], coach: [], missing_players: [] },
            },
            statistics: [],
            statistics_1half: [],
          });
        });
      });
    }
  }
  return out;
}
