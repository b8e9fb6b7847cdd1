// National teams read in Indonesian: the map itself, and its coverage of every nation in the
// embedded World Cups, so a data update that brings a new nation fails here until it is named.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NATION_ENTRIES, NATION_NAMES, nationName } from '../../src/lib/server/football/data/nation-names.ts';
import { footballData } from '../support/football-data.ts';

// Nations Indonesian writes as English does: these stay as the data has them.
const SAME_IN_INDONESIAN = new Set([
  'Argentina', 'Australia', 'Austria', 'Curaçao', 'Denmark', 'Ghana', 'Haiti', 'Iran', 'Nigeria', 'Panama', 'Paraguay',
  'Peru', 'Portugal', 'Qatar', 'Senegal', 'Serbia', 'Tunisia', 'Uruguay', 'Uzbekistan', 'Wales',
]);

describe('national team names', () => {
  it('gives the Indonesian name of a nation and of its youth and women sides', () => {
    expect(nationName('France')).toBe('Prancis');
    expect(nationName('Korea Republic')).toBe('Korea Selatan');
    expect(nationName('South Korea')).toBe('Korea Selatan');
    expect(nationName('Bosnia & Herzegovina')).toBe('Bosnia dan Herzegovina');
    expect(nationName('USA')).toBe('Amerika Serikat');
    expect(nationName('France U21')).toBe('Prancis U21');
    expect(nationName('Spain U-19')).toBe('Spanyol U-19');
    expect(nationName('Côte d\u2019Ivoire')).toBe('Pantai Gading');
    expect(nationName('Chinese Taipei')).toBe('Taiwan');
    expect(nationName('Netherlands W')).toBe('Belanda W');
  });

  it('leaves clubs, unknown names and nations spelt alike unchanged', () => {
    for (const name of ['Arsenal', 'FC Internazionale Milano', 'Argentina', 'Portugal', 'Atlantis', 'Arsenal U21', '']) {
      expect(nationName(name)).toBe(name);
    }
  });

  it('lists only names that change, each once', () => {
    for (const [english, indonesian] of NATION_ENTRIES) expect(indonesian, english).not.toBe(english);
    expect(NATION_NAMES.size).toBe(NATION_ENTRIES.length);
  });

  it('names every nation of the embedded World Cups', () => {
    const root = footballData('openfootball/worldcup.json');
    const names = new Set<string>();
    for (const year of fs.readdirSync(root).filter((d) => /^\d{4}$/.test(d))) {
      const file = JSON.parse(fs.readFileSync(path.join(root, year, 'worldcup.json'), 'utf8')) as { matches?: { team1: string; team2: string }[]; rounds?: { matches: { team1: string; team2: string }[] }[] };
      for (const m of [...(file.matches ?? []), ...(file.rounds ?? []).flatMap((r) => r.matches)]) names.add(m.team1).add(m.team2);
    }
    expect(names.size).toBeGreaterThan(40);
    const unnamed = [...names].filter((n) => !NATION_NAMES.has(n) && !SAME_IN_INDONESIAN.has(n));
    expect(unnamed).toEqual([]);
  });
});
