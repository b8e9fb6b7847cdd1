import { describe, expect, it } from 'vitest';
import { compute } from '../../src/lib/server/football/standings.ts';
import type { TeamRef } from '../../src/lib/shared/football/types.ts';

const teams = new Map<number, TeamRef>(
  ['Arsenal', 'Brentford', 'Chelsea', 'Everton', 'Fulham'].map((name, i) => [i + 1, { id: i + 1, name, badge: '' }]),
);
const game = (home: number, away: number, hs: number | null, as: number | null, group: string | null = null) => ({
  homeTeamId: home,
  awayTeamId: away,
  homeScore: hs,
  awayScore: as,
  groupName: group,
  played: hs !== null,
});
const names = (rows: { team: TeamRef }[]) => rows.map((r) => r.team.name);

describe('league tables from results', () => {
  it('gives 3 points a win and 1 a draw, and counts goals both ways', () => {
    const [table] = compute([game(1, 2, 2, 1), game(2, 3, 1, 1), game(3, 1, 0, 3)], teams);
    const arsenal = table!.rows[0]!;
    expect(arsenal).toMatchObject({ position: 1, played: 2, won: 2, drawn: 0, lost: 0, goalsFor: 5, goalsAgainst: 1, goalDifference: 4, points: 6 });
    expect(table!.rows.find((r) => r.team.name === 'Chelsea')).toMatchObject({ played: 2, drawn: 1, lost: 1, goalsFor: 1, goalsAgainst: 4, points: 1 });
    // The draw counts for the home side too.
    expect(table!.rows.find((r) => r.team.name === 'Brentford')).toMatchObject({ played: 2, won: 0, drawn: 1, lost: 1, goalsFor: 2, goalsAgainst: 3, points: 1 });
  });

  it('orders by points, then goal difference, then goals scored, then name', () => {
    const [table] = compute(
      [
        game(1, 5, 1, 0), // Arsenal 3 pts, GD +1, GF 1
        game(2, 5, 3, 2), // Brentford 3 pts, GD +1, GF 3
        game(3, 5, 2, 0), // Chelsea 3 pts, GD +2
        game(4, 5, 3, 2), // Everton: same as Brentford, sorted after it by name
      ],
      teams,
    );
    expect(names(table!.rows)).toEqual(['Chelsea', 'Brentford', 'Everton', 'Arsenal', 'Fulham']);
  });

  it('lists teams of unplayed fixtures with zeros and ignores matches without a result', () => {
    const [table] = compute([game(1, 2, null, null), game(3, 4, 1, 0)], teams);
    expect(names(table!.rows)).toEqual(['Chelsea', 'Arsenal', 'Brentford', 'Everton']);
    expect(table!.rows[1]).toMatchObject({ played: 0, points: 0 });
  });

  it('counts only results: a match in play or abandoned has a score but no result yet', () => {
    const [table] = compute([{ ...game(1, 2, 2, 0), played: false }, game(3, 4, 1, 0)], teams);
    expect(table!.rows.find((r) => r.team.name === 'Arsenal')).toMatchObject({ played: 0, won: 0, goalsFor: 0, points: 0 });
    expect(table!.rows.find((r) => r.team.name === 'Brentford')).toMatchObject({ played: 0, lost: 0, goalsAgainst: 0, points: 0 });
  });

  it('keeps group stages apart', () => {
    const groups = compute([game(1, 2, 1, 0, 'Group B'), game(3, 4, 0, 0, 'Group A')], teams);
    expect(groups.map((g) => g.name)).toEqual(['Group A', 'Group B']);
    expect(names(groups[1]!.rows)).toEqual(['Arsenal', 'Brentford']);
  });
});
