// Gelora's predictions in the database: fits the goals model (model.ts) per league on the results in
// football_matches and stores the markets of every upcoming fixture in football_predictions with
// source 'model'. Pages only read that table; nothing here runs on a request.
//
// - Teams are keyed by their database id: the importer keeps one row per club across seasons (after
//   alias resolution), apifootball.com one per team_key, so a club's history is one key.
// - Leagues linked in openfootball.LINKED_LEAGUES (Premier League + Championship) are fitted jointly.
// - Matches at neutral venues have no home advantage, in the fit and in the forecast: see venues.ts.
// - Upcoming: no result, scheduled or postponed (not live, cancelled, awarded or abandoned), and
//   either kick-off still ahead or in the league's running season — its latest, while that season's
//   last fixture is less than SEASON_GRACE_DAYS behind (with apifootball.com, which stores a week
//   ahead, that is a stored fixture within the last 30 days). So a fixture of a running season that
//   passed without a result in the data keeps its forecast, but a season that ended long ago (the
//   2024-25 Champions League final, unscored in the data) does not keep one for ever.
// - Each refit also removes the model's rows of fixtures that never kicked off (by their status)
//   and are no longer predicted (no longer upcoming, or left without a fit: see MIN_FIT_RESULTS);
//   the forecast of a match that kicked off (live, abandoned, finished) stays, as the forecast made
//   before it. Whenever the model is the source (PREDICTIONS_SOURCE=model, or provider without a
//   key), a provider's rows of such fixtures go too: nothing fetches the provider's forecasts then.
// - `refit()` is cheap when nothing changed: a fingerprint of the matches (count, results, last
//   change), the fit date, the source setting and the model's version and settings is kept in
//   football_imports ('predictions').
// - With PREDICTIONS_SOURCE=provider the model never replaces a provider's row; it fills the rest.
// - National teams' competitions (World Cup, Euro, Nations League, the qualifiers) are always fitted
//   together as one (see borrowed()). A club competition with fewer than MIN_FIT_RESULTS results of
//   its own borrows: a fixture of a club cup (the Supercopa) whose two teams play in the same
//   league's running season is forecast by that league's model. A fixture that can borrow neither
//   gets no forecast: the page then says 'Prediksi belum tersedia' instead of showing the priors as
//   if they were a prediction.
import crypto from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { count, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { footballImports, footballMatches } from '../db/schema/index.ts';
import { LEAGUE_CATALOGUE } from '../../shared/football/leagues.ts';
import { kickedOff, UNTIMED_DAY_MS } from '../football/queries.ts';
import { deletePredictionRows, upsertPredictionRows, type PredictionRow } from '../football/store.ts';
import { addDays } from './dates.ts';
import { NEUTRAL_LEAGUES, neutralVenues } from './venues.ts';
import { DEFAULTS, type FitOptions, type Model, fit, predict } from './model.ts';
import { LINKED_LEAGUES } from './openfootball.ts';
import type { Markets, MatchResult } from './types.ts';
import { errorText } from '../error-text.ts';

/** The `source` label of the model's rows. */
export const MODEL_SOURCE = 'model';
/**
 * Bump when the model's equations or what is stored change, so the next start refits instead of
 * keeping a day's forecasts of the old model (a change of the model's settings, DEFAULTS, refits
 * by itself: they are part of the fingerprint). 2: the season goal level. 3: neutral cup finals, the
 * running-season rule and the removal of forecasts that no longer qualify. 4: the Championship
 * play-off finals of 2023-24 and 2024-25 at a neutral venue. 5: borrowed fits for competitions with
 * too few results of their own. 6: score matrices cut where a side keeps under 1e-12 of its goals,
 * not at 10; only the Championship's play-off final is neutral for its 'Playoffs' round; national
 * teams' competitions always take the pooled fit.
 */
const VERSION = 6;
const IMPORT_KEY = 'predictions';
/**
 * Competitions of national teams (apifootball.com ids): World Cup, European Championship, Nations
 * League and the World Cup qualifiers of each confederation. A tournament holds too few matches of
 * its own to fit (a new Euro has none at all, a World Cup fewer than 100 until its last week, and
 * the provider's history keeps three years), so they are always fitted together: one goal level and
 * one home advantage for international football, its neutral venues marked as everywhere.
 * Confederations meet mostly at World Cups, so their levels relative to each other rest largely on
 * the prior (every side starts level): a forecast between confederations is the vaguer one.
 */
const NATIONAL_TEAM_LEAGUES = new Set([28, 1, 633, 24, 27, 22, 21, 23, 26]);
/** The label of the pooled fit of NATIONAL_TEAM_LEAGUES. */
const NATIONAL_TEAMS = 'national-teams';
/**
 * A league's latest season counts as running until this many days after its last fixture: long
 * enough for a postponed last round, short enough that a finished season's unscored fixture (the
 * data lacks its result) is not forecast for ever.
 */
export const SEASON_GRACE_DAYS = 30;
/**
 * States of a fixture that has not kicked off (and may never): its stale forecast can go. Only with
 * no score (the filter below): so `awarded` here is a ruling with no score recorded, as for a
 * walkover, while an awarded match with a score keeps the forecast made before it, like any result.
 */
const NOT_STARTED = new Set(['scheduled', 'postponed', 'cancelled', 'awarded']);
/**
 * A fit needs at least this many results to forecast: with fewer, its numbers would be the priors',
 * not the data's (with apifootball.com as the only source, a fresh start holds just the days around
 * today). A competition whose own fit has fewer borrows another (borrowed() in refit); a fixture
 * with none to borrow gets no model forecast. About a third of a season of a 20-team league; every
 * league of the embedded data has thousands.
 */
export const MIN_FIT_RESULTS = 100;
const DAY_MS = 86_400_000;
/** After new data (a provider sync), wait this long so one refit covers a burst of writes. */
const REFIT_DELAY_MS = 5_000;

export interface RefitReport {
  status: 'fitted' | 'unchanged';
  /** Leagues whose fixtures got forecasts (by their own fit or a borrowed one), upcoming fixtures predicted, forecasts written (rows inserted, changed or removed). */
  leagues: number;
  upcoming: number;
  changed: number;
  /** Time spent fitting the models (ms), and the whole refit including the database. */
  fitMs: number;
  ms: number;
  /**
   * Per league forecast: its own fit's matches (a national teams' competition, which takes the
   * pooled fit: its own results), the fixtures forecast, and the fit time spent for them (a fit
   * shared with a league done earlier counts there); `model`: the fits they borrowed.
   */
  perLeague?: Record<string, { matches: number; upcoming: number; ms: number; model?: string }>;
  /**
   * Leagues with fixtures left without forecasts, with the results of the fit they would have had:
   * fewer than MIN_FIT_RESULTS of their own and none to borrow, or a national teams' pool that small.
   */
  tooFew?: Record<string, number>;
}

interface Row {
  id: number;
  leagueId: number;
  season: string;
  round: string;
  kickoffAt: Date;
  timeKnown: boolean;
  homeTeamId: number;
  awayTeamId: number;
  status: string;
  homeScore: number | null;
  ftHome: number | null;
  ftAway: number | null;
  etHome: number | null;
  penHome: number | null;
  awayScore: number | null;
}

const codeOf = new Map(LEAGUE_CATALOGUE.filter((l) => l.embedded).map((l) => [l.id, l.embedded!]));
const idOfCode = new Map(LEAGUE_CATALOGUE.filter((l) => l.embedded).map((l) => [l.embedded!, l.id]));
const label = (leagueId: number) => codeOf.get(leagueId) ?? `league:${leagueId}`;

/** 90-minute goals of a played match, or null when it has none (or only an administrative score). */
function fullTime(r: Row): { home: number; away: number } | null {
  if (r.status !== 'finished') return null;
  if (r.ftHome !== null && r.ftAway !== null) return { home: r.ftHome, away: r.ftAway };
  // Sources that give only the final score: it is the 90-minute one unless there was extra time.
  if (r.homeScore !== null && r.awayScore !== null && r.etHome === null && r.penHome === null) return { home: r.homeScore, away: r.awayScore };
  return null;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Markets (probabilities) → the table's percentages; complements are taken after rounding so each market sums to 100. */
export function toPercentages(m: Markets): Omit<PredictionRow, 'matchId' | 'source'> {
  const home = round2(m.oneXTwo.home * 100);
  const draw = round2(m.oneXTwo.draw * 100);
  const away = round2(100 - home - draw);
  const line = (over: number) => {
    const o = round2(over * 100);
    return [o, round2(100 - o)] as const;
  };
  const [o15, u15] = line(m.overUnder['1.5'].over);
  const [o25, u25] = line(m.overUnder['2.5'].over);
  const [o35, u35] = line(m.overUnder['3.5'].over);
  return {
    probHomeWin: home,
    probDraw: draw,
    probAwayWin: away,
    probHomeOrDraw: round2(100 - away),
    probAwayOrDraw: round2(100 - home),
    probHomeOrAway: round2(100 - draw),
    probOver15: o15,
    probUnder15: u15,
    probOver25: o25,
    probUnder25: u25,
    probOver35: o35,
    probUnder35: u35,
  };
}

export function createPredictionsService(
  config: Pick<Config, 'PREDICTIONS_SOURCE' | 'APIFOOTBALL_KEY' | 'LOG_LEVEL'>,
  db: Db,
  opts: {
    now?: () => Date;
    onChange?: () => void;
    /** Wait after new data before refitting (REFIT_DELAY_MS); the daily refit's interval (a day). Tests shorten them. */
    refitDelayMs?: number;
    dailyMs?: number;
  } = {},
) {
  const now = opts.now ?? (() => new Date());
  /** The provider's rows are kept only when it is configured as the source. */
  const providerFirst = config.PREDICTIONS_SOURCE === 'provider' && Boolean(config.APIFOOTBALL_KEY);
  const warm = new Map<string, Model>();
  /** Refits run one at a time, in call order (a refit after new results never overlaps another). */
  let queue: Promise<unknown> = Promise.resolve();
  const timers = new Set<NodeJS.Timeout>();
  let debounce: NodeJS.Timeout | undefined;
  let last: RefitReport | undefined;
  /** Refits started and not yet finished. */
  let busy = 0;

  const log = (msg: string) => {
    if (config.LOG_LEVEL !== 'silent') console.log(`[predictions] ${msg}`);
  };
  /** A failed scheduled refit, with the driver's reason (drizzle's message only quotes the query). */
  const failed = (what: string) => (err: unknown) => {
    console.error(`[predictions] ${what} failed:`, errorText(err));
  };

  async function fingerprint(asOf: string): Promise<string> {
    const [agg] = await db
      .select({
        n: count(),
        results: count(footballMatches.homeScore),
        changed: sql<string>`coalesce(max(${footballMatches.updatedAt}) filter (where ${footballMatches.status} <> 'live'), 'epoch')::text`,
      })
      .from(footballMatches);
    const text = JSON.stringify([VERSION, DEFAULTS, asOf, providerFirst, agg?.n ?? 0, agg?.results ?? 0, agg?.changed ?? '']);
    return crypto.createHash('sha256').update(text).digest('hex');
  }

  async function storedFingerprint(): Promise<string | undefined> {
    const [row] = await db.select({ f: footballImports.fingerprint }).from(footballImports).where(eq(footballImports.source, IMPORT_KEY));
    return row?.f;
  }

  async function run(force: boolean): Promise<RefitReport> {
    const started = performance.now();
    const t = now();
    const asOf = addDays(t.toISOString().slice(0, 10), 1);
    const print = await fingerprint(asOf);
    if (!force && print === (await storedFingerprint())) {
      return { status: 'unchanged', leagues: 0, upcoming: 0, changed: 0, fitMs: 0, ms: Math.round(performance.now() - started) };
    }
    const rows: Row[] = await db
      .select({
        id: footballMatches.id,
        leagueId: footballMatches.leagueId,
        season: footballMatches.season,
        round: footballMatches.round,
        kickoffAt: footballMatches.kickoffAt,
        timeKnown: footballMatches.timeKnown,
        homeTeamId: footballMatches.homeTeamId,
        awayTeamId: footballMatches.awayTeamId,
        status: footballMatches.status,
        homeScore: footballMatches.homeScore,
        awayScore: footballMatches.awayScore,
        ftHome: footballMatches.ftHome,
        ftAway: footballMatches.ftAway,
        etHome: footballMatches.etHome,
        penHome: footballMatches.penHome,
      })
      .from(footballMatches);

    const latestSeason = new Map<number, string>();
    for (const r of rows) if ((latestSeason.get(r.leagueId) ?? '') < r.season) latestSeason.set(r.leagueId, r.season);
    const seasonEnd = new Map<number, number>();
    for (const r of rows) {
      if (r.season !== latestSeason.get(r.leagueId)) continue;
      seasonEnd.set(r.leagueId, Math.max(seasonEnd.get(r.leagueId) ?? 0, r.kickoffAt.getTime()));
    }
    const running = (leagueId: number) => (seasonEnd.get(leagueId) ?? 0) > t.getTime() - SEASON_GRACE_DAYS * DAY_MS;
    const neutralIds = neutralVenues(rows);
    const results = new Map<number, MatchResult[]>();
    const upcoming = new Map<number, Row[]>();
    const seasonTeams = new Map<number, Set<string>>();
    for (const r of rows) {
      if (r.homeTeamId === r.awayTeamId) continue;
      const current = r.season === latestSeason.get(r.leagueId);
      if (current) {
        if (!seasonTeams.has(r.leagueId)) seasonTeams.set(r.leagueId, new Set());
        seasonTeams.get(r.leagueId)!.add(String(r.homeTeamId)).add(String(r.awayTeamId));
      }
      const goals = fullTime(r);
      if (goals) {
        if (!results.has(r.leagueId)) results.set(r.leagueId, []);
        results.get(r.leagueId)!.push({
          // A match without a time is stored at the start of its day where it is played (up to a
          // few hours before 00:00 UTC in Europe): its date is the one half a day later.
          date: new Date(r.kickoffAt.getTime() + (r.timeKnown ? 0 : UNTIMED_DAY_MS / 2)).toISOString().slice(0, 10),
          home: String(r.homeTeamId),
          away: String(r.awayTeamId),
          homeGoals: goals.home,
          awayGoals: goals.away,
          neutral: neutralIds.has(r.id),
          league: label(r.leagueId),
          season: r.season,
        });
      } else if (isUpcoming(r, current && running(r.leagueId), t)) {
        if (!upcoming.has(r.leagueId)) upcoming.set(r.leagueId, []);
        upcoming.get(r.leagueId)!.push(r);
      }
    }

    const out: PredictionRow[] = [];
    const perLeague: NonNullable<RefitReport['perLeague']> = {};
    const tooFew: Record<string, number> = {};
    /** Fixtures of a league whose fit failed keep the forecasts they had. */
    const keep = new Set<number>();
    let fitMs = 0;
    /** This refit's fits, by label: a model, or null when the fit failed (logged once). */
    const fits = new Map<string, Model | null>();
    /** The fit labelled `code`, made once per refit from `history` (built only when it is made). */
    async function fitted(code: string, history: () => MatchResult[], options: FitOptions): Promise<Model | null> {
      if (fits.has(code)) return fits.get(code)!;
      // A fit is synchronous CPU work. Between fits, requests that arrived meanwhile are served,
      // so a refit during traffic (after a provider sync) holds the event loop for one league's fit
      // at a time, not for all of them (npm run bench:predictions prints the longest).
      await nextTurn();
      const fitStarted = performance.now();
      let model: Model | null = null;
      try {
        const previous = warm.get(code);
        model = fit(history(), { asOf, league: code, ...options, ...(previous ? { warmStart: previous } : {}) });
        warm.set(code, model);
      } catch (err) {
        console.error(`[predictions] fitting ${code} failed:`, errorText(err));
      }
      fitMs += performance.now() - fitStarted;
      fits.set(code, model);
      return model;
    }
    /** A league's own fit (with its linked leagues), as the pages have always shown it. */
    function ownFit(leagueId: number): Promise<Model | null> {
      const code = label(leagueId);
      const linked = (LINKED_LEAGUES[code] ?? []).map((c) => idOfCode.get(c)).filter((id) => id !== undefined);
      const history = () => [...(results.get(leagueId) ?? []), ...linked.flatMap((id) => results.get(id) ?? [])];
      return fitted(code, history, {
        season: latestSeason.get(leagueId)!,
        ...(NEUTRAL_LEAGUES.has(leagueId) ? {} : { teams: [...(seasonTeams.get(leagueId) ?? [])] }),
      });
    }
    /**
     * The fit that forecasts a fixture of a national teams' competition, or of a club competition
     * with too few results of its own: every national-team competition together (one league: their
     * levels are one sport's; no season level or form, which belong to a league's season), or, for
     * clubs, the model of another competition whose running season holds both teams, the one with
     * the most matches: the Supercopa's four sides are La Liga's. A tie of clubs from two countries'
     * leagues (the Intercontinental Cup) finds none unless both met in a competition with enough
     * results.
     */
    async function borrowed(f: Row): Promise<{ code: string; model: Model | null } | undefined> {
      if (NATIONAL_TEAM_LEAGUES.has(f.leagueId)) {
        // Without season labels: each competition names its seasons its own way ('2026', '2024-25'),
        // and the fit would take the teams of the latest label, but not the one below it, for newcomers.
        const pooled = () =>
          [...NATIONAL_TEAM_LEAGUES].flatMap((id) => (results.get(id) ?? []).map(({ season: _, ...m }) => ({ ...m, league: NATIONAL_TEAMS })));
        return { code: NATIONAL_TEAMS, model: await fitted(NATIONAL_TEAMS, pooled, { formPrecision: Infinity, seasonLevelPrecision: Infinity }) };
      }
      const both = (leagueId: number) => {
        const teams = seasonTeams.get(leagueId)!;
        return teams.has(String(f.homeTeamId)) && teams.has(String(f.awayTeamId));
      };
      let best: { code: string; model: Model | null } | undefined;
      for (const leagueId of [...seasonTeams.keys()].sort((a, b) => a - b)) {
        if (leagueId === f.leagueId || NATIONAL_TEAM_LEAGUES.has(leagueId) || !running(leagueId) || !both(leagueId)) continue;
        const model = await ownFit(leagueId);
        if (!best?.model || (model && model.fit.matches > best.model.fit.matches)) best = { code: label(leagueId), model };
      }
      return best;
    }
    const forecast = (model: Model, f: Row) => {
      const markets = predict(model, String(f.homeTeamId), String(f.awayTeamId), { neutral: neutralIds.has(f.id) });
      out.push({ matchId: f.id, source: MODEL_SOURCE, ...toPercentages(markets) });
    };

    for (const [leagueId, fixtures] of [...upcoming].sort((a, b) => a[0] - b[0])) {
      const code = label(leagueId);
      const fitStarted = fitMs;
      // A national teams' competition always takes the pooled fit (borrowed()), which holds its own
      // results too: a World Cup that reaches MIN_FIT_RESULTS in its last week does not change models
      // (and lose the others' results) for its last matches.
      const national = NATIONAL_TEAM_LEAGUES.has(leagueId);
      const model = national ? undefined : await ownFit(leagueId);
      if (model === null) {
        for (const f of fixtures) keep.add(f.id);
        continue;
      }
      const own = model?.fit.matches ?? results.get(leagueId)?.length ?? 0;
      if (model && own >= MIN_FIT_RESULTS) {
        for (const f of fixtures) forecast(model, f);
        perLeague[code] = { matches: model.fit.matches, upcoming: fixtures.length, ms: Math.round(fitMs - fitStarted) };
        continue;
      }
      let done = 0;
      let left = 0;
      /** The results of the borrowed fit that had too few of them (the national teams' pool). */
      let short = 0;
      const from = new Set<string>();
      for (const f of fixtures) {
        const other = await borrowed(f);
        if (other?.model && other.model.fit.matches >= MIN_FIT_RESULTS) {
          forecast(other.model, f);
          done += 1;
          from.add(other.code);
        } else if (other && !other.model) keep.add(f.id);
        else {
          left += 1;
          if (other?.model) short = other.model.fit.matches;
        }
      }
      if (left) tooFew[code] = national ? short : own;
      if (done) perLeague[code] = { matches: own, upcoming: done, ms: Math.round(fitMs - fitStarted), model: [...from].join(', ') };
    }

    if (Object.keys(tooFew).length) {
      const list = Object.entries(tooFew).map(([code, n]) => `${code} ${n}`).join(', ');
      log(`fixtures without forecasts, fewer than ${MIN_FIT_RESULTS} results to fit them on (none to borrow): ${list}`);
    }
    const summary = { leagues: Object.keys(perLeague).length, upcoming: out.length, fitMs: Math.round(fitMs) };
    const changed = await db.transaction(async (tx) => {
      for (const r of out) keep.add(r.matchId);
      // Only fixtures that never kicked off: a live or abandoned match keeps the forecast made before it.
      // With the model as the source, a provider's forecast of such a fixture goes too: nothing would
      // refresh it once the provider's predictions are no longer fetched.
      const stale = rows.filter((r) => r.homeScore === null && NOT_STARTED.has(r.status) && !keep.has(r.id)).map((r) => r.id);
      const removed = await deletePredictionRows(tx as unknown as Db, stale, providerFirst ? MODEL_SOURCE : undefined);
      const n = (await upsertPredictionRows(tx as unknown as Db, out, providerFirst ? { replaceOnly: MODEL_SOURCE } : {})) + removed;
      await tx
        .insert(footballImports)
        .values({ source: IMPORT_KEY, fingerprint: print, summary })
        .onConflictDoUpdate({ target: footballImports.source, set: { fingerprint: print, summary, importedAt: new Date() } });
      return n;
    });
    if (changed) opts.onChange?.();
    return { status: 'fitted', ...summary, changed, ms: Math.round(performance.now() - started), perLeague, tooFew };
  }

  function isUpcoming(r: Row, current: boolean, t: Date): boolean {
    if (r.homeScore !== null || (r.status !== 'scheduled' && r.status !== 'postponed')) return false;
    return current || !kickedOff(r.kickoffAt, r.timeKnown, t);
  }

  const service = {
    /**
     * Fits every league with upcoming fixtures and stores their predictions. Skips when nothing
     * changed since the last fit (unless `force`). A call made while one runs waits for it and then
     * runs itself, so new results are never missed.
     */
    async refit(opts2: { force?: boolean } = {}): Promise<RefitReport> {
      const next = queue.then(() => run(opts2.force ?? false));
      queue = next.catch(() => undefined);
      busy += 1;
      const report = await next.finally(() => (busy -= 1));
      last = report;
      if (report.status === 'fitted') {
        log(`${report.leagues} leagues forecast, fits in ${report.fitMs} ms; ${report.upcoming} upcoming fixtures, ${report.changed} rows written (${report.ms} ms in all)`);
      }
      return report;
    },

    /**
     * New data arrived (a provider sync, an admin's result): refit shortly, once for a burst. The
     * fingerprint makes it a no-op when no result or fixture changed (a live minute ticking).
     */
    resultsChanged(): void {
      if (debounce) return;
      debounce = setTimeout(() => {
        debounce = undefined;
        service.refit().catch(failed('refit'));
      }, opts.refitDelayMs ?? REFIT_DELAY_MS);
      debounce.unref();
    },

    /** The daily refit (the model's time weights move with the date). */
    start(): void {
      if (timers.size) return;
      const timer = setInterval(() => {
        // A tick while a refit still runs (a slow database, a short test interval) is skipped, not queued.
        if (busy) return;
        service.refit().catch(failed('daily refit'));
      }, opts.dailyMs ?? DAY_MS);
      timer.unref();
      timers.add(timer);
    },

    stop(): void {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      if (debounce) clearTimeout(debounce);
      debounce = undefined;
    },

    /** Resolves when every refit started so far has finished (a scheduled one may still run after stop()). */
    async settled(): Promise<void> {
      await queue;
    },

    /** The last refit's report (undefined before the first). */
    lastReport(): RefitReport | undefined {
      return last;
    },
  };
  return service;
}

export type PredictionsService = ReturnType<typeof createPredictionsService>;

