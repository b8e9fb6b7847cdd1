// Which matches the model treats as played at a neutral venue (no home advantage).
import { describe, expect, it } from 'vitest';
import { neutralVenues } from '../../src/lib/server/predictions/venues.ts';

let next = 0;
const match = (leagueId: number, round: string, day: string, season = '2025-26') => ({
  id: ++next,
  leagueId,
  season,
  round,
  kickoffAt: new Date(`${day}T19:00:00Z`),
});

describe('neutral venues', () => {
  it('counts every match of the World Cup, the Euros and the Supercopa', () => {
    const rows = [match(28, 'Matchday 1', '2026-06-11', '2026'), match(1, 'Round of 16', '2024-06-30', '2024'), match(383, 'Semi-finals', '2026-01-08')];
    expect([...neutralVenues(rows)]).toEqual(rows.map((r) => r.id));
  });

  it("counts a European cup's or the Copa del Rey's final, and no other of its rounds", () => {
    const final = match(3, 'Finals, Final', '2025-05-31', '2024-25');
    const plain = match(300, 'Final', '2026-04-25');
    const others = [
      match(3, 'Finals, Semifinals', '2025-05-06', '2024-25'),
      match(3, 'League, Matchday 8', '2025-01-29', '2024-25'),
      match(4, 'Semi Final', '2026-05-07'),
      match(683, 'Quarter Final', '2026-04-16'),
      match(3, '1/8 Final', '2026-03-10'),
    ];
    expect([...neutralVenues([final, plain, ...others])]).toEqual([final.id, plain.id]);
  });

  it("does not count a final of a competition whose finals are at a club's or a host's ground", () => {
    const rows = [match(235, 'Final', '2025-12-14'), match(332, 'Final', '2025-12-06', '2025'), match(633, 'Final', '2025-06-08', '2024-25'), match(152, 'Final', '2026-05-24')];
    expect(neutralVenues(rows).size).toBe(0);
  });

  it('counts the last match of a whole play-off stage (two two-legged semi-finals, then the final)', () => {
    const semis = ['2026-05-09', '2026-05-10', '2026-05-12', '2026-05-13'].map((d) => match(153, 'Playoffs', d));
    const final = match(153, 'Playoffs', '2026-05-23');
    expect([...neutralVenues([final, ...semis])]).toEqual([final.id]);
    // Before the final is listed, the last semi-final leg is not taken for it.
    expect(neutralVenues(semis).size).toBe(0);
    // Each season's stage on its own.
    const earlier = ['2025-05-09', '2025-05-10', '2025-05-12', '2025-05-13', '2025-05-24'].map((d) => match(153, 'Playoffs', d, '2024-25'));
    expect([...neutralVenues([...earlier, ...semis])]).toEqual([earlier[4]!.id]);
  });

  it("does not take the last match of another competition's 'Playoffs' round for a neutral final", () => {
    // The Championship's final is at Wembley; another league's play-off decider is at a club's ground.
    for (const leagueId of [152, 302, 3]) {
      const stage = ['2026-05-09', '2026-05-10', '2026-05-12', '2026-05-13', '2026-05-23'].map((d) => match(leagueId, 'Playoffs', d));
      expect(neutralVenues(stage).size).toBe(0);
    }
  });

  it("counts the Championship play-off final where the data names it a final (2023-24, 2024-25), and not its semi-finals", () => {
    const final2024 = match(153, 'Final', '2024-05-26', '2023-24');
    const final2025 = match(153, 'Finals, Final', '2025-05-24', '2024-25');
    const semis = [match(153, 'Semifinals', '2024-05-12', '2023-24'), match(153, 'Finals, Semifinals', '2025-05-08', '2024-25')];
    const league = match(153, 'Regular, Matchday 46', '2025-05-03', '2024-25');
    expect([...neutralVenues([final2024, final2025, ...semis, league])]).toEqual([final2024.id, final2025.id]);
  });
});
