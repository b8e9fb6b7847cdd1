// The official decisions a computed table takes in (deductions, an award without goals): when each
// counts, and that each names a club of its league's season as the site names it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ABANDONED_SEASONS, AWARDED_WINS, PLAYOFFS, POINT_DEDUCTIONS, abandonedOn, awardedTo, deductionsAt, playoffsAt, resolveDecisions } from '../../src/lib/server/football/data/table-decisions.ts';
import { canonicalClub } from '../../src/lib/server/football/sources/embedded.ts';
import { footballData } from '../support/football-data.ts';

const root = footballData('openfootball/football.json');
const clubsOf = (league: string, season: string) => {
  const file = JSON.parse(fs.readFileSync(path.join(root, season, `${league}.json`), 'utf8')) as { matches: { team1: string; team2: string }[] };
  return new Set(file.matches.flatMap((m) => [canonicalClub(m.team1).name, canonicalClub(m.team2).name]));
};

describe('official decisions in computed tables', () => {
  it('counts each part of a deduction from the day it was decided', () => {
    const everton = (day: string) => deductionsAt(152, '2023-24', new Date(`${day}T12:00:00Z`)).get('Everton FC');
    expect(everton('2023-11-16')).toBeUndefined();
    expect(everton('2023-11-17')).toBe(10);
    expect(everton('2024-02-26')).toBe(6);
    expect(everton('2024-04-08')).toBe(8);
    // Juventus 2022-23: 15 taken, given back in full (no deduction shown), then 10.
    const juventus = (day: string) => deductionsAt(207, '2022-23', new Date(`${day}T12:00:00Z`)).get('Juventus FC');
    expect(juventus('2023-02-01')).toBe(15);
    expect(juventus('2023-05-01')).toBeUndefined();
    expect(juventus('2023-06-01')).toBe(10);
    // Another season or league of the same club takes none.
    expect(deductionsAt(152, '2024-25', new Date()).size).toBe(0);
    expect(deductionsAt(153, '2023-24', new Date()).size).toBe(0);
  });

  it('says when a decision names a club the table spells otherwise, and counts only those it finds', () => {
    const club = (id: number, name: string) => [name, { id, name, badge: '' }] as const;
    const at = new Date('2024-06-01T00:00:00Z');
    // The embedded data's names: both deductions found.
    const embedded = resolveDecisions(152, '2023-24', at, new Map([club(1, 'Everton FC'), club(2, 'Nottingham Forest FC')]));
    expect(embedded.deductions.map((d) => [d.team.id, d.points])).toEqual([
      [1, 8],
      [2, 4],
    ]);
    expect(embedded.unmatched).toBe(false);
    // A provider's history spells them otherwise: nothing is guessed, and the table says so.
    const provider = resolveDecisions(152, '2023-24', at, new Map([club(1, 'Everton'), club(2, 'Nottingham Forest FC')]));
    expect(provider.deductions.map((d) => d.team.id)).toEqual([2]);
    expect(provider.unmatched).toBe(true);
    const serieA = resolveDecisions(207, '2022-23', at, new Map([club(1, 'Hellas Verona'), club(2, 'Spezia Calcio'), club(3, 'Juventus FC')]));
    expect([serieA.playoffs, serieA.unmatched]).toEqual([[], true]);
    expect(resolveDecisions(152, '2024-25', at, new Map()).unmatched).toBe(false);
  });

  it('names clubs of their league and season as the site spells them', () => {
    for (const d of POINT_DEDUCTIONS) {
      expect(clubsOf(d.league, d.season).has(d.team), `${d.league} ${d.season} ${d.team}`).toBe(true);
      expect(d.decided).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(d.source.length).toBeGreaterThan(10);
    }
    for (const a of AWARDED_WINS) {
      const clubs = clubsOf(a.league, a.season);
      expect(clubs.has(a.home) && clubs.has(a.away), `${a.home} v ${a.away}`).toBe(true);
    }
    for (const p of PLAYOFFS) {
      const clubs = clubsOf(p.league, p.season);
      expect(clubs.has(p.winner) && clubs.has(p.loser), `${p.winner} v ${p.loser}`).toBe(true);
    }
    for (const a of ABANDONED_SEASONS) expect(fs.existsSync(path.join(root, a.season, `${a.league}.json`))).toBe(true);
    expect(abandonedOn(244, '2019-20')).toBe('2020-04-24');
    // The play-off counts from its day: before it, the meetings had Spezia 17th.
    expect(playoffsAt(207, '2022-23', new Date('2023-06-10T12:00:00Z'))).toEqual([]);
    expect(playoffsAt(207, '2022-23', new Date('2023-06-11T22:00:00Z'))).toEqual([['Hellas Verona FC', 'Spezia Calcio']]);
    expect(awardedTo(168, '2016-17', 'SC Bastia', 'Olympique Lyonnais')).toBe('away');
    expect(awardedTo(168, '2016-17', 'Olympique Lyonnais', 'SC Bastia')).toBeUndefined();
  });
});
