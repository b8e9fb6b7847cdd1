// The embedded import on PGlite and PostgreSQL, checked against real final tables.
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { and, count, eq, isNotNull, max, sql } from 'drizzle-orm';
import { describeEachDb } from '../support/db.ts';
import * as importer from '../../src/lib/server/football/importer.ts';
import { createFootballService } from '../../src/lib/server/football/service.ts';
import { footballMatches, footballTeams } from '../../src/lib/server/db/schema/index.ts';
import type { Db } from '../../src/lib/server/db/client.ts';

async function matchId(db: Db, externalId: string): Promise<number> {
  const [row] = await db.select({ id: footballMatches.id }).from(footballMatches).where(eq(footballMatches.externalId, externalId));
  if (!row) throw new Error(`no match ${externalId}`);
  return row.id;
}

const points = (rows: { team: { name: string }; points: number }[]) => rows.map((r) => [r.team.name, r.points]);

describeEachDb('football: embedded import of the real data', (db) => {
  let first: importer.ImportReport;
  beforeAll(async () => {
    first = (await db().services.football.source.prepare()) as importer.ImportReport;
  }, 120_000);

  it('imports every competition of the data folder', () => {
    expect(first.status).toBe('imported');
    expect(first.result!.matchesInserted).toBe(first.result!.matches);
    expect(first.result!.matches).toBeGreaterThan(31_000);
    expect(first.result!.leagues).toBe(10);
  });

  it('ends the Premier League 2024-25 with Liverpool on 84 points and Arsenal on 74', async () => {
    const table = await db().services.football.standings(152, '2024-25');
    const rows = table!.groups[0]!.rows;
    expect(table!.source).toBe('computed');
    expect(rows).toHaveLength(20);
    expect(rows[0]).toMatchObject({ team: { name: 'Liverpool FC' }, played: 38, won: 25, drawn: 9, lost: 4, goalsFor: 86, goalsAgainst: 41, goalDifference: 45, points: 84 });
    expect(rows[1]).toMatchObject({ team: { name: 'Arsenal FC' }, points: 74, goalsFor: 69, goalsAgainst: 34 });
    expect(points(rows.slice(2, 5))).toEqual([
      ['Manchester City FC', 71],
      ['Chelsea FC', 69],
      ['Newcastle United FC', 66],
    ]);
    expect(points(rows.slice(-3))).toEqual([
      ['Leicester City FC', 25],
      ['Ipswich Town FC', 22],
      ['Southampton FC', 12],
    ]);
  });

  it('ends the Bundesliga 2024-25 as it really ended, with the awarded Union–Bochum game 0-2', async () => {
    const table = await db().services.football.standings(175, '2024-25');
    expect(points(table!.groups[0]!.rows)).toEqual([
      ['FC Bayern München', 82],
      ['Bayer 04 Leverkusen', 69],
      ['Eintracht Frankfurt', 60],
      ['Borussia Dortmund', 57],
      ['SC Freiburg', 55],
      ['1. FSV Mainz 05', 52],
      ['RB Leipzig', 51],
      ['SV Werder Bremen', 51],
      ['VfB Stuttgart', 50],
      ['Borussia Mönchengladbach', 45],
      ['VfL Wolfsburg', 43],
      ['FC Augsburg', 43],
      ['1. FC Union Berlin', 40],
      ['FC St. Pauli 1910', 32],
      ['TSG 1899 Hoffenheim', 32],
      ['1. FC Heidenheim 1846', 29],
      ['Holstein Kiel', 25],
      ['VfL Bochum 1848', 25],
    ]);
    const awarded = await db()
      .database.db.select({ id: footballMatches.id })
      .from(footballMatches)
      .where(and(eq(footballMatches.leagueId, 175), eq(footballMatches.season, '2024-25'), eq(footballMatches.status, 'awarded')));
    expect(awarded).toHaveLength(1);
    const m = await db().services.football.match(awarded[0]!.id);
    expect(m).toMatchObject({ home: { name: '1. FC Union Berlin' }, away: { name: 'VfL Bochum 1848' }, score: { home: 0, away: 2 }, state: 'finished' });
  });

  it('takes official point deductions off, and the note names them', async () => {
    // Premier League 2023-24: Everton 48 on results, 40 after 10, cut to 6, then 2 more; Forest 36 - 4.
    const premier = (await db().services.football.standings(152, '2023-24'))!;
    const rows = premier.groups[0]!.rows;
    expect(rows.find((r) => r.team.name === 'Everton FC')).toMatchObject({ position: 15, won: 13, drawn: 9, lost: 16, points: 40 });
    expect(rows.find((r) => r.team.name === 'Nottingham Forest FC')).toMatchObject({ position: 17, points: 32 });
    expect(premier.deductions?.map((d) => [d.team.name, d.points])).toEqual([
      ['Everton FC', 8],
      ['Nottingham Forest FC', 4],
    ]);
    // Serie A 2022-23: Juventus 72 on results, seventh on 62 (15 taken, given back, then 10); and
    // Verona 17th above Spezia, level on 31, by the relegation play-off they won.
    const serieA = (await db().services.football.standings(207, '2022-23'))!;
    expect(serieA.groups[0]!.rows.find((r) => r.team.name === 'Juventus FC')).toMatchObject({ position: 7, points: 62 });
    expect(points(serieA.groups[0]!.rows.slice(16, 18))).toEqual([
      ['Hellas Verona FC', 31],
      ['Spezia Calcio', 31],
    ]);
    expect(serieA.playoffs?.map((p) => [p.winner.name, p.loser.name])).toEqual([['Hellas Verona FC', 'Spezia Calcio']]);
    // Championship 2021-22: Derby 55 on results, 34 after 21, down in 23rd.
    const championship = (await db().services.football.standings(153, '2021-22'))!.groups[0]!.rows;
    expect(championship.find((r) => r.team.name === 'Derby County FC')).toMatchObject({ position: 23, points: 34 });
    // Eredivisie 2023-24: Vitesse last on 6.
    const eredivisie = (await db().services.football.standings(244, '2023-24'))!.groups[0]!.rows;
    expect(eredivisie.at(-1)).toMatchObject({ team: { name: 'SBV Vitesse' }, points: 6 });
    // A season without one says nothing of deductions.
    expect((await db().services.football.standings(152, '2024-25'))!.deductions).toBeUndefined();
  });

  it('says the Eredivisie 2019-20 was abandoned, and no other season', async () => {
    const stopped = (await db().services.football.standings(244, '2019-20'))!;
    expect(stopped.abandoned).toBe('2020-04-24');
    expect(stopped.groups[0]!.rows[0]).toMatchObject({ team: { name: 'AFC Ajax' }, played: 25, points: 56 });
    expect((await db().services.football.standings(244, '2020-21'))!.abandoned).toBeUndefined();
    expect((await db().services.football.standings(168, '2019-20'))!.abandoned).toBeUndefined();
  });

  it('gives Lyon the Bastia game of 2017, awarded without goals, and names the ruling for the note', async () => {
    const table = (await db().services.football.standings(168, '2016-17'))!;
    expect(table.awarded).toEqual([{ winner: expect.objectContaining({ name: 'Olympique Lyonnais' }), loser: expect.objectContaining({ name: 'SC Bastia' }), kickoffAt: expect.stringMatching(/^2017-04-16T/) }]);
    // A season without an awarded match names none.
    expect((await db().services.football.standings(168, '2017-18'))!.awarded).toBeUndefined();
    const rows = table.groups[0]!.rows;
    expect(rows.find((r) => r.team.name === 'Olympique Lyonnais')).toMatchObject({ position: 4, won: 21, drawn: 4, lost: 13, goalsFor: 77, goalsAgainst: 48, points: 67 });
    expect(rows.at(-1)).toMatchObject({ team: { name: 'SC Bastia' }, won: 8, drawn: 10, lost: 20, points: 34 });
  });

  it('orders Ligue 1 2019-20, stopped after 28 rounds, by points per game as the league did', async () => {
    const table = (await db().services.football.standings(168, '2019-20'))!;
    expect(table.tieBreak).toBe('pointsPerGame');
    expect(table.groups[0]!.rows.map((r) => r.team.name)).toEqual([
      'Paris Saint-Germain FC',
      'Olympique de Marseille',
      'Stade Rennais FC 1901',
      'Lille OSC',
      'OGC Nice',
      'Stade de Reims',
      'Olympique Lyonnais',
      'Montpellier HSC',
      'AS Monaco FC',
      'RC Strasbourg Alsace',
      'Angers SCO',
      'Girondins Bordeaux',
      'FC Nantes',
      'Stade Brestois 29',
      'FC Metz',
      'Dijon FCO',
      'AS Saint-Étienne',
      'Nîmes Olympique',
      'Amiens SC',
      'Toulouse FC',
    ]);
  });

  it('ends La Liga 2023-24 with Real Madrid 95, Barcelona 85, Girona 81', async () => {
    const rows = (await db().services.football.standings(302, '2023-24'))!.groups[0]!.rows;
    expect(points(rows.slice(0, 3))).toEqual([
      ['Real Madrid CF', 95],
      ['FC Barcelona', 85],
      ['Girona FC', 81],
    ]);
    expect(points(rows.slice(-3))).toEqual([
      ['Cádiz CF', 33],
      ['UD Almería', 21],
      ['Granada CF', 21],
    ]);
  });

  it('ends Ligue 1 2024-25 with Paris Saint-Germain 84 and Marseille 65', async () => {
    const rows = (await db().services.football.standings(168, '2024-25'))!.groups[0]!.rows;
    expect(rows).toHaveLength(18);
    expect(points(rows.slice(0, 3))).toEqual([
      ['Paris Saint-Germain FC', 84],
      ['Olympique de Marseille', 65],
      ['AS Monaco FC', 61],
    ]);
  });

  it('orders teams level on points by their games against each other where the competition does', async () => {
    const fb = db().services.football;
    // La Liga 2025-26: three on 42 points; among themselves Levante took 7, Osasuna 5, Mallorca 3.
    const laLiga = (await fb.standings(302, '2025-26'))!;
    expect(laLiga.tieBreak).toBe('laLiga');
    expect(points(laLiga.groups[0]!.rows.slice(15, 18))).toEqual([
      ['Levante UD', 42],
      ['CA Osasuna', 42],
      ['RCD Mallorca', 42],
    ]);
    // Serie A 2017-18: Inter fourth on 0-0 and 3-2 against Lazio, whose goal difference was better.
    const serieA = (await fb.standings(207, '2017-18'))!;
    expect(serieA.tieBreak).toBe('serieA');
    expect(points(serieA.groups[0]!.rows.slice(3, 5))).toEqual([
      ['FC Internazionale Milano', 72],
      ['SS Lazio', 72],
    ]);
    // Champions League 2015-16, Group E: Roma second on 3-2 and 4-4 against Leverkusen.
    const ucl = (await fb.standings(3, '2015-16'))!;
    expect(ucl.tieBreak).toBe('uefaGroupsAwayGoals');
    expect(points(ucl.groups.find((g) => g.name === 'Group E')!.rows)).toEqual([
      ['FC Barcelona', 14],
      ['AS Roma', 6],
      ['Bayer 04 Leverkusen', 6],
      ['BATE Borisov', 5],
    ]);
    // And three more groups the audit found in the wrong order.
    const leaders = async (season: string, group: string) =>
      points((await fb.standings(3, season))!.groups.find((g) => g.name === group)!.rows.slice(0, 2));
    expect(await leaders('2017-18', 'Group C')).toEqual([
      ['AS Roma', 11],
      ['Chelsea FC', 11],
    ]);
    expect(await leaders('2019-20', 'Group H')).toEqual([
      ['Valencia CF', 11],
      ['Chelsea FC', 11],
    ]);
    const groupG = (await fb.standings(3, '2018-19'))!.groups.find((g) => g.name === 'Group G')!.rows;
    expect(points(groupG.slice(2))).toEqual([
      ['Viktoria Plzeň', 7],
      ['CSKA Moskva', 7],
    ]);
    // The Premier League keeps goal difference first.
    expect((await fb.standings(152, '2024-25'))!.tieBreak).toBe('goals');
  });

  it('computes World Cup group tables', async () => {
    const table = await db().services.football.standings(28, '2022');
    expect(table!.groups.map((g) => g.name)).toEqual(['Group A', 'Group B', 'Group C', 'Group D', 'Group E', 'Group F', 'Group G', 'Group H']);
    expect(points(table!.groups[0]!.rows)).toEqual([
      ['Belanda', 7],
      ['Senegal', 6],
      ['Ekuador', 4],
      ['Qatar', 0],
    ]);
  });

  it('names national teams in Indonesian and keeps each one team across World Cups', async () => {
    const d = db().database.db;
    const service = createFootballService(d, { now: () => new Date('2026-11-23T00:00:00Z') });
    const h2h = await service.headToHead(await matchId(d, 'of:worldcup:2026:Quarter-final:France:Morocco'));
    expect(h2h!.headToHead.map((m) => `${m.home.name} ${m.score!.home}-${m.score!.away} ${m.away.name}`)).toEqual(['Prancis 2-0 Maroko']);
    const english = await d.select({ n: count() }).from(footballTeams).where(sql`${footballTeams.externalId} like 'of:nation:%' and ${footballTeams.name} in ('France', 'Germany', 'Spain', 'Netherlands', 'USA')`);
    expect(english[0]!.n).toBe(0);
  });

  it('defaults to the newest season and refuses an unknown one', async () => {
    const table = await db().services.football.standings(152);
    expect(table!.season).toBe('2026-27');
    expect(table!.seasons.slice(0, 3)).toEqual(['2026-27', '2025-26', '2024-25']);
    expect(await db().services.football.standings(152, '1999-00')).toBeNull();
    expect(await db().services.football.standings(99999)).toBeNull();
  });

  it('marks the two Champions League shoot-outs taken from match reports (the file has them level), and no other', async () => {
    const d = db().database.db;
    const fromReports = await d.select({ id: footballMatches.id }).from(footballMatches).where(eq(footballMatches.penFromReports, true));
    const shown = await Promise.all(fromReports.map(async ({ id }) => db().services.football.match(id)));
    expect(shown.map((x) => [x!.home.name, x!.away.name, x!.penalties, x!.penaltiesFromReports]).sort()).toEqual([
      ['Club Atlético de Madrid', 'Real Madrid CF', { home: 2, away: 4 }, true],
      ['Liverpool FC', 'Paris Saint-Germain FC', { home: 1, away: 4 }, true],
    ]);
    // A shoot-out of the data's own says nothing of reports.
    const [own] = await d.select({ id: footballMatches.id }).from(footballMatches).where(and(isNotNull(footballMatches.penHome), eq(footballMatches.penFromReports, false))).limit(1);
    expect((await db().services.football.match(own!.id))!.penaltiesFromReports).toBeUndefined();
  });

  it('takes the 2024-25 La Liga and Serie A final rounds, which openfootball lacks, from the statistics files', async () => {
    const id = await matchId(db().database.db, 'of:es.1:2024-25::Matchday 38:Real Madrid CF:Real Sociedad de Fútbol');
    const m = await db().services.football.match(id);
    expect(m).toMatchObject({ state: 'finished', score: { home: 2, away: 0 }, halftime: { home: 1, away: 0 } });
    expect(m!.statistics.length).toBeGreaterThan(0);
    // The final tables as they ended: Barcelona 88 and Real Madrid 84; Napoli 82 and Inter 81.
    const laLiga = (await db().services.football.standings(302, '2024-25'))!.groups[0]!.rows;
    expect(laLiga.every((r) => r.played === 38)).toBe(true);
    expect(points(laLiga.slice(0, 2))).toEqual([
      ['FC Barcelona', 88],
      ['Real Madrid CF', 84],
    ]);
    // A match the open data calls off keeps its status, though the statistics file has a row for
    // it (Nantes v Toulouse, 17 May 2026: 0-0 there, with almost no events; its outcome is unknown).
    const calledOff = await db().services.football.match(await matchId(db().database.db, 'of:fr.1:2025-26::Matchday 34:FC Nantes:Toulouse FC'));
    expect(calledOff).toMatchObject({ status: 'cancelled', score: null });
    const serieA = (await db().services.football.standings(207, '2024-25'))!.groups[0]!.rows;
    expect(serieA.every((r) => r.played === 38)).toBe(true);
    expect(points(serieA.slice(0, 3))).toEqual([
      ['SSC Napoli', 82],
      ['FC Internazionale Milano', 81],
      ['Atalanta BC', 74],
    ]);
  });

  it('says how far the results of a computed table go, and whether its season is over', async () => {
    const service = createFootballService(db().database.db, { now: () => new Date('2026-11-21T12:00:00Z') });
    // A season played to the end: the last day's ten games, none missing, none still to play.
    expect((await service.standings(152, '2024-25'))!.results).toEqual({ last: '2025-05-25T15:00:00.000Z', missing: 0, open: 0, seasonLast: '2025-05-25T15:00:00.000Z' });
    // La Liga 2024-25, its final round taken from the statistics files: none missing either.
    expect((await service.standings(302, '2024-25'))!.results).toMatchObject({ missing: 0, open: 0 });
    // La Liga's latest season in the data, 2025-26, is over in November 2026.
    const laLiga = (await service.standings(302))!;
    expect([laLiga.season, laLiga.seasons[0], laLiga.results!.open]).toEqual(['2025-26', '2025-26', 0]);
    // The Champions League 2024-25: its table's last match is the league phase's, in January; its
    // season's, a semi-final in May. The final, which the data gives no score, keeps it open: no
    // note says it is over.
    const cl = (await service.standings(3, '2024-25'))!.results!;
    expect([cl.last!.slice(0, 7), cl.seasonLast!.slice(0, 10), cl.open]).toEqual(['2025-01', '2025-05-07', 1]);
    // The running season: results stop in mid-September, the fixtures since are missing.
    const current = (await service.standings(152, '2026-27'))!;
    const played = current.groups[0]!.rows.reduce((n, r) => n + r.played, 0) / 2;
    // Four rounds played (the last on 12 September, a round the file gives no real time: stored at
    // the start of its day in London), six more kicked off by 21 November.
    expect(played).toBe(40);
    // Open: the 60 missing and the rest of the season's 380 games still to come.
    expect(current.results).toEqual({ last: '2026-09-11T23:00:00.000Z', missing: 60, open: 380 - 40, seasonLast: '2026-09-11T23:00:00.000Z' });
  });

  it('keeps statistics and the corrected date of the 2019-20 restart games', async () => {
    const id = await matchId(db().database.db, 'of:en.1:2019-20::Matchday 32:Arsenal FC:Norwich City');
    const m = await db().services.football.match(id);
    expect(m!.kickoffAt).toBe('2020-07-01T17:00:00.000Z');
    expect(m).toMatchObject({ score: { home: 4, away: 0 }, halftime: { home: 2, away: 0 }, referee: 'P Bankes' });
    expect(m!.statistics).toContainEqual({ type: 'Shots Total', home: 13, away: 8 });
  });

  it('dates the Championship 2019-20 restart games, which have no statistics row, in July 2020 too', async () => {
    const id = await matchId(db().database.db, 'of:en.2:2019-20::Matchday 40:Birmingham City:Huddersfield Town');
    const m = await db().services.football.match(id);
    // 18:00 in Birmingham on 1 July 2020 (the file says 2019-07-01).
    expect(m!.kickoffAt).toBe('2020-07-01T17:00:00.000Z');
    expect(m).toMatchObject({ score: { home: 0, away: 3 } });
  });

  it.each(['2021-22', '2023-24', '2024-25', '2025-26'])('keeps the Championship %s play-offs out of the table: 46 games each', async (season) => {
    const table = await db().services.football.standings(153, season);
    const rows = table!.groups[0]!.rows;
    expect(rows).toHaveLength(24);
    expect(new Set(rows.map((r) => r.played))).toEqual(new Set([46]));
  });

  it('keeps one row per club across spellings', async () => {
    const rows = await db()
      .database.db.select({ name: footballTeams.name })
      .from(footballTeams)
      .where(sql`${footballTeams.name} like 'Manchester United%'`);
    expect(rows).toEqual([{ name: 'Manchester United FC' }]);
  });

  it('skips the import at the next start when the data is unchanged', async () => {
    const again = await db().services.football.source.prepare();
    expect(again.status).toBe('unchanged');
  });

  it('changes nothing when the same data is imported again', async () => {
    const d = db().database.db;
    const before = await d.select({ n: count(), last: max(footballMatches.updatedAt) }).from(footballMatches);
    const teamsBefore = await d.select({ n: count(), last: max(footballTeams.updatedAt) }).from(footballTeams);
    const forced = (await db().services.football.source.prepare({ force: true })) as importer.ImportReport;
    expect(forced.status).toBe('imported');
    expect(forced.result).toMatchObject({ leagues: 0, teams: 0, matchesInserted: 0, matchesUpdated: 0 });
    expect(await d.select({ n: count(), last: max(footballMatches.updatedAt) }).from(footballMatches)).toEqual(before);
    expect(await d.select({ n: count(), last: max(footballTeams.updatedAt) }).from(footballTeams)).toEqual(teamsBefore);
  }, 120_000);

  it('lists the coming fixtures of 21 November 2026 and past ones without results as played', async () => {
    const service = createFootballService(db().database.db, { now: () => new Date('2026-11-21T12:00:00Z') });
    const incoming = await service.incoming();
    expect(incoming[0]).toMatchObject({ league: { id: 152 }, state: 'upcoming', score: null });
    // Matchday 11, on 21 November in London, has no time: it counts as to come until its day is over.
    expect(incoming.some((m) => !m.timeKnown && m.kickoffAt === '2026-11-21T00:00:00.000Z')).toBe(true);
    expect(incoming.every((m) => m.kickoffAt > (m.timeKnown ? '2026-11-21T12:00:00.000Z' : '2026-11-20T12:00:00.000Z') && m.kickoffAt < '2026-11-30')).toBe(true);
    expect(await service.live()).toEqual([]);
    // Matchday 8 (October 2026) has kicked off, but results end in mid-September.
    const october = await service.byDate('2026-10-24', 152);
    expect(october.length).toBeGreaterThan(0);
    expect(october.every((m) => m.state === 'no_result' && m.score === null)).toBe(true);
    const september = await service.byDate('2026-09-12', 152);
    expect(september.some((m) => m.state === 'finished' && m.score !== null)).toBe(true);
  });

  it('shows no kick-off time for the 2026-27 fixtures the data times at a placeholder, and keeps each to come until its day is over', async () => {
    const d = db().database.db;
    const at = (wib: string) => createFootballService(d, { now: () => new Date(wib) });
    const id = await matchId(d, 'of:en.1:2026-27::Matchday 20:Arsenal FC:Brentford FC');
    // The file says 12:00 for this Wednesday game, as for every fixture from January 2027 on.
    const evening = at('2027-01-06T20:00:00+07:00');
    expect(await evening.match(id)).toMatchObject({ timeKnown: false, kickoffAt: '2027-01-06T00:00:00.000Z', state: 'upcoming' });
    expect((await evening.incoming(152)).map((m) => m.id)).toContain(id);
    expect((await evening.byDate('2027-01-06', 152)).find((m) => m.id === id)).toMatchObject({ timeKnown: false, state: 'upcoming' });
    // London's 6 January is over at 07.00 WIB on the 7th.
    expect(await at('2027-01-07T06:59:00+07:00').match(id)).toMatchObject({ state: 'upcoming' });
    expect(await at('2027-01-07T07:00:00+07:00').match(id)).toMatchObject({ state: 'no_result', score: null });
    expect((await at('2027-01-07T07:00:00+07:00').incoming(152)).map((m) => m.id)).not.toContain(id);
    // The rounds before January are each written at one time of day too (all ten of this
    // Wednesday's games at 20:00): no time either, played rounds included.
    const december = await at('2026-12-30T12:00:00+07:00').match(await matchId(d, 'of:en.1:2026-27::Matchday 18:Fulham FC:Arsenal FC'));
    expect(december).toMatchObject({ timeKnown: false, kickoffAt: '2026-12-30T00:00:00.000Z', state: 'upcoming' });
    const september = await at('2026-11-25T12:00:00+07:00').match(await matchId(d, 'of:en.1:2026-27::Matchday 4:Manchester United FC:Manchester City FC'));
    expect(september).toMatchObject({ timeKnown: false, state: 'finished', score: { home: 0, away: 1 } });
    // The first round keeps the times the file gives it, spread over four days as a real round is.
    const opening = await at('2026-11-25T12:00:00+07:00').byDate('2026-08-23', 152);
    expect(opening.length).toBeGreaterThan(0);
    expect(opening.every((m) => m.timeKnown)).toBe(true);
    const untimed = await d
      .select({ n: count() })
      .from(footballMatches)
      .where(and(eq(footballMatches.season, '2026-27'), eq(footballMatches.timeKnown, false), sql`${footballMatches.leagueId} in (152, 153)`));
    // Every match after each league's first round: 37 rounds of 10 and 45 of 12.
    expect(untimed[0]!.n).toBe(910);
    // The last result, on 12 September without a time, counts to the end of that day in London:
    // FOOTBALL_CLOCK may not start on its morning, before the games were played.
    expect((await at('2026-11-25T12:00:00+07:00').lastDataResultAt())?.toISOString()).toBe('2026-09-12T23:00:00.000Z');
  });

  it("keeps a team's last matches to the six months before the match or, for one to come, before now", async () => {
    const d = db().database.db;
    const service = createFootballService(d, { now: () => new Date('2026-06-01T00:00:00Z') });
    // Cardiff spent 2025-26 in League One, which the data lacks: their latest result in it, of
    // May 2025, is no 'last match' of a fixture in August 2026. Wrexham's Championship season is.
    const h2h = await service.headToHead(await matchId(d, 'of:en.2:2026-27::Matchday 1:Cardiff City FC:Wrexham AFC'));
    expect(h2h!.homeLast).toEqual([]);
    expect(h2h!.awayLast.length).toBe(10);
    expect(h2h!.awayLast.every((m) => m.kickoffAt >= '2025-12-01' && m.kickoffAt < '2026-06-01')).toBe(true);
    // Exactly six months, by WIB days: Cardiff's last result (Norwich–Cardiff, 18.30 WIB on
    // 3 May 2025) counts on 3 November and is gone on 4 November; the one before (26 April) never.
    const lastOn = async (day: string) =>
      (await createFootballService(d, { now: () => new Date(`${day}T10:00:00+07:00`) }).headToHead(
        await matchId(d, 'of:en.2:2026-27::Matchday 1:Cardiff City FC:Wrexham AFC'),
      ))!.homeLast.map((m) => m.kickoffAt);
    expect(await lastOn('2025-11-03')).toEqual(['2025-05-03T11:30:00.000Z']);
    expect(await lastOn('2025-11-04')).toEqual([]);
    // A match already played looks back from its own kick-off (Cardiff, 3 May 2025).
    const played = await service.headToHead(await matchId(d, 'of:en.2:2024-25::Regular, Matchday 46:Norwich City FC:Cardiff City FC'));
    expect(played!.awayLast.length).toBe(10);
    expect(played!.awayLast.every((m) => m.kickoffAt >= '2024-11-02' && m.kickoffAt < '2025-05-03')).toBe(true);
  });
});

describeEachDb('football: embedded import of the quirks fixture', (db) => {
  const mini = path.resolve('tests/fixtures/football-mini');
  beforeAll(async () => {
    const report = await importer.importEmbedded(db().database.db, mini);
    expect(report.status).toBe('imported');
  });

  it('reports each match state from the status and the clock', async () => {
    const d = db().database.db;
    const service = createFootballService(d, { now: () => new Date('2026-05-25T00:00:00Z') });
    const state = async (key: string) => (await service.match(await matchId(d, key)))!;
    expect(await state('of:en.1:2019-20::Matchday 29:Chelsea FC:Arsenal FC')).toMatchObject({ state: 'postponed', score: null });
    expect(await state('of:en.1:2019-20::Matchday 29:Manchester United:Norwich City')).toMatchObject({ state: 'cancelled', timeKnown: false });
    expect(await state('of:en.1:2019-20::Matchday 28:Arsenal FC:Chelsea FC')).toMatchObject({ status: 'awarded', state: 'finished', score: { home: 3, away: 0 } });
    expect(await state('of:en.1:2025-26::Matchday 38:Arsenal FC:Chelsea FC')).toMatchObject({ state: 'no_result', score: null });
    const early = createFootballService(d, { now: () => new Date('2026-05-01T00:00:00Z') });
    expect(await early.match(await matchId(d, 'of:en.1:2025-26::Matchday 38:Arsenal FC:Chelsea FC'))).toMatchObject({ state: 'upcoming' });
  });

  it('stores World Cup goals as events and the venue', async () => {
    const d = db().database.db;
    const m = await db().services.football.match(await matchId(d, 'of:worldcup:2022:Matchday 9:Ecuador:Senegal'));
    expect(m!.events!.goals.map((g) => `${g.minute} ${g.player} ${g.score}`)).toEqual([
      '44 Ismaïla Sarr 0 - 1',
      '44+2 Kalidou Koulibaly 1 - 1',
      '70 Kalidou Koulibaly 1 - 2',
    ]);
    expect(m!.venue).toBe('Khalifa International Stadium, Al Rayyan');
  });

  it('finds earlier meetings of both teams, however old', async () => {
    const d = db().database.db;
    const service = createFootballService(d, { now: () => new Date('2026-06-01T00:00:00Z') });
    const h2h = await service.headToHead(await matchId(d, 'of:en.1:2025-26::Matchday 1:Manchester United FC:Arsenal FC'));
    // Meetings before that match (16 Aug 2025), newest first.
    expect(h2h!.headToHead.map((m) => `${m.home.name} ${m.score!.home}-${m.score!.away}`)).toEqual([
      'Arsenal FC 2-0',
    ]);
    // Their latest results before it, of 2019-20, lie beyond the six months of 'Last Matches'.
    expect(h2h!.homeLast).toEqual([]);
  });
});
