import { describe, expect, it } from 'vitest';
import {
  groupByDay,
  kickoffPassed,
  kickoffTime,
  timeSettled,
  groupByLeague,
  minuteText,
  matchRoundText,
  roundText,
  shares,
  shootoutText,
  resultNote,
  statusText,
  threeWayColours,
  timeline,
  twoWayColours,
} from '../../src/lib/shared/football/present.ts';
import * as prediksiForm from '../../src/lib/shared/football/prediksi-form.ts';
import type { MatchEvents, MatchSummary } from '../../src/lib/shared/football/types.ts';

const events: MatchEvents = {
  goals: [
    { minute: '90+4', side: 'home', player: 'B', assist: '', score: '2 - 1', kind: 'goal' },
    { minute: '12', side: 'home', player: 'A', assist: 'C', score: '1 - 0', kind: 'penalty' },
    { minute: '45+2', side: 'away', player: 'D', assist: '', score: '1 - 1', kind: 'own_goal' },
  ],
  cards: [{ minute: '46', side: 'away', player: 'E', card: 'yellow' }],
  substitutions: [{ minute: '60', side: 'home', playerIn: 'F', playerOut: 'G' }],
};

describe('match timeline', () => {
  it('merges events by minute, puts HT after the last event of minute 45 or less and FT at the end', () => {
    const items = timeline({ events, halftime: { home: 1, away: 1 }, score: { home: 2, away: 1 }, state: 'finished', minute: '' });
    expect(items.map((i) => (i.kind === 'marker' ? `${i.marker} ${i.score}` : `${i.kind} ${i.minute}`))).toEqual([
      'goal 12',
      'goal 45+2',
      'HT 1 - 1',
      'card 46',
      'substitution 60',
      'goal 90+4',
      'FT 2 - 1',
    ]);
  });

  it('has no FT marker before the end and no HT marker before half time', () => {
    const first = { goals: [events.goals[1]!], cards: [], substitutions: [] };
    expect(timeline({ events: first, halftime: null, score: { home: 1, away: 0 }, state: 'live', minute: '30' }).map((i) => i.kind)).toEqual(['goal']);
    const second = timeline({ events, halftime: { home: 1, away: 1 }, score: { home: 2, away: 1 }, state: 'live', minute: '67' });
    expect(second.filter((i) => i.kind === 'marker').map((i) => (i.kind === 'marker' ? i.marker : ''))).toEqual(['HT']);
  });

  it('after extra time: FT after minute 90 with the 90-minute score, AET at the end with the final one, then the shoot-out', () => {
    const et = {
      goals: [
        { minute: '90+2', side: 'home' as const, player: 'A', assist: '', score: '1 - 1', kind: 'goal' as const },
        { minute: '106', side: 'away' as const, player: 'B', assist: '', score: '1 - 2', kind: 'goal' as const },
      ],
      cards: [{ minute: '30', side: 'home' as const, player: 'C', card: 'yellow' as const }],
      substitutions: [],
    };
    const base = { events: et, halftime: { home: 0, away: 1 }, fulltime: { home: 1, away: 1 }, state: 'finished' as const, minute: '' };
    const show = (items: ReturnType<typeof timeline>) => items.map((i) => (i.kind === 'marker' ? `${i.marker} ${i.score}` : `${i.kind} ${i.minute}`));
    expect(show(timeline({ ...base, score: { home: 1, away: 2 }, extraTime: { home: 1, away: 2 }, penalties: null }))).toEqual([
      'card 30',
      'HT 0 - 1',
      'goal 90+2',
      'FT 1 - 1',
      'goal 106',
      'AET 1 - 2',
    ]);
    // Level after 120 minutes: the shoot-out decides. No event after 90: FT and AET close the list.
    const regularOnly = { ...et, goals: [et.goals[0]!] };
    expect(show(timeline({ ...base, events: regularOnly, score: { home: 1, away: 1 }, extraTime: { home: 1, away: 1 }, penalties: { home: 3, away: 4 } }))).toEqual([
      'card 30',
      'HT 0 - 1',
      'goal 90+2',
      'FT 1 - 1',
      'AET 1 - 1',
      'Pen 3 - 4',
    ]);
  });

  it('puts HT first when every event is after half time, and is empty without events', () => {
    const late = { goals: [events.goals[0]!], cards: [], substitutions: [] };
    expect(timeline({ events: late, halftime: { home: 0, away: 0 }, score: { home: 1, away: 0 }, state: 'finished', minute: '' })[0]).toEqual({ kind: 'marker', marker: 'HT', score: '0 - 0' });
    expect(timeline({ events: null, halftime: null, score: null, state: 'finished', minute: '' })).toEqual([]);
    expect(timeline({ events: { goals: [], cards: [], substitutions: [] }, halftime: null, score: null, state: 'finished', minute: '' })).toEqual([]);
  });
});

describe('round names', () => {
  it('reads every round spelling of the data in Indonesian', () => {
    const cases: [string, string][] = [
      ['Matchday 12', 'Pekan 12'],
      ['Regular, Matchday 5', 'Pekan 5'],
      ['League, Matchday 3', 'Fase Liga, Pekan 3'],
      ['Playoffs', 'Play-off'],
      ['Playoffs, Matchday 1', 'Play-off, Leg 1'],
      ['Playoffs, Matchday 2', 'Play-off, Leg 2'],
      ['3', 'Pekan 3'],
      ['Round 45', 'Pekan 45'],
      ['Group C', 'Grup C'],
      ['Group A, Matchday 2', 'Grup A, Pekan 2'],
      ['Round of 32', 'Babak 32 Besar'],
      ['1/8-finals', 'Babak 16 Besar'],
      ['1/16-finals', 'Babak 32 Besar'],
      ['1/4-finals', 'Perempat Final'],
      ['1/2-finals', 'Semifinal'],
      ['Finals, Round of 16', 'Babak 16 Besar'],
      ['Quarter-final', 'Perempat Final'],
      ['Quarter-finals', 'Perempat Final'],
      ['Finals, Quarterfinals', 'Perempat Final'],
      ['Semi-final', 'Semifinal'],
      ['Semi-finals', 'Semifinal'],
      ['Finals, Semifinals', 'Semifinal'],
      ['Match for third place', 'Perebutan Tempat Ketiga'],
      ['Final', 'Final'],
      ['Finals, Final', 'Final'],
    ];
    for (const [round, shown] of cases) expect(roundText(round), round).toBe(shown);
  });

  it('names a group match by its group, leaving out a World Cup tournament day', () => {
    expect(matchRoundText({ round: 'Matchday 8', groupName: 'Group A' })).toBe('Grup A');
    expect(matchRoundText({ round: 'Group C', groupName: 'Group C' })).toBe('Grup C');
    expect(matchRoundText({ round: '2', groupName: 'Group B' })).toBe('Grup B, Pekan 2');
    expect(matchRoundText({ round: 'Matchday 12', groupName: null })).toBe('Pekan 12');
    expect(matchRoundText({ round: 'Quarter-final', groupName: null })).toBe('Perempat Final');
  });

  it('shows a round it does not know as the source gives it', () => {
    expect(roundText('Knockout round play-offs')).toBe('Knockout round play-offs');
    expect(roundText('')).toBe('');
  });
});

describe('badges and bars', () => {
  it('colours three-way markets: highest green, lowest red, otherwise yellow', () => {
    expect(threeWayColours([45, 30, 25])).toEqual(['green', 'yellow', 'red']);
    expect(threeWayColours([20, 50, 30])).toEqual(['red', 'green', 'yellow']);
    expect(threeWayColours([40, 30, 30])).toEqual(['green', 'red', 'red']);
    expect(threeWayColours([33, 33, 33])).toEqual(['yellow', 'yellow', 'yellow']);
  });

  it('colours two-way markets: higher green, equal yellow, lower red', () => {
    expect(twoWayColours(60, 40)).toEqual(['green', 'red']);
    expect(twoWayColours(40, 60)).toEqual(['red', 'green']);
    expect(twoWayColours(50, 50)).toEqual(['yellow', 'yellow']);
  });

  it('computes statistic bars as shares of the total, 0 when the total is 0', () => {
    expect(shares(20, 3)).toEqual([87, 13]);
    expect(shares(0, 0)).toEqual([0, 0]);
    expect(shares(0, 5)).toEqual([0, 100]);
  });

  it('writes minutes and statuses as fans read them', () => {
    expect(minuteText('90+6')).toBe("90+6'");
    expect(minuteText('HT')).toBe('HT');
    expect(statusText({ state: 'live', status: 'live', minute: 'Break Time' })).toBe('Jeda');
    expect(statusText({ state: 'live', status: 'live', minute: 'Extra Time' })).toBe('Babak Tambahan');
    expect(statusText({ state: 'live', status: 'live', minute: 'Penalty' })).toBe('Adu Penalti');
    expect(statusText({ state: 'live', status: 'live', minute: 'Interrupted' })).toBe('Live');
    expect(statusText({ state: 'live', status: 'live', minute: '' })).toBe('Live');
    expect(statusText({ state: 'live', status: 'live', minute: '67' })).toBe("67'");
    expect(statusText({ state: 'finished', status: 'finished', minute: '', penalties: { home: 4, away: 2 } })).toBe('Pen');
    expect(statusText({ state: 'finished', status: 'awarded', minute: '' })).toBe('WO');
    expect(statusText({ state: 'finished', status: 'finished', minute: '', extraTime: { home: 2, away: 1 } })).toBe('AET');
    expect(statusText({ state: 'no_result', status: 'scheduled', minute: '' })).toBe('Hasil belum tersedia');
  });
});

const summary = (id: number, leagueId: number, name: string, kickoffAt: string): MatchSummary => ({
  id,
  league: { id: leagueId, name, country: '', logo: '' },
  season: '2026-27',
  round: '',
  kickoffAt,
  timeKnown: true,
  home: { id: 1, name: 'A', badge: '' },
  away: { id: 2, name: 'B', badge: '' },
  status: 'scheduled',
  state: 'upcoming',
  minute: '',
  score: null,
  halftime: null,
  extraTime: null,
  penalties: null,
});

describe('grouping', () => {
  it('orders leagues by the catalogue, unlisted last', () => {
    const groups = groupByLeague([
      summary(1, 9999, 'Liga Lain', '2026-11-21T10:00:00Z'),
      summary(2, 153, 'Championship', '2026-11-21T10:00:00Z'),
      summary(3, 152, 'Premier League', '2026-11-21T12:00:00Z'),
      summary(4, 153, 'Championship', '2026-11-21T09:00:00Z'),
    ]);
    expect(groups.map((g) => [g.league.id, g.items.map((m) => m.id)])).toEqual([
      [152, [3]],
      [153, [2, 4]],
      [9999, [1]],
    ]);
  });

  it('groups by WIB day: 18:00 UTC is already the next day in Jakarta', () => {
    const days = groupByDay([summary(1, 152, 'PL', '2026-11-21T16:59:00Z'), summary(2, 152, 'PL', '2026-11-21T17:00:00Z')]);
    expect(days.map((d) => d.day)).toEqual(['2026-11-21', '2026-11-22']);
  });
});

describe('/prediksi form', () => {
  const read = (q: string) => prediksiForm.read(new URLSearchParams(q), '2026-11-21');
  it('defaults to today (Hari Ini) and 50 rows', () => {
    expect(read('')).toMatchObject({ quick: 'hari-ini', range: { from: '2026-11-21', to: '2026-11-21' }, shown: 50 });
  });
  it('reads Kemarin and Besok', () => {
    expect(read('hari=kemarin').range).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(read('hari=besok&liga=152').range).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(read('hari=besok&liga=152').leagueId).toBe(152);
  });
  it('asks for both dates and refuses a Hingga before Dari', () => {
    expect(read('dari=&hingga=2026-11-21')).toMatchObject({ range: undefined, errors: { from: 'Silahkan pilih tanggal' } });
    expect(read('dari=2026-11-21&hingga=')).toMatchObject({ range: undefined, errors: { to: 'Silahkan pilih tanggal' } });
    expect(read('dari=2026-11-22&hingga=2026-11-21')).toMatchObject({ range: undefined, errors: { to: 'Tanggal tidak valid' } });
    expect(read('dari=2026-11-01&hingga=2026-11-21')).toMatchObject({ range: { from: '2026-11-01', to: '2026-11-21' }, errors: {} });
  });
  it('takes a league id only from the select\'s list: any other is ignored, as the select shows', () => {
    expect(read('liga=302').leagueId).toBe(302);
    for (const liga of ['99999', '2147483647', '2147483648', '1e10', '99999999999999999999', '-1', '0', 'abc']) expect(read(`liga=${liga}`).leagueId, liga).toBeUndefined();
  });

  it('shows 50 more per step, within bounds', () => {
    expect(read('tampil=100').shown).toBe(100);
    expect(read('tampil=70').shown).toBe(100);
    expect(read('tampil=-3').shown).toBe(50);
    expect(read('tampil=999999').shown).toBe(1000);
    expect(prediksiForm.href({ quick: 'besok', from: '2026-11-22', to: '2026-11-22', leagueId: 152 })).toBe('/prediksi?hari=besok&liga=152');
    // More rows of Besok stay on that day after midnight, when Besok is another one.
    expect(prediksiForm.href({ quick: 'besok', from: '2026-11-22', to: '2026-11-22', leagueId: 152 }, { tampil: 100 })).toBe(
      '/prediksi?dari=2026-11-22&hingga=2026-11-22&liga=152&tampil=100',
    );
  });
});

describe('live score list markup', async () => {
  const { listHtml, esc } = await import('../../src/lib/shared/football/livescore-html.ts');
  it('escapes every text from the data', () => {
    expect(esc(`<img src=x onerror="a">&'`)).toBe('&lt;img src=x onerror=&quot;a&quot;&gt;&amp;&#39;');
    const m = summary(7, 152, 'Premier <b>League</b>', '2026-11-21T15:00:00Z');
    m.home.name = '<script>x</script>';
    const html = listHtml('live', [m]);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).toContain('href="/match/7"');
  });

  it('says when nothing is live, and heads incoming days in Indonesian', () => {
    expect(listHtml('live', [])).toContain('Tidak ada pertandingan live saat ini.');
    const html = listHtml('incoming', [summary(1, 152, 'Premier League', '2026-11-21T15:00:00Z'), summary(2, 152, 'Premier League', '2026-11-22T12:00:00Z')]);
    expect(html.indexOf('Sabtu, 21 November 2026')).toBeLessThan(html.indexOf('Minggu, 22 November 2026'));
    expect(html).toContain('22.00 WIB');
    expect(html).not.toContain('Jam menyusul');
  });

  it('says above the days, when a fixture has no time yet, that its date is the local one', () => {
    const untimed = { ...summary(3, 153, 'Championship', '2026-11-24T00:00:00Z'), timeKnown: false };
    const html = listHtml('incoming', [untimed, summary(1, 152, 'Premier League', '2026-11-25T15:00:00Z')]);
    const note = 'Jam menyusul: jam kick-off belum diumumkan. Tanggalnya menurut jadwal liga; dalam WIB, laga malam hari bisa jatuh pada hari berikutnya.';
    expect(html.indexOf(note)).toBeGreaterThanOrEqual(0);
    expect(html.indexOf(note)).toBeLessThan(html.indexOf('Selasa, 24 November 2026'));
    // Once such a match is played no time will follow, and the note has nothing to explain; nor for
    // one postponed, whose date is no longer the one to go by.
    expect(listHtml('incoming', [{ ...untimed, state: 'finished', status: 'finished', score: { home: 1, away: 0 } }])).not.toContain(note);
    expect(listHtml('incoming', [{ ...untimed, state: 'postponed', status: 'postponed' }])).not.toContain(note);
  });

  it('says under the score who went through a shoot-out, and nothing more for a match won in play', () => {
    const finished = { state: 'finished', status: 'finished', score: { home: 2, away: 2 } } as const;
    const shootout = { ...summary(1, 28, 'Piala Dunia', '2022-12-09T19:00:00Z'), ...finished, penalties: { home: 3, away: 4 } };
    const inPlay = { ...summary(2, 28, 'Piala Dunia', '2022-12-09T15:00:00Z'), ...finished };
    expect(shootoutText(shootout)).toBe('Pen 3 - 4');
    expect(shootoutText(inPlay)).toBe('');
    // Not while the shoot-out is under way: the row's status says so.
    expect(shootoutText({ ...shootout, state: 'live' })).toBe('');
    expect(listHtml('live', [shootout])).toContain('<span class="score">2 - 2<span class="shootout">Pen 3 - 4</span></span>');
    expect(listHtml('live', [inPlay])).toContain('<span class="score">2 - 2</span>');
  });

  it('says under a head-to-head score what the score alone hides: the shoot-out, extra time, a walkover', () => {
    const finished = { state: 'finished', status: 'finished', score: { home: 2, away: 1 } } as const;
    const base = { ...summary(1, 28, 'Piala Dunia', '2018-07-11T18:00:00Z'), ...finished };
    // Croatia v England, 2018: 1-1 after 90 minutes, 2-1 after extra time.
    expect(resultNote({ ...base, extraTime: { home: 2, away: 1 } })).toBe('AET');
    const shootout: MatchSummary = { ...base, score: { home: 2, away: 2 }, extraTime: { home: 2, away: 2 }, penalties: { home: 3, away: 4 } };
    const walkover: MatchSummary = { ...base, status: 'awarded', score: { home: 0, away: 0 } };
    expect(resultNote(shootout)).toBe('Pen 3 - 4');
    expect(resultNote(walkover)).toBe('WO');
    expect(resultNote(base)).toBe('');
    // While extra time is played, the row's status says so, not the note.
    expect(resultNote({ ...base, state: 'live', status: 'live', extraTime: { home: 2, away: 1 } })).toBe('');
    // The live score list's first column says AET; the prediction list's status too.
    expect(listHtml('live', [{ ...base, extraTime: { home: 2, away: 1 } }])).toContain('<span class="when">AET</span>');
  });
});

describe('prediction percentages as shown', async () => {
  const { wholePercents, shownPrediction, percent } = await import('../../src/lib/shared/football/present.ts');
  it('keeps a market at 100 where rounding each outcome alone would not', () => {
    // Rounded one by one these would read 45 + 27 + 29 = 101 and 30 + 30 + 39 = 99.
    expect(wholePercents([44.5, 26.5, 29])).toEqual([45, 26, 29]);
    expect(wholePercents([30.4, 30.4, 39.2])).toEqual([31, 30, 39]);
    expect(wholePercents([21.4, 24.3, 54.3])).toEqual([22, 24, 54]);
    expect(wholePercents([50, 50])).toEqual([50, 50]);
    expect(wholePercents([66.67, 33.33])).toEqual([67, 33]);
    expect(percent(27)).toBe('27%');
  });

  it('derives Double Chance from the shown 1X2 and rounds each Over/Under line to 100', () => {
    const shown = shownPrediction({
      source: 'model',
      homeWin: 44.5,
      draw: 26.5,
      awayWin: 29,
      homeOrDraw: 71,
      awayOrDraw: 55.5,
      homeOrAway: 73.5,
      over15: 75.5,
      under15: 24.5,
      over25: 50.5,
      under25: 49.5,
      over35: 30.49,
      under35: 69.51,
    });
    expect(shown.oneXTwo).toEqual([45, 26, 29]);
    expect(shown.doubleChance).toEqual([71, 55, 74]);
    expect(shown.overUnder).toEqual({ '1.5': [76, 24], '2.5': [51, 49], '3.5': [30, 70] });
  });
});

describe('forecasts said to be from before the result', () => {
  it('are the ones of matches that kicked off or whose kick-off passed, not of those to come or postponed', () => {
    const states = ['upcoming', 'live', 'finished', 'no_result', 'postponed', 'cancelled', 'abandoned'] as const;
    expect(states.filter(kickoffPassed)).toEqual(['live', 'finished', 'no_result', 'abandoned']);
  });
});

describe('the time of a match the source dates without a time', () => {
  const untimed = { kickoffAt: '2026-11-24T00:00:00Z', timeKnown: false };
  it("is 'Jam menyusul' while it is still to come, and 'Jam tidak tercatat' once played or past its day", () => {
    expect(kickoffTime(untimed)).toBe('Jam menyusul');
    expect(kickoffTime(untimed, kickoffPassed('upcoming'))).toBe('Jam menyusul');
    expect(kickoffTime(untimed, kickoffPassed('postponed'))).toBe('Jam menyusul');
    expect(kickoffTime(untimed, kickoffPassed('finished'))).toBe('Jam tidak tercatat');
    expect(kickoffTime(untimed, kickoffPassed('no_result'))).toBe('Jam tidak tercatat');
  });
  it('no time follows for a match played, past its day or cancelled; one may for a match to come or postponed', () => {
    const states = ['upcoming', 'live', 'finished', 'no_result', 'postponed', 'cancelled', 'abandoned'] as const;
    expect(states.filter(timeSettled)).toEqual(['live', 'finished', 'no_result', 'cancelled', 'abandoned']);
  });
  it('a known time is the time in WIB, whatever the state', () => {
    expect(kickoffTime({ kickoffAt: '2026-11-24T12:30:00Z', timeKnown: true }, true)).toBe('19.30 WIB');
  });
});
