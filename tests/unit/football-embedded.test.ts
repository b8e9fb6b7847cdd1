import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as embedded from '../../src/lib/server/football/sources/embedded.ts';
import type { MatchRecord } from '../../src/lib/server/football/sources/types.ts';
import { footballData } from '../support/football-data.ts';
import { placeholderRounds, placeholderTimes, SHOOTOUT_CORRECTIONS, shootoutKey } from '../../src/lib/server/football/data/openfootball-quirks.ts';
import { COMPETITIONS, WORLD_CUP_CODE } from '../../src/lib/server/football/sources/embedded.ts';
import { LEAGUES as EVALUATED_LEAGUES, teamKey } from '../../src/lib/server/predictions/openfootball.ts';
import { TEAM_ALIASES } from '../../src/lib/server/football/data/team-aliases.ts';
import { LEAGUE_CATALOGUE } from '../../src/lib/shared/football/leagues.ts';

const mini = path.resolve('tests/fixtures/football-mini');

describe('embedded data: values', () => {
  it('reads every score shape of openfootball', () => {
    const notes: Record<string, number> = {};
    expect(embedded.parseScore({ ht: [1, 0], ft: [2, 1] }, notes)).toMatchObject({ halftime: { home: 1, away: 0 }, fulltime: { home: 2, away: 1 } });
    expect(embedded.parseScore([0, 0], notes)).toMatchObject({ halftime: { home: 0, away: 0 }, fulltime: { home: 0, away: 0 } });
    expect(embedded.parseScore({ ft: [0, 0] }, notes).halftime).toEqual({ home: 0, away: 0 });
    expect(embedded.parseScore({ ft: [2, 0] }, notes).halftime).toBeNull();
    expect(embedded.parseScore({}, notes).fulltime).toBeNull();
    expect(embedded.parseScore(null, notes).fulltime).toBeNull();
    expect(embedded.parseScore({ ft: [1, 1], et: [2, 1], p: [4, 3] }, notes)).toMatchObject({ extraTime: { home: 2, away: 1 }, penalties: { home: 4, away: 3 } });
    // A level shoot-out is no result (the data has two, both 4-4): the score after extra time stays.
    expect(embedded.parseScore({ ft: [1, 1], et: [1, 1], p: [4, 4] }, notes)).toMatchObject({ extraTime: { home: 1, away: 1 }, penalties: null });
    expect(notes['levelShootoutDropped']).toBe(1);
    // Unless the real score is known (SHOOTOUT_CORRECTIONS).
    // The page then says where that score comes from (penaltiesFromReports).
    expect(embedded.parseScore({ ft: [0, 1], et: [0, 1], p: [4, 4] }, notes, { home: 1, away: 4 })).toMatchObject({ extraTime: { home: 0, away: 1 }, penalties: { home: 1, away: 4 }, penaltiesFromReports: true });
    expect(notes['levelShootoutCorrected']).toBe(1);
    // A shoot-out that has a winner is never replaced, and is the data's own.
    const won = embedded.parseScore({ ft: [1, 1], p: [5, 3] }, notes, { home: 1, away: 4 });
    expect(won.penalties).toEqual({ home: 5, away: 3 });
    expect(won.penaltiesFromReports).toBeUndefined();
  });

  it("corrects each level shoot-out of the real files to a score with a winner, keyed as the file writes the match", () => {
    const file = footballData('openfootball/football.json/2024-25/uefa.cl.json');
    const level = (JSON.parse(fs.readFileSync(file, 'utf8')) as { matches: { date: string; team1: string; team2: string; score?: { p?: number[] } }[] }).matches.filter(
      (m) => m.score?.p && m.score.p[0] === m.score.p[1],
    );
    expect(level.map((m) => `${m.team1} v ${m.team2}`)).toEqual(['Liverpool FC (ENG) v Paris Saint-Germain FC (FRA)', 'Club Atlético de Madrid (ESP) v Real Madrid CF (ESP)']);
    for (const m of level) {
      const corrected = SHOOTOUT_CORRECTIONS.get(shootoutKey(m));
      expect(corrected, shootoutKey(m)).toBeDefined();
      expect(corrected!.home).not.toBe(corrected!.away);
    }
    expect(SHOOTOUT_CORRECTIONS.size).toBe(level.length);
  });

  it('takes the half-time score from a whole goal list: goals up to 45+x, when the list adds up to the final score', () => {
    const goal = (side: 'home' | 'away', minute: string) => ({ side, sort: embedded.parseMinute(minute).sort });
    // Netherlands v Argentina, 2022: Molina 35', Messi 73' (pen.), Weghorst 83', 90+11; 2-2 after 90 minutes.
    const nedArg = [goal('away', '35'), goal('away', '73'), goal('home', '83'), goal('home', '90+11')];
    expect(embedded.halftimeFromGoals(nedArg, { home: 2, away: 2 })).toEqual({ home: 0, away: 1 });
    expect(embedded.halftimeFromGoals([goal('home', '45+2'), goal('away', '46')], { home: 1, away: 1 })).toEqual({ home: 1, away: 0 });
    // A list that misses a goal, or a minute that cannot be read, says nothing.
    expect(embedded.halftimeFromGoals(nedArg.slice(1), { home: 2, away: 2 })).toBeNull();
    expect(embedded.halftimeFromGoals([goal('home', 'babak pertama')], { home: 1, away: 0 })).toBeNull();
    expect(embedded.halftimeFromGoals([], null)).toBeNull();
  });

  it('reads goal minutes written as numbers with an offset or as "90+4"', () => {
    expect(embedded.parseMinute(90, 4)).toEqual({ minute: '90+4', sort: 90.04 });
    expect(embedded.parseMinute('45+3')).toEqual({ minute: '45+3', sort: 45.03 });
    expect(embedded.parseMinute('106')).toEqual({ minute: '106', sort: 106 });
    expect(embedded.parseMinute(12)).toEqual({ minute: '12', sort: 12 });
  });

  it('resolves club spellings and Champions League country suffixes to one name', () => {
    expect(embedded.canonicalClub('Manchester United')).toEqual({ name: 'Manchester United FC', countryCode: undefined });
    expect(embedded.canonicalClub('Manchester United (ENG)')).toEqual({ name: 'Manchester United FC', countryCode: 'ENG' });
    expect(embedded.canonicalClub('Inter (ITA)').name).toBe('FC Internazionale Milano');
    expect(embedded.canonicalClub('Liverpool FC').name).toBe('Liverpool FC');
  });

  it('parses CSV with quotes and empty cells', () => {
    expect(embedded.parseCsv('A,B,C\r\n1,"x, ""y""",\n\n2,,3\n')).toEqual([
      { A: '1', B: 'x, "y"', C: '' },
      { A: '2', B: '', C: '3' },
    ]);
  });
});

describe('embedded data: placeholder kick-off times', () => {
  /** `n` fixtures from 2027-01-02 (a Saturday), one a day, at `time` UTC, as instants. */
  const days = (n: number, time: string) =>
    Array.from({ length: n }, (_, i) => new Date(Date.UTC(2027, 0, 2 + i, Number(time.slice(0, 2)), Number(time.slice(3)))));
  const at = (d: Date | null) => d;

  it("takes a file's last 30 or more matches at one time of day, on three or more weekdays, as untimed", () => {
    const real = [new Date('2026-12-26T15:00:00Z'), new Date('2026-12-30T20:00:00Z')];
    const placeholders = days(60, '12:00');
    const found = placeholderTimes([...real, null, ...placeholders], at);
    expect(found.size).toBe(60);
    expect(placeholders.every((d) => found.has(d))).toBe(true);
    expect(real.some((d) => found.has(d))).toBe(false);
  });

  it('lets a match without a time sit inside the run without ending it', () => {
    const placeholders = days(60, '12:00');
    expect(placeholderTimes([...placeholders.slice(0, 30), null, ...placeholders.slice(30)], at).size).toBe(60);
  });

  it('finds the placeholders before a last day whose matches were given their real, shared time', () => {
    const placeholders = days(40, '12:00');
    const finalDay = Array.from({ length: 10 }, () => new Date('2027-05-23T15:00:00Z'));
    const found = placeholderTimes([...placeholders, ...finalDay], at);
    expect(found.size).toBe(40);
    expect(finalDay.some((d) => found.has(d))).toBe(false);
    // A run that is itself too short there is left alone.
    expect(placeholderTimes([...days(29, '12:00'), ...finalDay], at).size).toBe(0);
  });

  it('keeps real schedules: simultaneous last rounds, a shorter run, one or two weekdays', () => {
    // Ligue 1 2023-24's last 22 matches, all at 19:00 UTC on five days of the week.
    expect(placeholderTimes(days(22, '19:00'), at).size).toBe(0);
    expect(placeholderTimes(days(29, '12:00'), at).size).toBe(0);
    const saturdaysAndSundays = days(140, '15:00').filter((d) => d.getUTCDay() === 6 || d.getUTCDay() === 0);
    expect(saturdaysAndSundays.length).toBeGreaterThanOrEqual(40);
    expect(placeholderTimes([...saturdaysAndSundays, ...saturdaysAndSundays], at).size).toBe(0);
    // Two last days at other times: the run is looked for from the end and from before the last day only.
    expect(placeholderTimes([...days(59, '12:00'), new Date('2027-06-01T12:01:00Z'), new Date('2027-06-02T12:02:00Z')], at).size).toBe(0);
  });
});

describe('embedded data: whole rounds at one placeholder time', () => {
  type Fixture = { round: string; date: string; time: string | null };
  /** `rounds` rounds of 10 matches, a week apart from 2026-08-22; `times(r)` gives round r's times. */
  const season = (rounds: number, times: (r: number) => (string | null)[]): Fixture[] =>
    Array.from({ length: rounds }, (_, r) =>
      times(r).map((time) => ({ round: `Matchday ${r + 1}`, date: new Date(Date.UTC(2026, 7, 22 + 7 * r)).toISOString().slice(0, 10), time })),
    ).flat();
  const spread = ['12:30', '15:00', '15:00', '15:00', '15:00', '15:00', '17:30', '14:00', '16:30', '20:00'];
  const find = (ms: Fixture[]) =>
    placeholderRounds(
      ms,
      (m) => m.round,
      (m) => m.date,
      (m) => m.time,
    );

  it('takes six or more rounds in a row, each wholly at one time of day, as untimed', () => {
    const ms = season(12, (r) => (r === 0 ? spread : Array<string>(10).fill(r % 4 === 3 ? '20:00' : '15:00')));
    const found = find(ms);
    expect(found.size).toBe(110);
    expect(ms.filter((m) => m.round === 'Matchday 1').some((m) => found.has(m))).toBe(false);
  });

  it('keeps real schedules: five such rounds in a row, rounds spread over their times, rounds of fewer than six timed matches', () => {
    expect(find(season(5, () => Array<string>(10).fill('15:00'))).size).toBe(0);
    // Five, a real round, then five more: two runs, each too short.
    expect(find(season(11, (r) => (r === 5 ? spread : Array<string>(10).fill('15:00')))).size).toBe(0);
    expect(find(season(12, () => spread)).size).toBe(0);
    expect(find(season(12, () => [...Array<string>(5).fill('15:00'), ...Array<null>(5).fill(null)])).size).toBe(0);
    // Older Champions League files name a whole group as its round, September to December, often
    // all at 20:45: not a round of one week.
    const groups = [...'ABCDEFGH'].flatMap((g) =>
      ['2016-09-13', '2016-09-28', '2016-10-19', '2016-11-01', '2016-11-22', '2016-12-07'].flatMap((date) =>
        Array.from({ length: 2 }, () => ({ round: `Group ${g}`, date, time: '20:45' })),
      ),
    );
    expect(find(groups).size).toBe(0);
  });

  it('orders rounds by their first date, as a file that lists a rearranged round late would not', () => {
    const ms = season(12, (r) => (r === 6 ? spread : Array<string>(10).fill('15:00')));
    // The real round is written last in the file; by date it still splits the run into 6 and 5.
    const found = find([...ms.filter((m) => m.round !== 'Matchday 7'), ...ms.filter((m) => m.round === 'Matchday 7')]);
    expect(found.size).toBe(60);
    expect([...found].every((m) => Number(m.round.slice(9)) <= 6)).toBe(true);
  });

  it('finds the 2026-27 Premier League and Championship placeholders and nothing in the seasons before', () => {
    const root = footballData('openfootball/football.json');
    const counts: Record<string, number> = {};
    for (const season of fs.readdirSync(root).filter((d) => /^\d{4}-\d{2}$/.test(d))) {
      for (const file of fs.readdirSync(path.join(root, season)).filter((f) => f.endsWith('.json'))) {
        const { matches } = JSON.parse(fs.readFileSync(path.join(root, season, file), 'utf8')) as {
          matches: { stage?: string; round?: string; date: string; time?: string }[];
        };
        const found = placeholderRounds(
          matches,
          (m) => `${m.stage ?? ''}|${m.round ?? ''}`,
          (m) => m.date,
          (m) => m.time ?? null,
        );
        if (found.size > 0) counts[`${season}/${file}`] = found.size;
      }
    }
    // Every match but the first round's: 37 rounds of 10 and 45 of 12.
    expect(counts).toEqual({ '2026-27/en.1.json': 370, '2026-27/en.2.json': 540 });
  });
});

describe('embedded data: the mini dataset with every quirk', () => {
  let matches: MatchRecord[];
  let notes: Record<string, number>;
  const find = (home: string, away: string, season: string) => {
    const m = matches.find((x) => x.home.name === home && x.away.name === away && x.season === season);
    if (!m) throw new Error(`no match ${home} - ${away} ${season}`);
    return m;
  };

  beforeAll(async () => {
    const r = await embedded.load(mini);
    matches = r.batch.matches;
    notes = r.notes;
  });

  it('corrects the year-early 2019-20 date from the statistics row, keeping the local kick-off time', () => {
    const m = find('Arsenal FC', 'Norwich City FC', '2019-20');
    // 18:00 in London on 1 July 2020 (summer time) is 17:00 UTC.
    expect(m.kickoffAt.toISOString()).toBe('2020-07-01T17:00:00.000Z');
    expect(m.referee).toBe('J Muñoz');
    expect(notes['dateCorrected']).toBe(1);
  });

  it('joins statistics by learnt name aliases and skips empty cells', () => {
    const m = find('Manchester United FC', 'Chelsea FC', '2019-20');
    expect(m.statistics).toContainEqual({ type: 'Shots On Goal', home: 7, away: 11 });
    expect(m.statistics).toContainEqual({ type: 'Corners', home: 5, away: 7 });
    const nilNil = find('Chelsea FC', 'Norwich City FC', '2019-20');
    expect(nilNil.statistics.find((s) => s.type === 'Shots Total')).toBeUndefined();
    expect(nilNil.statistics).toContainEqual({ type: 'Fouls', home: 8, away: 9 });
  });

  it('infers a 0-0 half time for 0-0 games and takes other missing half times from the statistics', () => {
    expect(find('Chelsea FC', 'Norwich City FC', '2019-20').halftime).toEqual({ home: 0, away: 0 });
    expect(find('Arsenal FC', 'Manchester United FC', '2019-20').halftime).toEqual({ home: 2, away: 0 });
    // A half time that the statistics row of the same full time contradicts is the row's (the file
    // has 2-2, a copy of the full time, as openfootball has for Fiorentina v Inter 2024-25).
    expect(find('Norwich City FC', 'Arsenal FC', '2019-20')).toMatchObject({ score: { home: 2, away: 2 }, halftime: { home: 2, away: 1 } });
    expect(notes['halftimeCorrectedFromStatistics']).toBe(1);
    expect(find('Manchester United FC', 'Arsenal FC', '2025-26')).toMatchObject({
      status: 'finished',
      score: { home: 0, away: 0 },
      halftime: { home: 0, away: 0 },
    });
  });

  it('keeps cancelled, postponed and awarded games apart from plain results', () => {
    const cancelled = find('Manchester United FC', 'Norwich City FC', '2019-20');
    expect(cancelled).toMatchObject({ status: 'cancelled', score: null, timeKnown: false, countsForTable: false });
    expect(find('Chelsea FC', 'Arsenal FC', '2019-20')).toMatchObject({ status: 'postponed', score: null });
    expect(find('Arsenal FC', 'Chelsea FC', '2019-20')).toMatchObject({ status: 'awarded', score: { home: 3, away: 0 }, countsForTable: true });
  });

  it('leaves matches without a score without a result', () => {
    expect(find('Arsenal FC', 'Chelsea FC', '2025-26')).toMatchObject({ status: 'scheduled', score: null, halftime: null });
    expect(find('Norwich City FC', 'Manchester United FC', '2025-26')).toMatchObject({ status: 'scheduled', score: null });
  });

  it('keeps play-offs and knock-out ties out of the table and shows the score after extra time', () => {
    const playoff = matches.find((m) => m.round === 'Playoffs')!;
    expect(playoff).toMatchObject({ countsForTable: false, score: { home: 2, away: 1 }, fulltime: { home: 1, away: 1 } });
    const final = find('FC Porto', 'Arsenal FC', '2019-20');
    expect(final).toMatchObject({ leagueId: 3, countsForTable: false, penalties: { home: 4, away: 3 } });
  });

  it('makes one team of a club spelt two ways, in the league and the Champions League', () => {
    const keys = new Set(matches.filter((m) => m.home.name.startsWith('Manchester United')).map((m) => m.home.key));
    expect(keys).toEqual(new Set(['of:club:Manchester United FC']));
    const group = find('Manchester United FC', 'FC Porto', '2019-20');
    expect(group).toMatchObject({ groupName: 'Group A', countsForTable: true });
    expect(group.away.country).toBe('Portugal');
  });

  it('turns World Cup goal scorers into events with a running score, sorted by minute', () => {
    const m = find('Qatar', 'Ekuador', '2022');
    // Qatar has no offset in 2022: 19:00 is UTC+3.
    expect(m.kickoffAt.toISOString()).toBe('2022-11-20T16:00:00.000Z');
    expect(m.events!.goals.map((g) => [g.minute, g.side, g.kind, g.score])).toEqual([
      ['16', 'away', 'penalty', '0 - 1'],
      ['31', 'away', 'goal', '0 - 2'],
    ]);
    const og = find('Ekuador', 'Senegal', '2022');
    expect(og.events!.goals.map((g) => [g.minute, g.side, g.kind, g.score])).toEqual([
      ['44', 'away', 'penalty', '0 - 1'],
      ['44+2', 'home', 'own_goal', '1 - 1'],
      ['70', 'away', 'goal', '1 - 2'],
    ]);
    // The file gives no half-time score; the goals do (44' and 44+2').
    expect(og.halftime).toEqual({ home: 1, away: 1 });
    expect(notes['halftimeFromGoals']).toBe(1);
    expect(notes['halftimeContradictedByGoals']).toBeUndefined();
    const wc26 = find('Meksiko', 'Afrika Selatan', '2026');
    expect(wc26.kickoffAt.toISOString()).toBe('2026-06-11T19:00:00.000Z');
    expect(wc26.events!.goals.map((g) => g.minute)).toEqual(['45+1', '67', '90+4']);
    const final = find('Spanyol', 'Meksiko', '2026');
    expect(final).toMatchObject({ score: { home: 1, away: 0 }, fulltime: { home: 0, away: 0 }, countsForTable: false });
  });

  it('names national teams in Indonesian and keys them by the English name in the file', () => {
    const wc26 = find('Meksiko', 'Afrika Selatan', '2026');
    expect(wc26.home).toEqual({ key: 'of:nation:Mexico', name: 'Meksiko', country: 'Meksiko', badge: '' });
    expect(wc26.away.key).toBe('of:nation:South Africa');
    // A name Indonesian writes the same stays as it is; clubs are never renamed.
    expect(find('Qatar', 'Ekuador', '2022')).toMatchObject({ home: { key: 'of:nation:Qatar', name: 'Qatar' }, away: { key: 'of:nation:Ecuador' } });
    expect(matches.some((m) => m.home.name === 'Mexico' || m.away.name === 'South Africa')).toBe(false);
    expect(find('Arsenal FC', 'Norwich City FC', '2019-20').home.name).toBe('Arsenal FC');
  });

  it('gives every match a unique key and a stable fingerprint', async () => {
    expect(new Set(matches.map((m) => m.key)).size).toBe(matches.length);
    const a = await embedded.fingerprint(mini);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await embedded.fingerprint(mini)).toBe(a);
    expect((await embedded.load(mini)).fingerprint).toBe(a);
  });
});

describe('the embedded competitions and the league catalogue', () => {
  // One list of league ids (the catalogue); the importer and the evaluation name competitions by code.
  it('agree: every catalogue league with embedded data is read, under its catalogue id, and nothing else', () => {
    const backed = LEAGUE_CATALOGUE.filter((l) => l.embedded).map((l) => [l.embedded!, l.id] as const);
    const read = [...COMPETITIONS.map((c) => [c.code as string, c.leagueId] as const), [WORLD_CUP_CODE, LEAGUE_CATALOGUE.find((l) => l.name === 'Piala Dunia')!.id] as const];
    expect(new Map(read)).toEqual(new Map(backed));
  });
  it("evaluate the predictions on the domestic leagues the importer reads", () => {
    const codes = COMPETITIONS.map((c) => c.code);
    for (const code of EVALUATED_LEAGUES) expect(codes, code).toContain(code);
  });
});

describe('the two readers of club names', () => {
  // The site (TEAM_ALIASES, exact spellings) and the evaluation (teamKey: normalised, its own
  // aliases) must take each spelling of a club for the same club, or the evaluation's replay and the
  // site's history would split it differently.
  it('agree on every spelling the site joins', () => {
    const split = [...TEAM_ALIASES].filter(([variant, club]) => teamKey(variant) !== teamKey(club));
    expect(split).toEqual([]);
  });
});
