import { describe, expect, it } from 'vitest';
import { DataFileError, isLeagueFixture, parseSeason, results, teamKey } from '../../src/lib/server/predictions/openfootball.ts';

// Rows as they appear in the real openfootball files (see ../shared/data/football/README.md).
const file = {
  name: 'English Premier League 2025/26',
  matches: [
    { round: 'Matchday 1', date: '2025-08-15', time: '20:00', team1: 'Liverpool FC', team2: 'AFC Bournemouth', score: { ht: [1, 0], ft: [4, 2] } },
    // From 2025-26 a 0-0 is sometimes a bare list.
    { round: 'Matchday 1', date: '2025-08-16', time: '12:30', team1: 'Aston Villa FC', team2: 'Newcastle United FC', score: [0, 0] },
    // Older files omit ht for 0-0.
    { round: 'Matchday 2', date: '2025-08-23', team1: 'Chelsea FC', team2: 'Fulham FC', score: { ft: [0, 0] } },
    { round: 'Matchday 3', date: '2025-08-30', team1: 'Arsenal FC', team2: 'Leeds United FC', status: 'postponed', score: { ft: [1, 0] } },
    { round: 'Matchday 3', date: '2025-08-30', team1: 'FC Nantes', team2: 'Toulouse FC', status: 'canceled' },
    { round: 'Matchday 4', date: '2025-09-13', team1: 'Montpellier HSC', team2: 'AS Saint-Étienne', score: { ft: [0, 2] }, status: 'awarded' },
    // A final round without scores (2024-25 es.1 and it.1).
    { round: 'Matchday 38', date: '2026-05-24', time: '16:15', team1: 'Real Madrid CF', team2: 'Real Sociedad de Fútbol', score: {} },
    { round: 'Matchday 38', date: '2026-05-24', team1: 'Everton FC', team2: 'Sunderland AFC' },
  ],
};

describe('openfootball reader', () => {
  const fixtures = parseSeason(file, 'en.1', '2025-26');

  it('reads object, list and ht-less scores as 90-minute results', () => {
    expect(fixtures[0]).toMatchObject({ status: 'played', fullTime: { home: 4, away: 2 }, halfTime: { home: 1, away: 0 }, time: '20:00' });
    expect(fixtures[1]).toMatchObject({ status: 'played', fullTime: { home: 0, away: 0 }, halfTime: null });
    expect(fixtures[2]).toMatchObject({ status: 'played', fullTime: { home: 0, away: 0 }, halfTime: null });
  });

  it('never reports a result for postponed, cancelled or unplayed matches', () => {
    expect(fixtures[3]).toMatchObject({ status: 'postponed', fullTime: null });
    expect(fixtures[4]).toMatchObject({ status: 'cancelled', fullTime: null });
    expect(fixtures[6]).toMatchObject({ status: 'scheduled', fullTime: null });
    expect(fixtures[7]).toMatchObject({ status: 'scheduled', fullTime: null });
  });

  it('keeps an awarded score for the table but not as football evidence', () => {
    expect(fixtures[5]).toMatchObject({ status: 'awarded', fullTime: { home: 0, away: 2 } });
    const used = results(fixtures);
    expect(used.map((r) => `${r.home} ${r.homeGoals}-${r.awayGoals} ${r.away}`)).toEqual([
      'liverpool 4-2 bournemouth',
      'aston villa 0-0 newcastle united',
      'chelsea 0-0 fulham',
    ]);
    expect(used[0]).toMatchObject({ date: '2025-08-15', league: 'en.1', season: '2025-26', neutral: false });
  });

  it('marks the Championship play-off final neutral, not the semi-finals', () => {
    const semis = [
      { date: '2023-05-13', team1: 'Sunderland AFC', team2: 'Luton Town FC', score: { ft: [2, 1] }, stage: 'Playoffs' },
      { date: '2023-05-14', team1: 'Middlesbrough FC', team2: 'Coventry City FC', score: { ft: [0, 0] }, stage: 'Playoffs' },
      { date: '2023-05-16', team1: 'Luton Town FC', team2: 'Sunderland AFC', score: { ft: [2, 0] }, stage: 'Playoffs' },
      { date: '2023-05-17', team1: 'Coventry City FC', team2: 'Middlesbrough FC', score: { ft: [1, 0] }, stage: 'Playoffs' },
    ];
    const season = (matches: object[]) => parseSeason({ matches }, 'en.2', '2022-23');
    const playoffs = season([
      ...semis,
      { date: '2023-05-27', team1: 'Coventry City FC', team2: 'Luton Town FC', score: { ft: [1, 1], et: [1, 1], p: [5, 6] }, stage: 'Playoffs' },
      { round: 'Matchday 1', date: '2022-07-29', team1: 'Huddersfield Town AFC', team2: 'Burnley FC', score: { ft: [0, 1] }, stage: 'Regular' },
    ]);
    expect(playoffs.map((f) => f.neutral)).toEqual([false, false, false, false, true, false]);
    // Extra time and penalties are not the 90-minute score.
    expect(playoffs[4]!.fullTime).toEqual({ home: 1, away: 1 });
    expect(playoffs.map(isLeagueFixture)).toEqual([false, false, false, false, false, true]);
    // Before the final is in the file, the last semi-final leg is not taken for it (the site's rule too).
    expect(season(semis).map((f) => f.neutral)).toEqual([false, false, false, false]);
  });

  it.each([
    ['2023-24: stage Finals, rounds Semifinals and Final', { stage: 'Finals', round: 'Semifinals' }, { stage: 'Finals', round: 'Final' }],
    ['2024-25: rounds Finals, Semifinals and Finals, Final', { round: 'Finals, Semifinals' }, { round: 'Finals, Final' }],
    ['2025-26: round Playoffs', { round: 'Playoffs' }, { round: 'Playoffs' }],
  ])('takes the play-offs labelled as in %s out of the league and the final to Wembley', (_season, semi, final) => {
    const playoffs = parseSeason(
      {
        matches: [
          { round: 'Regular, Matchday 46', date: '2025-05-03', team1: 'Sunderland AFC', team2: 'Stoke City FC', score: { ft: [0, 1] } },
          { ...semi, date: '2025-05-09', team1: 'Coventry City FC', team2: 'Sunderland AFC', score: { ft: [1, 2] } },
          { ...semi, date: '2025-05-10', team1: 'Bristol City FC', team2: 'Sheffield United FC', score: { ft: [0, 3] } },
          { ...semi, date: '2025-05-12', team1: 'Sheffield United FC', team2: 'Bristol City FC', score: { ft: [3, 0] } },
          { ...semi, date: '2025-05-13', team1: 'Sunderland AFC', team2: 'Coventry City FC', score: { ft: [0, 1], et: [1, 1] } },
          { ...final, date: '2025-05-24', team1: 'Sheffield United FC', team2: 'Sunderland AFC', score: { ft: [1, 2] } },
        ],
      },
      'en.2',
      '2024-25',
    );
    expect(playoffs.map(isLeagueFixture)).toEqual([true, false, false, false, false, false]);
    expect(playoffs.map((f) => f.neutral)).toEqual([false, false, false, false, false, true]);
  });

  it("takes another league's play-off decider for a home game, and a Champions League final for a neutral one, as the site does", () => {
    const stage = ['2026-05-09', '2026-05-10', '2026-05-12', '2026-05-13', '2026-05-23'].map((date, i) => ({
      round: 'Playoffs',
      date,
      team1: `Club ${i}`,
      team2: `Club ${i + 5}`,
      score: { ft: [1, 0] },
    }));
    expect(parseSeason({ matches: stage }, 'nl.1', '2025-26').filter((f) => f.neutral)).toEqual([]);
    const cl = parseSeason(
      {
        matches: [
          { round: 'Finals, Semifinals', date: '2025-05-07', team1: 'Inter', team2: 'Barcelona', score: { ft: [4, 3] } },
          { round: 'Finals, Final', date: '2025-05-31', team1: 'Paris Saint-Germain', team2: 'Inter', score: { ft: [5, 0] } },
        ],
      },
      'uefa.cl',
      '2024-25',
    );
    expect(cl.map((f) => f.neutral)).toEqual([false, true]);
  });

  it('moves the 2019-20 restart games dated a year early (before Matchday 1) to the year they were played', () => {
    const season = parseSeason(
      {
        matches: [
          { round: 'Matchday 1', date: '2019-08-09', team1: 'Liverpool FC', team2: 'Norwich City FC', score: { ft: [4, 1] } },
          { round: 'Matchday 29', date: '2020-06-17', team1: 'Aston Villa FC', team2: 'Sheffield United FC', score: { ft: [0, 0] } },
          { round: 'Matchday 30', date: '2019-07-01', team1: 'Arsenal FC', team2: 'Norwich City FC', score: { ft: [4, 0] } },
        ],
      },
      'en.1',
      '2019-20',
    );
    expect(season.map((f) => f.date)).toEqual(['2019-08-09', '2020-06-17', '2020-07-01']);
    expect(results(season).map((r) => r.date)).toEqual(['2019-08-09', '2020-06-17', '2020-07-01']);
  });

  it('gives every spelling of a club one key', () => {
    const same = [
      ['Aston Villa', 'Aston Villa FC'],
      ['Bor. Mönchengladbach', 'Borussia Mönchengladbach'],
      ['1899 Hoffenheim', 'TSG 1899 Hoffenheim'],
      ['PSV Eindhoven', 'PSV'],
      ["FC Twente '65", 'FC Twente'],
      ['sc Heerenveen', 'SC Heerenveen'],
      ['Stade Rennais', 'Stade Rennais FC 1901'],
      ['Sporting CP', 'Sporting Clube de Portugal'],
      ['Atlético Madrid', 'Club Atlético de Madrid'],
      ['Inter', 'FC Internazionale Milano'],
    ];
    for (const [a, b] of same) expect(teamKey(a!)).toBe(teamKey(b!));
    expect(teamKey('Manchester City FC')).not.toBe(teamKey('Manchester United FC'));
    expect(teamKey('Sheffield United')).not.toBe(teamKey('Sheffield Wednesday FC'));
    expect(teamKey('Real Madrid CF')).not.toBe(teamKey('Atlético Madrid'));
  });

  it('refuses a file it cannot read instead of guessing', () => {
    expect(() => parseSeason({ name: 'x' }, 'en.1', '2025-26')).toThrow(DataFileError);
    expect(() => parseSeason({ matches: [{ date: '2025-13-01', team1: 'A', team2: 'B' }] }, 'en.1', '2025-26')).toThrow(DataFileError);
    expect(() => parseSeason({ matches: [{ date: '2025-08-01', team1: 'A' }] }, 'en.1', '2025-26')).toThrow(/lacks a team/);
  });
});
