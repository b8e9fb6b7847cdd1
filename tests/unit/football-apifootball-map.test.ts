// apifootball.com wire format → records: every trap of the football data's apifootball-shapes.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as map from '../../src/lib/server/football/sources/apifootball-map.ts';
import { resolvePlaceholders } from '../support/fake-apifootball.ts';
import { footballData } from '../support/football-data.ts';

const now = new Date('2026-11-21T12:00:00Z'); // 19:00 WIB
const fixture = (file: string) => JSON.parse(resolvePlaceholders(fs.readFileSync(`tests/fixtures/apifootball/${file}`, 'utf8'), now));
const events: map.WireEvent[] = fixture('events.json');
const byId = (id: string) => map.matchOf(events.find((e) => e.match_id === id)!);

describe('apifootball.com events', () => {
  it('reads a finished match with goals, cards, substitutions, lineups and statistics', () => {
    const m = byId('900001');
    expect(m).toMatchObject({
      key: 'af:900001',
      leagueId: 152,
      season: '2026-27',
      round: '12',
      status: 'finished',
      score: { home: 1, away: 5 },
      halftime: { home: 1, away: 2 },
      fulltime: { home: 1, away: 5 },
      extraTime: null,
      referee: 'C. Pawson',
      venue: 'London Stadium (London)',
      home: { key: 'af:3081', name: 'West Ham United', badge: 'https://apiv3.apifootball.com/badges/3081_west-ham-united.jpg' },
      countsForTable: true,
    });
    // 21:00 WIB the day before "today" is 14:00 UTC.
    expect(m.kickoffAt.toISOString()).toBe('2026-11-20T14:00:00.000Z');
    expect(m.events!.goals.map((g) => [g.minute, g.side, g.player, g.score, g.kind])).toEqual([
      ['6', 'away', 'C. Wilson', '0 - 1', 'goal'],
      ['13', 'away', 'Joelinton', '0 - 2', 'goal'],
      ['40', 'home', 'K. Zouma', '1 - 2', 'goal'],
      ['68', 'away', 'A. Isak', '1 - 3', 'penalty'],
      ['82', 'away', 'J. Murphy', '1 - 4', 'goal'],
      ['90+2', 'away', 'J. Murphy', '1 - 5', 'goal'],
    ]);
    expect(m.events!.goals[0]!.assist).toBe('A. Saint-Maximin');
    expect(m.events!.cards.map((c) => [c.minute, c.side, c.card])).toEqual([
      ['42', 'home', 'yellow'],
      ['52', 'away', 'yellow'],
      ['90+3', 'home', 'red'],
    ]);
    expect(m.events!.substitutions).toContainEqual({ minute: '90+6', side: 'away', playerOut: 'A. Isak', playerIn: 'C. Wilson' });
    expect(m.lineups!.home.starting[0]).toEqual({ number: '1', name: 'Lukasz Fabianski' });
    expect(m.lineups!.home.coaches).toEqual([{ number: '', name: 'David Moyes' }]);
    expect(m.statistics).toEqual([
      { type: 'Ball Possession', home: 42, away: 58 },
      { type: 'Shots Total', home: 7, away: 15 },
      { type: 'Shots On Goal', home: 2, away: 8 },
      { type: 'Corners', home: 4, away: 3 },
    ]);
  });

  it('reads a match before kick-off: empty strings are no score, no status', () => {
    const m = byId('900003');
    expect(m).toMatchObject({ status: 'scheduled', minute: '', score: null, halftime: null, lineups: null, statistics: [] });
    expect(m.events).toEqual({ goals: [], cards: [], substitutions: [] });
  });

  it('reads a match without a kick-off time as the start of its WIB day, time unknown', () => {
    const e = events.find((x) => x.match_id === '900003')!;
    for (const time of ['', 'TBD']) {
      const m = map.matchOf({ ...e, match_date: '2026-11-28', match_time: time });
      expect(m).toMatchObject({ timeKnown: false, status: 'scheduled' });
      expect(m.kickoffAt.toISOString()).toBe('2026-11-27T17:00:00.000Z');
    }
    expect(map.matchOf({ ...e, match_date: '2026-11-28', match_time: '02:45' })).toMatchObject({ timeKnown: true });
  });

  it('reads live minutes, half time, postponed and after-penalties statuses', () => {
    expect(byId('900002')).toMatchObject({ status: 'live', minute: '67', score: { home: 1, away: 0 } });
    expect(byId('900006')).toMatchObject({ status: 'live', minute: 'HT', score: { home: 0, away: 0 } });
    expect(byId('900004')).toMatchObject({ status: 'postponed', score: null });
    const pens = byId('900005');
    expect(pens).toMatchObject({ status: 'finished', extraTime: { home: 1, away: 1 }, penalties: { home: 4, away: 3 }, countsForTable: false });
    expect(map.statusOf('90+6', '1')).toEqual({ status: 'live', minute: '90+6' });
    expect(map.statusOf('After ET', '0').status).toBe('finished');
    expect(map.statusOf('Cancelled', '0').status).toBe('cancelled');
    expect(map.statusOf('Awarded', '0').status).toBe('awarded');
    expect(map.statusOf('', '0').status).toBe('scheduled');
    expect(map.statusOf('Extra Time', '0')).toEqual({ status: 'live', minute: 'Extra Time' });
    expect(map.statusOf('Break Time', '1')).toEqual({ status: 'live', minute: 'Break Time' });
    expect(map.statusOf('Penalty', '0').status).toBe('live');
  });

  it('strips the brackets of "[3 - 2]" scores and reads seasons', () => {
    expect(map.cleanScore('[3 - 2]')).toBe('3 - 2');
    expect(map.cleanScore('1-0')).toBe('1 - 0');
    expect(map.seasonOf('2026/2027', '')).toBe('2026-27');
    expect(map.seasonOf('2026', '')).toBe('2026');
    expect(map.seasonOf('', '2026-09-05')).toBe('2026-27');
    expect(map.seasonOf('', '2026-03-05')).toBe('2025-26');
  });

  it('keeps a lineup whose away side is missing, as trimmed samples have it', () => {
    const e = { ...events[0]!, lineup: { home: { starting_lineups: [{ lineup_player: 'A', lineup_number: '9', lineup_position: '9', player_key: 1 }] }, away: { _note: 'trimmed' } } };
    expect(map.matchOf(e).lineups).toEqual({
      home: { starting: [{ number: '9', name: 'A' }], substitutes: [], coaches: [] },
      away: { starting: [], substitutes: [], coaches: [] },
    });
  });

  it('names catalogue leagues as the catalogue does, and others as the provider does', () => {
    expect(map.leagueOf(events[0]!)).toMatchObject({ id: 152, name: 'Premier League', country: 'Inggris' });
    expect(map.leagueOf(events.find((e) => e.match_id === '900007')!)).toMatchObject({ id: 9999, name: 'Liga Antah', country: 'Antah Berantah' });
  });

  it('names national teams in Indonesian, youth and women sides too, and leaves clubs alone', () => {
    const e = { ...events[0]!, league_id: '28', match_hometeam_name: 'France', match_awayteam_name: 'Korea Republic' };
    const m = map.matchOf(e);
    expect(m.home).toMatchObject({ key: `af:${events[0]!.match_hometeam_id}`, name: 'Prancis' });
    expect(m.away.name).toBe('Korea Selatan');
    expect(map.matchOf({ ...e, match_hometeam_name: 'Spain U21', match_awayteam_name: 'Germany W' })).toMatchObject({ home: { name: 'Spanyol U21' }, away: { name: 'Jerman W' } });
    expect(map.matchOf({ ...e, match_hometeam_name: 'Argentina', match_awayteam_name: 'Arsenal' })).toMatchObject({ home: { name: 'Argentina' }, away: { name: 'Arsenal' } });
    const [row] = map.standingsOf([{ ...fixture('standings.json')['152'][0], league_id: '28', team_name: 'Netherlands' }], '2026');
    expect(row!.team.name).toBe('Belanda');
  });

  it('reads extra-time and penalty scores only when the status says the match went that far', () => {
    // The provider's own example: a 'Finished' 1-5 whose extra_score fields are filled in ('1', '2').
    const [finished] = JSON.parse(fs.readFileSync(footballData('apifootball-shapes/docs-v3-examples/get_predictions_2023-04-05.json'), 'utf8')) as map.WireEvent[];
    expect(finished!['match_hometeam_extra_score']).toBe('1');
    expect(map.matchOf(finished!)).toMatchObject({ status: 'finished', score: { home: 1, away: 5 }, extraTime: null, penalties: null });
    const base = { ...finished!, match_hometeam_extra_score: '1', match_awayteam_extra_score: '1', match_hometeam_penalty_score: '4', match_awayteam_penalty_score: '3' };
    expect(map.matchOf({ ...base, match_status: 'After ET' })).toMatchObject({ extraTime: { home: 1, away: 1 }, penalties: null });
    expect(map.matchOf({ ...base, match_status: 'After Pen.' })).toMatchObject({ extraTime: { home: 1, away: 1 }, penalties: { home: 4, away: 3 } });
    expect(map.matchOf({ ...base, match_status: '105', match_live: '1' })).toMatchObject({ status: 'live', extraTime: { home: 1, away: 1 }, penalties: null });
    expect(map.matchOf({ ...base, match_status: '90+4', match_live: '1' })).toMatchObject({ status: 'live', extraTime: null, penalties: null });
  });

  it('drops what PostgreSQL cannot store: a count past nine digits, a league id past an integer, NUL and lone surrogates', () => {
    const live = events.find((e) => e.match_id === '900002')!;
    expect(map.matchOf({ ...live, match_hometeam_score: '99999999999' }).score).toBeNull();
    expect(map.matchOf({ ...live, match_hometeam_score: '999999999' }).score).toEqual({ home: 999_999_999, away: 0 });
    expect(map.isWireEvent({ ...live, league_id: '99999999999' })).toBe(false);
    expect(map.isWireEvent({ ...live, league_id: '0' })).toBe(false);
    const m = map.matchOf({ ...live, match_referee: 'A\u0000B\u0007', match_stadium: 'Stadion \ud800X', match_hometeam_name: '\u0000 Arsenal' });
    expect([m.referee, m.venue, m.home.name]).toEqual(['AB', 'Stadion \ufffdX', 'Arsenal']);
    const standing = fixture('standings.json')['152'][0];
    expect(map.standingsOf([{ ...standing, league_id: '99999999999' }], '2026-27')).toEqual([]);
    expect(map.standingsOf([{ ...standing, overall_league_PTS: '99999999999' }], '2026-27')[0]!.points).toBe(0);
  });

  it('rejects rows that are not events', () => {
    expect(map.isWireEvent(events[0])).toBe(true);
    expect(map.isWireEvent({ error: 404, message: 'No event found' })).toBe(false);
    expect(map.isWireEvent({ ...events[0], match_id: '' })).toBe(false);
  });
});

describe('apifootball.com standings, predictions, leagues', () => {
  it('reads the table, including the overall_league_payed spelling', () => {
    const rows = map.standingsOf(fixture('standings.json')['152'], '2026-27');
    expect(rows[0]).toMatchObject({ leagueId: 152, season: '2026-27', position: 1, played: 12, won: 9, drawn: 2, lost: 1, goalsFor: 25, goalsAgainst: 8, points: 29, team: { key: 'af:141', name: 'Arsenal' } });
  });

  it('holds a team once per table when a split season lists it under two stages', () => {
    const table = fixture('standings.json')['152'] as Record<string, string>[];
    const later = { ...table[0]!, stage_name: 'Championship Round', overall_league_payed: '15', overall_league_PTS: '35' };
    const rows = map.standingsOf([...table, later], '2026-27');
    expect(rows).toHaveLength(table.length);
    expect(rows.filter((r) => r.team.key === `af:${table[0]!.team_id}`)).toMatchObject([{ played: 15, points: 35 }]);
  });

  it('reads the twelve probabilities Gelora shows', () => {
    const [first] = fixture('predictions.json');
    expect(map.predictionOf(first)).toEqual({
      matchKey: 'af:900001',
      source: 'apifootball.com',
      probHomeWin: 18,
      probDraw: 34,
      probAwayWin: 48,
      probHomeOrDraw: 52,
      probAwayOrDraw: 82,
      probHomeOrAway: 66,
      probOver15: 46,
      probUnder15: 54,
      probOver25: 21,
      probUnder25: 79,
      probOver35: 7,
      probUnder35: 93,
    });
    expect(map.predictionOf({ ...first, prob_HW: '' })).toBeNull();
    // Values outside 0–100, or a market that does not sum to 100, are no forecast to show.
    expect(map.predictionOf({ ...first, prob_HW: '-20.00', prob_D: '150.00', prob_AW: '5.00' })).toBeNull();
    expect(map.predictionOf({ ...first, prob_O: '0.00', prob_U: '0.00' })).toBeNull();
    expect(map.predictionOf({ ...first, prob_HW_D: '90.00' })).toBeNull();
    expect(map.predictionOf({ ...first, prob_HW: '18.20', prob_D: '34.10' })).not.toBeNull();
  });

  it('reads leagues with their current season', () => {
    const leagues = map.leaguesOf(fixture('leagues.json'));
    expect(leagues[0]).toEqual({ league: { id: 152, name: 'Premier League', country: 'Inggris', logo: 'https://apiv3.apifootball.com/badges/logo_leagues/152_premier-league.png' }, season: '2026-27' });
    expect(leagues.find((l) => l.league.id === 307)!.season).toBe('2026');
  });
});
