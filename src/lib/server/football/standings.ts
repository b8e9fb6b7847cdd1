// League tables computed from results: 3 points a win, 1 a draw; ordered by points, goal
// difference, goals scored, then name (the rule Gelora shows for every league; real competitions
// add head-to-head rules and point deductions that results alone cannot show).
import type { StandingRow, StandingsGroup, TeamRef } from '../../shared/football/types.ts';

export interface TableMatch {
  homeTeamId: number;
  awayTeamId: number;
  homeScore: number | null;
  awayScore: number | null;
  groupName: string | null;
  /** Whether the match has a result that counts (finished or awarded). */
  played: boolean;
}

type Acc = Omit<StandingRow, 'position' | 'goalDifference'>;

export function compute(matches: TableMatch[], teams: Map<number, TeamRef>): StandingsGroup[] {
  const groups = new Map<string, Map<number, Acc>>();
  const entry = (group: string, teamId: number): Acc => {
    const table = groups.get(group) ?? new Map<number, Acc>();
    groups.set(group, table);
    let row = table.get(teamId);
    if (!row) {
      const team = teams.get(teamId) ?? { id: teamId, name: String(teamId), badge: '' };
      row = { team, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, points: 0 };
      table.set(teamId, row);
    }
    return row;
  };
  for (const m of matches) {
    const group = m.groupName ?? '';
    // Every team of a fixture list has a row, even before its first result.
    const home = entry(group, m.homeTeamId);
    const away = entry(group, m.awayTeamId);
    if (!m.played || m.homeScore === null || m.awayScore === null) continue;
    home.played++;
    away.played++;
    home.goalsFor += m.homeScore;
    home.goalsAgainst += m.awayScore;
    away.goalsFor += m.awayScore;
    away.goalsAgainst += m.homeScore;
    if (m.homeScore > m.awayScore) {
      home.won++;
      away.lost++;
      home.points += 3;
    } else if (m.homeScore < m.awayScore) {
      away.won++;
      home.lost++;
      away.points += 3;
    } else {
      home.drawn++;
      away.drawn++;
      home.points++;
      away.points++;
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, table]) => ({ name, rows: rank([...table.values()]) }));
}

export function rank(rows: Acc[]): StandingRow[] {
  return rows
    .map((r) => ({ ...r, goalDifference: r.goalsFor - r.goalsAgainst }))
    .sort(
      (a, b) =>
        b.points - a.points ||
        b.goalDifference - a.goalDifference ||
        b.goalsFor - a.goalsFor ||
        a.team.name.localeCompare(b.team.name, 'en'),
    )
    .map((r, i) => ({ position: i + 1, ...r }));
}
