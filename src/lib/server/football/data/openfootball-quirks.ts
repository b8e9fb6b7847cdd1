// Quirks of the openfootball league files. The dates and the play-offs both readers of them must
// handle alike: the site's importer (sources/embedded.ts) and the prediction evaluation's reader
// (predictions/openfootball.ts); placeholder times only matter to the site.

/**
 * openfootball dates the 2019-20 restart games of the Premier League and the Championship (played in
 * July 2020) a year early, in July 2019, weeks before the season's first match day. A league match
 * dated before the first 'Matchday 1' game of its own file cannot have been played then: it moves a
 * year on. Returns a corrector for one league-season file, from the date as written to the date of
 * play (every other date passes unchanged).
 */
export function yearEarlyCorrection(matches: readonly { date?: unknown; round?: unknown }[]): (date: string) => string {
  let first: string | undefined;
  for (const m of matches) {
    if (typeof m.date !== 'string' || typeof m.round !== 'string' || !/(^|, )Matchday 1$/.test(m.round)) continue;
    if (first === undefined || m.date < first) first = m.date;
  }
  return (date) => (first !== undefined && date < first && /^\d{4}-/.test(date) ? `${Number(date.slice(0, 4)) + 1}${date.slice(4)}` : date);
}

/**
 * The Championship play-offs, however a season's file labels them: stage 'Playoffs' (2021-22,
 * 2022-23), stage 'Finals' with rounds 'Semifinals' and 'Final' (2023-24), rounds 'Finals,
 * Semifinals' and 'Finals, Final' (2024-25), round 'Playoffs' (2025-26). They are not league-table
 * games, and their last match, the final, is played at Wembley.
 */
export function isPlayoff(m: { stage?: unknown; round?: unknown }): boolean {
  const label = /^(play-?offs?|finals?|semi-?finals?)\b/i;
  return (typeof m.stage === 'string' && label.test(m.stage)) || (typeof m.round === 'string' && label.test(m.round));
}

/**
 * The round of a one-match final as openfootball names it ('Final', 'Finals, Final'); not a semi- or
 * quarter-final ('Finals, Semifinals', 'Semi Final'). apifootball.com's match_round for a final is not
 * known to us: there a final is neutral only when its round reads the same.
 */
export const FINAL_ROUND = /^(finals?,\s*)?final$/i;

/**
 * The play-off final among one season's play-off matches (isPlayoff): the match of a round named as
 * a final, else, where the file names no final (2021-23, 2025-26), the last match of the whole stage,
 * two two-legged semi-finals and then the final. Undefined while the stage is not whole, so that a
 * semi-final leg is never taken for the final. `round` is the match's label ('Finals, Final', or the
 * stage where a file gives no round) and `at` orders the matches by kick-off.
 */
export function playoffFinal<T>(playoffs: readonly T[], round: (m: T) => string, at: (m: T) => number | string): T | undefined {
  const named = playoffs.find((m) => FINAL_ROUND.test(round(m).trim()));
  if (named !== undefined || playoffs.length < 5) return named;
  return playoffs.reduce((last, m) => (at(m) > at(last) ? m : last));
}

/**
 * openfootball times a fixture whose kick-off is not fixed yet with a placeholder: the 2026-27
 * Premier League and Championship files put every fixture from January 2027 on at 12:00 UTC (12:00
 * in winter, 13:00 in summer), Tuesday and Friday games alike, so a Wednesday evening game would
 * read 19.00 WIB on the wrong day. A real season ends with at most about two rounds at one time of
 * day (Ligue 1's simultaneous last rounds: 22 matches, on up to five days of the week, in the files
 * of 2015-16 to 2025-26); the placeholders run to 200 and 264. A run of a file's last matches (by
 * kick-off, read with `instant`; null for a match without a time, which neither ends nor joins the
 * run) of PLACEHOLDER_RUN or more at one time of day, on three or more days of the week, is
 * returned, and those matches are taken as having no time. The run may also start before the
 * file's last day, should an update time that day's matches (a final round) and not those before.
 */
export function placeholderTimes<T>(matches: readonly T[], instant: (m: T) => Date | null): Set<T> {
  const timed = matches
    .map((m) => ({ m, at: instant(m) }))
    .filter((x): x is { m: T; at: Date } => x.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const lastDay = timed.findIndex((x) => day(x.at) !== day(timed[0]!.at));
  for (const from of lastDay > 0 ? [0, lastDay] : [0]) {
    const run = runAtOneTime(timed.slice(from));
    if (run.length >= PLACEHOLDER_RUN && new Set(run.map((x) => x.at.getUTCDay())).size >= 3) return new Set(run.map((x) => x.m));
  }
  return new Set();
}

const PLACEHOLDER_RUN = 30;

/**
 * The same files time every round after the first at one slot each: the Premier League's rounds 2
 * to 38 all at 15:00 on a Saturday, 20:00 on a Wednesday or the 12:00 UTC above, the
 * Championship's at 15:00, 19:45 or 12:00 UTC, although a real round is spread over Friday to
 * Monday for television, as the same files' first rounds and the earlier seasons' rounds are. A
 * round (matches of one round name, played within ROUND_MAX_DAYS: not a Champions League group,
 * which older files name as one round from September to December) is 'at one time of day' when
 * ROUND_MIN_TIMED or more of its matches have a time and all share it (the file's local time, on
 * any day). Real seasons have such rounds, but at most three in a row in the league files of
 * 2015-16 to 2025-26 (the Bundesliga's, Ligue 1's and the Eredivisie's simultaneous last two
 * rounds, the Championship's two midweek rounds at 19:45 in 2025-26, three of its rounds at 15:00
 * over Christmas 2018), and none in the Champions League files. The placeholders run to 37 and 45
 * rounds. A run of PLACEHOLDER_ROUNDS or more such rounds, ordered by their first date, is
 * returned (every match of it), and those matches are taken as having no time, played ones
 * included. (Should an update of the files give the later rounds real times, a run of placeholder
 * rounds shorter than that would again be read as timed.) `round` names a match's round, `date`
 * gives its date and `time` its time as the file writes them (null for none).
 */
export function placeholderRounds<T>(matches: readonly T[], round: (m: T) => string, date: (m: T) => string, time: (m: T) => string | null): Set<T> {
  const rounds = new Map<string, T[]>();
  for (const m of matches) {
    const ms = rounds.get(round(m));
    if (ms) ms.push(m);
    else rounds.set(round(m), [m]);
  }
  const days = (ms: readonly T[]) => ms.map((m) => Date.parse(`${date(m)}T00:00:00Z`) / 86_400_000);
  const firstDay = (ms: readonly T[]) => Math.min(...days(ms));
  const ordered = [...rounds.values()].sort((a, b) => firstDay(a) - firstDay(b));
  const oneTime = (ms: readonly T[]) => {
    const times = ms.map(time).filter((t): t is string => t !== null);
    return times.length >= ROUND_MIN_TIMED && new Set(times).size === 1 && Math.max(...days(ms)) - firstDay(ms) <= ROUND_MAX_DAYS;
  };
  const found = new Set<T>();
  let run: T[][] = [];
  for (const ms of [...ordered, []]) {
    if (oneTime(ms)) {
      run.push(ms);
      continue;
    }
    if (run.length >= PLACEHOLDER_ROUNDS) for (const m of run.flat()) found.add(m);
    run = [];
  }
  return found;
}

const ROUND_MIN_TIMED = 6;
const ROUND_MAX_DAYS = 7;
const PLACEHOLDER_ROUNDS = 6;

/** The first matches of a list (latest first) that kick off at the same time of day as the first. */
function runAtOneTime<T extends { at: Date }>(timed: readonly T[]): T[] {
  const minuteOfDay = (d: Date) => d.getUTCHours() * 60 + d.getUTCMinutes();
  const end = timed.findIndex((x) => minuteOfDay(x.at) !== minuteOfDay(timed[0]!.at));
  return timed.slice(0, end === -1 ? timed.length : end);
}

/**
 * Two Champions League shoot-outs of 2024-25 are written 'p': [4, 4], a score no shoot-out ends
 * with. Their real scores, from the match reports (UEFA, Sky Sports, Reuters; checked 2026-11-25):
 * Liverpool 1-4 Paris Saint-Germain on 11 March 2025 (Núñez and Jones saved by Donnarumma), and
 * Atlético 2-4 Real Madrid on 12 March 2025 (Álvarez's goal ruled out for a double touch, Llorente
 * over the bar). Keyed by the file's date and team names; any other level shoot-out is dropped.
 */
export const SHOOTOUT_CORRECTIONS: ReadonlyMap<string, { home: number; away: number }> = new Map([
  ['2025-03-11|Liverpool FC (ENG)|Paris Saint-Germain FC (FRA)', { home: 1, away: 4 }],
  ['2025-03-12|Club Atlético de Madrid (ESP)|Real Madrid CF (ESP)', { home: 2, away: 4 }],
]);

export const shootoutKey = (m: { date: string; team1: string; team2: string }) => `${m.date}|${m.team1}|${m.team2}`;
