import { describe, expect, it } from 'vitest';
import { compute, ruleFor } from '../../src/lib/server/football/standings.ts';
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
    const [table] = compute([game(1, 2, 2, 1), game(2, 3, 1, 1), game(3, 1, 0, 3)], teams, 'goals');
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
      'goals',
    );
    expect(names(table!.rows)).toEqual(['Chelsea', 'Brentford', 'Everton', 'Arsenal', 'Fulham']);
  });

  it('lists teams of unplayed fixtures with zeros and ignores matches without a result', () => {
    const [table] = compute([game(1, 2, null, null), game(3, 4, 1, 0)], teams, 'goals');
    expect(names(table!.rows)).toEqual(['Chelsea', 'Arsenal', 'Brentford', 'Everton']);
    expect(table!.rows[1]).toMatchObject({ played: 0, points: 0 });
  });

  it('counts only results: a match in play or abandoned has a score but no result yet', () => {
    const [table] = compute([{ ...game(1, 2, 2, 0), played: false }, game(3, 4, 1, 0)], teams, 'goals');
    expect(table!.rows.find((r) => r.team.name === 'Arsenal')).toMatchObject({ played: 0, won: 0, goalsFor: 0, points: 0 });
    expect(table!.rows.find((r) => r.team.name === 'Brentford')).toMatchObject({ played: 0, lost: 0, goalsAgainst: 0, points: 0 });
  });

  it('takes official deductions off the total before ordering, but not off the meetings of teams level', () => {
    // Arsenal win all three, Brentford two, Chelsea one; Brentford lose 6 points: 6 - 6 = 0.
    const results = [game(1, 2, 1, 0), game(1, 3, 1, 0), game(1, 4, 1, 0), game(2, 3, 1, 0), game(2, 4, 1, 0), game(3, 4, 1, 0)];
    const [table] = compute(results, teams, 'goals', { deducted: new Map([[2, 6]]) });
    expect(table!.rows.map((r) => [r.team.name, r.points])).toEqual([
      ['Arsenal', 9],
      ['Chelsea', 3],
      ['Brentford', 0],
      ['Everton', 0],
    ]);
    // Brentford keep the rest of their record, and are above Everton (0 points too) on the meetings
    // of La Liga's rule, where their 1-0 win counts in full.
    expect(table!.rows[2]).toMatchObject({ played: 3, won: 2, lost: 1, goalDifference: 1 });
    const [laLiga] = compute(results, teams, 'laLiga', { deducted: new Map([[2, 6]]) });
    expect(names(laLiga!.rows.slice(2))).toEqual(['Brentford', 'Everton']);
    // A deduction that moves a side below a team with fewer wins.
    const [deep] = compute(results, teams, 'goals', { deducted: new Map([[2, 7]]) });
    expect(deep!.rows.map((r) => [r.team.name, r.points]).slice(2)).toEqual([
      ['Everton', 0],
      ['Brentford', -1],
    ]);
  });

  it('orders a season stopped early by points per game, the meetings counting only when played home and away', () => {
    // Chelsea 3 points from 1 game; Arsenal (1-0 against Brentford, 0-1 at Chelsea) and Brentford
    // (5-0 against Everton) 3 from 2 each; Everton 0 from 1.
    const once = [game(1, 2, 1, 0), game(3, 1, 1, 0), game(2, 4, 5, 0)];
    const [stopped] = compute(once, teams, 'pointsPerGame');
    // Arsenal and Brentford met once: goal difference (+4 against 0) puts Brentford above.
    expect(stopped!.rows.map((r) => [r.team.name, r.points, r.played])).toEqual([
      ['Chelsea', 3, 1],
      ['Brentford', 3, 2],
      ['Arsenal', 3, 2],
      ['Everton', 0, 1],
    ]);
    // After the return game (0-0 at Brentford) both have 4 from 3, and the meetings decide.
    const [twice] = compute([...once, game(2, 1, 0, 0)], teams, 'pointsPerGame');
    expect(names(twice!.rows)).toEqual(['Chelsea', 'Arsenal', 'Brentford', 'Everton']);
  });

  it('places the winner of a play-off between teams level on points above the loser', () => {
    // Chelsea, Everton and Arsenal on 3 points, in that order on goal difference (+2, +1, -1).
    const level = [game(3, 1, 2, 0), game(4, 2, 1, 0), game(1, 2, 1, 0)];
    const [before] = compute(level, teams, 'goals');
    expect(names(before!.rows)).toEqual(['Chelsea', 'Everton', 'Arsenal', 'Brentford']);
    const [after] = compute(level, teams, 'goals', { playoffs: [[4, 3]] });
    expect(after!.rows.map((r) => [r.position, r.team.name, r.points])).toEqual([
      [1, 'Everton', 3],
      [2, 'Chelsea', 3],
      [3, 'Arsenal', 3],
      [4, 'Brentford', 0],
    ]);
    // Teams no longer level, or the winner already above: nothing moves.
    expect(names(compute(level, teams, 'goals', { playoffs: [[2, 3]] })[0]!.rows)).toEqual(names(before!.rows));
    expect(names(compute(level, teams, 'goals', { playoffs: [[3, 4]] })[0]!.rows)).toEqual(names(before!.rows));
  });

  it('keeps group stages apart', () => {
    const groups = compute([game(1, 2, 1, 0, 'Group B'), game(3, 4, 0, 0, 'Group A')], teams, 'goals');
    expect(groups.map((g) => g.name)).toEqual(['Group A', 'Group B']);
    expect(names(groups[1]!.rows)).toEqual(['Arsenal', 'Brentford']);
  });
});

describe("teams level on points, by the competition's rule", () => {
  const [ars, bre, che, eve, ful] = [1, 2, 3, 4, 5];
  // Arsenal, Brentford and Chelsea end on 6 points. Among themselves Chelsea won both games and
  // Brentford beat Arsenal; Arsenal's goal difference is the best, from the games with the others.
  const threeWay = [
    game(che, ars, 1, 0),
    game(che, bre, 1, 0),
    game(bre, ars, 1, 0),
    game(ars, eve, 5, 0),
    game(ars, ful, 5, 0),
    game(bre, eve, 3, 0),
  ];

  it('orders a three-way tie by the mini-table of the games among the three (La Liga)', () => {
    const [table] = compute(threeWay, teams, 'laLiga');
    expect(names(table!.rows).slice(0, 3)).toEqual(['Chelsea', 'Brentford', 'Arsenal']);
    expect(table!.rows.slice(0, 3).map((r) => [r.points, r.goalDifference])).toEqual([
      [6, 2],
      [6, 3],
      [6, 8],
    ]);
  });

  it('keeps goal difference first where the competition does (Premier League)', () => {
    expect(ruleFor(152, '2024-25')).toBe('goals');
    const [table] = compute(threeWay, teams, ruleFor(152, '2024-25'));
    expect(names(table!.rows).slice(0, 3)).toEqual(['Arsenal', 'Brentford', 'Chelsea']);
  });

  it('goes on to overall goal difference when the games between the teams are level', () => {
    // One win each by one goal: level on points and goal difference between them.
    const [table] = compute([game(ars, bre, 1, 0), game(bre, ars, 2, 1), game(ars, che, 1, 0), game(bre, che, 3, 0)], teams, 'laLiga');
    expect(names(table!.rows)).toEqual(['Brentford', 'Arsenal', 'Chelsea']);
  });

  it('counts the meetings in La Liga only once all of them are played; Serie A counts those played', () => {
    // Arsenal beat Brentford in the first meeting; the return game is still to come.
    const matches = [game(ars, bre, 1, 0), game(bre, ars, null, null), game(che, ars, 0, 0), game(bre, che, 4, 0), game(bre, eve, 0, 0)];
    // Both on 4 points (Arsenal +1, Brentford +3).
    expect(names(compute(matches, teams, 'laLiga')[0]!.rows).slice(0, 2)).toEqual(['Brentford', 'Arsenal']);
    expect(names(compute(matches, teams, 'serieA')[0]!.rows).slice(0, 2)).toEqual(['Arsenal', 'Brentford']);
    const returned = [...matches.slice(0, 1), game(bre, ars, 1, 1), ...matches.slice(2)];
    // Return game drawn: Arsenal 5, Brentford 5, and Arsenal ahead on the meetings.
    expect(names(compute(returned, teams, 'laLiga')[0]!.rows).slice(0, 2)).toEqual(['Arsenal', 'Brentford']);
  });

  it('counts in the meetings only games with a result', () => {
    // Arsenal led 3-0 at Brentford when the game was abandoned: no meeting has a result, and
    // Brentford's better goal difference decides.
    const matches = [{ ...game(bre, ars, 0, 3), played: false }, game(ars, che, 1, 0), game(bre, eve, 2, 0)];
    expect(names(compute(matches, teams, 'serieA')[0]!.rows).slice(0, 2)).toEqual(['Brentford', 'Arsenal']);
  });

  it('draws the mini-table again among the teams it leaves level (UEFA group stage, away goals until 2020-21)', () => {
    // Group of four, two legs each among Arsenal, Brentford and Chelsea, one game each with Everton.
    // Among the three: Brentford 5, Chelsea 5, Arsenal 4; Brentford and Chelsea level on goals (3-3)
    // and away goals (1). Between the two alone Chelsea scored the only away goal.
    const group = [
      game(ars, bre, 1, 1, 'Group E'),
      game(bre, ars, 0, 0, 'Group E'),
      game(ars, che, 0, 0, 'Group E'),
      game(che, ars, 1, 1, 'Group E'),
      game(bre, che, 2, 1, 'Group E'),
      game(che, bre, 1, 0, 'Group E'),
      game(eve, ars, 0, 0, 'Group E'),
      game(eve, bre, 1, 0, 'Group E'),
      game(eve, che, 2, 0, 'Group E'),
    ];
    expect(ruleFor(3, '2015-16')).toBe('uefaGroupsAwayGoals');
    expect(names(compute(group, teams, 'uefaGroupsAwayGoals')[0]!.rows)).toEqual(['Everton', 'Chelsea', 'Brentford', 'Arsenal']);
    // Without away goals (from 2021-22, and at the 2026 World Cup) the two stay level among
    // themselves, and overall goal difference puts Brentford (-1) above Chelsea (-2).
    expect(names(compute(group, teams, 'uefaGroups')[0]!.rows)).toEqual(['Everton', 'Brentford', 'Chelsea', 'Arsenal']);
    expect(names(compute(group, teams, 'worldCup2026')[0]!.rows)).toEqual(['Everton', 'Brentford', 'Chelsea', 'Arsenal']);
  });

  it('looks at the whole group before the meetings at the 2018 and 2022 World Cups, and after them from 2026', () => {
    // Brentford beat Arsenal; both end on 3 points, Arsenal with the better goal difference.
    const group = (arsenalWin: number) => [
      game(bre, ars, 1, 0, 'Group H'),
      game(ars, eve, arsenalWin, 0, 'Group H'),
      game(che, bre, 1, 0, 'Group H'),
      game(che, eve, 1, 0, 'Group H'),
    ];
    expect(ruleFor(28, '2022')).toBe('worldCup');
    expect(names(compute(group(3), teams, 'worldCup')[0]!.rows)).toEqual(['Chelsea', 'Arsenal', 'Brentford', 'Everton']);
    expect(ruleFor(28, '2026')).toBe('worldCup2026');
    expect(names(compute(group(3), teams, 'worldCup2026')[0]!.rows)).toEqual(['Chelsea', 'Brentford', 'Arsenal', 'Everton']);
    // Level on goals too (Arsenal win 1-0): then the game between them decides, not the name.
    expect(names(compute(group(1), teams, 'worldCup')[0]!.rows)).toEqual(['Chelsea', 'Brentford', 'Arsenal', 'Everton']);
  });

  it('orders the UEFA league phase by goals, then away goals, with no meetings', () => {
    // Arsenal and Brentford: 3 points, +1, two goals each; Brentford scored both away.
    const phase = [game(ars, che, 2, 1), game(eve, bre, 1, 2), game(bre, ars, 1, 0)];
    expect(ruleFor(3, '2024-25')).toBe('uefaLeague');
    expect(names(compute(phase.slice(0, 2), teams, 'uefaLeague')[0]!.rows).slice(0, 2)).toEqual(['Brentford', 'Arsenal']);
    expect(names(compute(phase.slice(0, 2), teams, 'goals')[0]!.rows).slice(0, 2)).toEqual(['Arsenal', 'Brentford']);
  });

  it('chooses the rule by competition and season', () => {
    expect([302, 207, 175, 168, 153, 244].map((id) => ruleFor(id, '2025-26'))).toEqual(['laLiga', 'serieA', 'goals', 'goals', 'goals', 'goals']);
    expect([ruleFor(266, '2020-21'), ruleFor(266, '2021-22')]).toEqual(['primeiraLigaAwayGoals', 'primeiraLiga']);
    expect([ruleFor(3, '2020-21'), ruleFor(3, '2021-22'), ruleFor(3, '2023-24'), ruleFor(3, '2024-25')]).toEqual([
      'uefaGroupsAwayGoals',
      'uefaGroups',
      'uefaGroups',
      'uefaLeague',
    ]);
    expect([ruleFor(28, '2018'), ruleFor(28, '2026')]).toEqual(['worldCup', 'worldCup2026']);
  });
});
