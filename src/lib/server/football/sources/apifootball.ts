// The apifootball.com source (when APIFOOTBALL_KEY is set). It calls the provider's actions with
// timezone=Asia/Jakarta, stores what they return, and keeps it fresh: live matches every 30 s while
// any is live (or due), fixtures, standings and predictions hourly, leagues daily, and every few
// minutes a few windows of past results until each league holds about three seasons (the history
// the prediction model fits on; apifootball-history.ts). Pages read only the database; a match
// page also asks for that match's details, head-to-head and prediction (at most once a minute /
// hour per match).
import { and, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { footballMatches } from '../../db/schema/index.ts';
import { TEAM_MATCH_WINDOW_MONTHS, TIMEZONE } from '../../../shared/constants.ts';
import { LEAGUE_CATALOGUE } from '../../../shared/football/leagues.ts';
import { addDays, monthsBefore, wibDayStart } from '../../../shared/football/dates.ts';
import { wibDateKey } from '../../../shared/format.ts';
import { errorText } from '../../error-text.ts';
import { createMemo } from '../memo.ts';
import { where } from '../queries.ts';
import type { OnDemandSource } from '../service.ts';
import * as store from '../store.ts';
import * as history from './apifootball-history.ts';
import * as map from './apifootball-map.ts';
import type { FootballSource, ImportBatch, LeagueRecord, PrepareOptions, PrepareReport } from './types.ts';

export class ApifootballError extends Error {
  override name = 'ApifootballError';
  /** The provider's error code (HTTP 200 body) or the HTTP status. */
  readonly code: number | undefined;
  constructor(message: string, code: number | undefined) {
    super(message);
    this.code = code;
  }
}

export interface ClientOptions {
  key: string;
  baseUrl: string;
  timeoutMs?: number;
  /** MAX_RESPONSE_BYTES by default. */
  maxBytes?: number;
  fetch?: typeof fetch;
}

type Params = Record<string, string | number | undefined>;

/**
 * The largest answer read: a month of a league's events with lineups and statistics is under a
 * megabyte, so anything near this is not an answer to use (a 400 MB one took the process from
 * about 340 MB to 2.4 GB).
 */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** The body as text, refused past `max` bytes; a time-out while reading says so. */
async function readText(res: Response, max: number, action: string): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > max) {
    await res.body?.cancel();
    throw new ApifootballError(`${action}: response larger than ${max} bytes`, undefined);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        throw new ApifootballError(`${action}: response larger than ${max} bytes`, undefined);
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch (err) {
    if (err instanceof ApifootballError) throw err;
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new ApifootballError(`${action}: ${timedOut ? 'no whole answer in time' : 'response broke off'}`, undefined);
  }
  return text + decoder.decode();
}

/**
 * One GET per action. apifootball.com reports errors as HTTP 200 with {"error": n, "message": …};
 * "No … found" (error 404) means an empty list; any other error (a bad key, missing parameters)
 * is thrown.
 */
export function createClient(opts: ClientOptions) {
  const doFetch = opts.fetch ?? fetch;
  async function call(action: string, params: Params = {}): Promise<unknown> {
    const url = new URL(opts.baseUrl);
    url.searchParams.set('action', action);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
    url.searchParams.set('timezone', TIMEZONE);
    url.searchParams.set('APIkey', opts.key);
    const res = await doFetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000), headers: { accept: 'application/json' } });
    if (!res.ok) throw new ApifootballError(`${action}: HTTP ${res.status}`, res.status);
    const text = await readText(res, opts.maxBytes ?? MAX_RESPONSE_BYTES, action);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApifootballError(`${action}: response is not JSON`, undefined);
    }
    if (body && typeof body === 'object' && !Array.isArray(body) && 'error' in body) {
      const { error, message } = body as { error: unknown; message?: unknown };
      // "No event found (please check your plan)!": nothing to list, not a failure.
      if (Number(error) === 404 && /no .*found/i.test(String(message ?? ''))) return [];
      throw new ApifootballError(`${action}: ${String(message ?? error)}`, Number(error) || undefined);
    }
    return body;
  }
  const array = async (action: string, params?: Params): Promise<unknown[]> => {
    const body = await call(action, params);
    if (!Array.isArray(body)) throw new ApifootballError(`${action}: expected a list`, undefined);
    return body;
  };
  return {
    events: (params: Params) => array('get_events', params),
    leagues: () => array('get_leagues'),
    standings: (leagueId: number) => array('get_standings', { league_id: leagueId }),
    predictions: (params: Params) => array('get_predictions', params),
    /** get_H2H is the one action that answers with an object (three lists). */
    async h2h(firstTeamId: string, secondTeamId: string) {
      const body = await call('get_H2H', { firstTeamId, secondTeamId });
      const o = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
      const listOf = (k: string) => (Array.isArray(o[k]) ? (o[k] as unknown[]) : []);
      return {
        headToHead: listOf('firstTeam_VS_secondTeam'),
        firstLast: listOf('firstTeam_lastResults'),
        secondLast: listOf('secondTeam_lastResults'),
      };
    },
  };
}

export type ApifootballClient = ReturnType<typeof createClient>;

export const SYNC = {
  liveTickMs: 30_000,
  fixturesMs: 3_600_000,
  leaguesMs: 86_400_000,
  /** A scheduled match that kicked off less than this long ago may be live: keep polling. */
  liveWindowMs: 3 * 3_600_000,
  /** Fixture window: from yesterday to this many days ahead (WIB). */
  fixtureDaysAhead: 7,
  /**
   * History depth: back to the start of the season in which the day this many days ago falls (three
   * seasons, whole ones). The model's time weights halve every 450 days: a match three years old
   * counts for under a fifth of today's, so older seasons add little and would cost requests.
   */
  historyDays: 3 * 365,
  /**
   * Days per history request: a month is about 40 matches of a 20-team league (under a megabyte
   * with lineups and statistics, well inside the client's 15-second timeout), and some 40 requests
   * per league for the whole depth.
   */
  historyWindowDays: 30,
  /**
   * History requests per run, and how often a run starts (APIFOOTBALL_HISTORY_SECONDS overrides the
   * interval). The provider's quota is not visible to us: 6 requests every 5 minutes is at most 72
   * an hour (the hourly fixture sync makes up to 99 for the catalogue's 33 leagues), so a fresh
   * start never fires hundreds at once; the leagues with the least history go first, so every
   * league gets its first windows (its model's first 100 results) before any gets its oldest.
   */
  historyWindowsPerRun: 6,
  historyMs: 300_000,
  detailRefreshMs: 60_000,
  extrasRefreshMs: 3_600_000,
  /** A failed call about one match (a page's on-demand refresh) is not made again for this long. */
  onDemandRetryMs: 60_000,
  /**
   * How long the start waits for the first sync before serving: the rest goes on in the
   * background (33 leagues against a provider that does not answer took 33 × 15 s).
   */
  prepareWaitMs: 20_000,
  /** After a fixture sync in which every league failed, the next comes after 1, 2, 4 … minutes (at most fixturesMs). */
  fixturesRetryMs: 60_000,
  /** Leagues synced at once by the fixture sync. */
  fixturesConcurrency: 4,
  /** Fixtures gone from a league's window asked for by id, at most, per league and sync. */
  movedChecksPerLeague: 10,
};

const teamId = (key: string) => (key.startsWith('af:') ? key.slice(3) : undefined);
const matchId = (key: string) => (key.startsWith('af:') ? key.slice(3) : undefined);

export interface ApifootballSourceOptions {
  db: Db;
  client: ApifootballClient;
  /** Leagues kept fresh; the catalogue by default. */
  leagueIds?: number[];
  /** Live polling interval; SYNC.liveTickMs (30 s) by default. */
  liveTickMs?: number;
  /** Interval of history runs; SYNC.historyMs (5 min) by default. */
  historyMs?: number;
  now?: () => Date;
  /** Called after data was written, to drop cached answers. */
  onChange?: () => void;
  /** Called after each history window is recorded (the seasons pages offer follow it). */
  onHistory?: () => void;
  /** Fetch and store the provider's predictions (PREDICTIONS_SOURCE=provider); default true. */
  predictions?: boolean;
  /** How long prepare() waits for the first sync; SYNC.prepareWaitMs by default. */
  prepareWaitMs?: number;
  /** The first wait after a fixture sync in which every league failed; SYNC.fixturesRetryMs by default. */
  fixturesRetryMs?: number;
  log?: (message: string, err?: unknown) => void;
}

/** What one history run did: the windows asked for, in order, and the leagues still incomplete. */
export interface HistoryReport {
  windows: { leagueId: number; from: string; to: string; matches: number; failed?: true }[];
  /** Leagues with windows left to fetch after this run (0: every followed league is complete). */
  remaining: number;
}

export function createApifootballSource(opts: ApifootballSourceOptions): FootballSource & OnDemandSource & {
  syncLeagues(): Promise<void>;
  syncFixtures(): Promise<{ failed: number; leagues: number }>;
  syncHistory(): Promise<HistoryReport>;
  syncLive(): Promise<boolean>;
  shouldPollLive(): Promise<boolean>;
} {
  const { db, client } = opts;
  const now = opts.now ?? (() => new Date());
  const leagueIds = opts.leagueIds ?? LEAGUE_CATALOGUE.map((l) => l.id);
  const withPredictions = opts.predictions ?? true;
  const retryMs = opts.fixturesRetryMs ?? SYNC.fixturesRetryMs;
  const log = opts.log ?? ((message: string, err?: unknown) => console.error(`[apifootball] ${message}`, errorText(err, 300)));
  const seasons = new Map<number, string>();
  /** History runs so far, and per league its consecutive failed windows and the run it may ask again. */
  let historyRun = 0;
  const strikes = new Map<number, { count: number; retryAt: number }>();
  const detailDone = createMemo<true>(SYNC.detailRefreshMs, 2000, () => now().getTime(), SYNC.onDemandRetryMs);
  const extrasDone = createMemo<true>(SYNC.extrasRefreshMs, 2000, () => now().getTime(), SYNC.onDemandRetryMs);
  /** Fixture syncs in a row in which every league failed (a provider down since the start, say). */
  let fixtureFailures = 0;
  /** When the last fixture sync started (the process's clock), and whether one is running. */
  let fixturesStartedAt = Number.NEGATIVE_INFINITY;
  let fixturesRunning = false;
  let leaguesSynced = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = true;
  /** Set by stop(): a sync under way takes no further league. */
  let closing = false;

  async function write(batch: ImportBatch) {
    const r = await store.write(db, batch);
    if (r.leagues || r.teams || r.matchesInserted || r.matchesUpdated || r.standings || r.predictions) opts.onChange?.();
    return r;
  }

  /** Events → a batch; leagues come from the events themselves (a live list spans leagues). */
  function eventsBatch(rows: unknown[], as: 'full' | 'summary'): ImportBatch {
    const events = rows.filter(map.isWireEvent);
    const leagues = new Map<number, LeagueRecord>();
    for (const e of events) leagues.set(Number(e.league_id), map.leagueOf(e));
    const matches = events.map((e) => {
      const m = map.matchOf(e);
      // A list row says nothing about the stage: never let it shape a league table.
      return as === 'summary' ? { ...m, countsForTable: false } : m;
    });
    return as === 'full' ? { leagues: [...leagues.values()], matches } : { leagues: [...leagues.values()], matches: [], summaries: matches };
  }

  async function seasonOf(leagueId: number): Promise<string | undefined> {
    const known = seasons.get(leagueId);
    if (known) return known;
    const [row] = await db
      .select({ season: footballMatches.season })
      .from(footballMatches)
      .where(and(eq(footballMatches.leagueId, leagueId), eq(footballMatches.countsForTable, true)))
      .orderBy(sql`${footballMatches.kickoffAt} desc`)
      .limit(1);
    return row?.season;
  }

  /** Runs `fn` for every item, `concurrency` at a time; returns how many failed (each is logged). */
  async function each<T>(items: T[], fn: (item: T) => Promise<void>, concurrency = 1): Promise<number> {
    let failed = 0;
    let next = 0;
    const worker = async () => {
      while (next < items.length && !closing) {
        const item = items[next++]!;
        try {
          await fn(item);
        } catch (err) {
          failed += 1;
          log(`sync step failed for ${String(item)}`, err);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
    return failed;
  }

  /** Work that outlives its caller (prepare's background sync): stop() waits for it. */
  function track<T>(work: Promise<T>): Promise<T> {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => undefined);
    return work;
  }

  /**
   * Stored fixtures of the window that the provider's list no longer holds were moved (to another
   * day, out of the window) or called off: each is asked for by its id, a few per league and sync,
   * so that it does not keep its old kick-off (and a live poll when that time comes).
   */
  async function recheckMoved(leagueId: number, from: string, to: string, listed: Set<string>) {
    const stored = await db
      .select({ key: footballMatches.externalId })
      .from(footballMatches)
      .where(
        and(
          eq(footballMatches.leagueId, leagueId),
          or(eq(footballMatches.status, 'scheduled'), eq(footballMatches.status, 'postponed')),
          gte(footballMatches.kickoffAt, wibDayStart(from)),
          lt(footballMatches.kickoffAt, wibDayStart(addDays(to, 1))),
        ),
      );
    const moved = stored.map((r) => r.key).filter((key) => !listed.has(key) && matchId(key));
    for (const key of moved.slice(0, SYNC.movedChecksPerLeague)) {
      await write(eventsBatch(await client.events({ match_id: matchId(key)! }), 'full'));
    }
  }

  /** syncFixtures' work: the leagues first when unknown, then each league's window, table and forecasts. */
  async function syncFixtureWindow(): Promise<{ failed: number; leagues: number }> {
    // The leagues' seasons come first; a start without them (the provider was down) asks again.
    if (!leaguesSynced) await source.syncLeagues().catch((err: unknown) => log('league sync failed', err));
    const today = wibDateKey(now());
    const from = addDays(today, -1);
    const to = addDays(today, SYNC.fixtureDaysAhead);
    const failed = await each(leagueIds, async (leagueId) => {
      const fixtures = eventsBatch(await client.events({ from, to, league_id: leagueId }), 'full');
      await write(fixtures);
      await recheckMoved(leagueId, from, to, new Set(fixtures.matches.map((m) => m.key)));
      const season = await seasonOf(leagueId);
      const standingRows = season ? await client.standings(leagueId) : [];
      const standings = season ? map.standingsOf(standingRows, season) : [];
      const predRows = withPredictions ? (await client.predictions({ from, to, league_id: leagueId })).filter(map.isWireEvent) : [];
      const batch = eventsBatch(predRows, 'summary');
      batch.standings = standings;
      batch.predictions = predRows.map(map.predictionOf).filter((p) => p !== null);
      if (standings.length && !batch.leagues.some((l) => l.id === leagueId)) {
        batch.leagues.push(map.leagueOf(standingRows[0] as Record<string, unknown>));
      }
      if (standings.length || batch.summaries?.length) await write(batch);
    }, SYNC.fixturesConcurrency);
    fixtureFailures = leagueIds.length > 0 && failed === leagueIds.length ? fixtureFailures + 1 : 0;
    return { failed, leagues: leagueIds.length };
  }

  const source = {
    name: 'apifootball' as const,

    /** get_leagues: names, logos and the current season of the leagues we follow. */
    async syncLeagues() {
      const rows = map.leaguesOf(await client.leagues()).filter((r) => leagueIds.includes(r.league.id));
      for (const r of rows) if (r.season) seasons.set(r.league.id, r.season);
      if (rows.length) await write({ leagues: rows.map((r) => r.league), matches: [] });
      leaguesSynced = true;
    },

    /**
     * Per league: get_events yesterday…+7 days, get_standings, get_predictions for the same days.
     * Returns how many leagues failed; when all did, the schedule asks again within minutes.
     */
    async syncFixtures(): Promise<{ failed: number; leagues: number }> {
      fixturesStartedAt = Date.now();
      fixturesRunning = true;
      try {
        return await syncFixtureWindow();
      } finally {
        fixturesRunning = false;
      }
    },

    /**
     * Past results, for the model: up to SYNC.historyWindowsPerRun get_events calls (league_id,
     * from, to), each the next window of the league with the newest one still to fetch (ties in
     * the order of leagueIds, the catalogue's). Leagues the provider does not list and we hold no
     * table rows for are not asked (no season known: not in the plan). A window that fails ends the
     * run (spare the quota: a refused key or a spent quota refuses every request); its league is
     * asked again after 1, 2, 4 … (at most 12) runs, for a window half as long each time, while the
     * others go on. Rows are full matches: see the README for tables.
     */
    async syncHistory(): Promise<HistoryReport> {
      const today = wibDateKey(now());
      const top = addDays(today, -2);
      const covered = await history.load(db);
      historyRun += 1;
      const plans = new Map<number, history.Window>();
      const plan = async (leagueId: number) => {
        const season = await seasonOf(leagueId);
        const floor = season && history.floorOf(season, today, SYNC.historyDays);
        // A league whose last windows failed asks for shorter ones (a month too big to answer in time).
        const days = Math.max(1, SYNC.historyWindowDays >> (strikes.get(leagueId)?.count ?? 0));
        const next = floor ? history.nextWindow(covered.get(leagueId), { top, floor, days }) : undefined;
        if (next) plans.set(leagueId, next);
        else plans.delete(leagueId);
      };
      for (const leagueId of leagueIds) await plan(leagueId);
      const report: HistoryReport = { windows: [], remaining: 0 };
      const waiting = (leagueId: number) => (strikes.get(leagueId)?.retryAt ?? 0) > historyRun;
      while (report.windows.length < SYNC.historyWindowsPerRun) {
        let pick: number | undefined;
        for (const leagueId of leagueIds) {
          const w = plans.get(leagueId);
          if (w && !waiting(leagueId) && (pick === undefined || w.to > plans.get(pick)!.to)) pick = leagueId;
        }
        if (pick === undefined) break;
        const window = plans.get(pick)!;
        try {
          const rows = await client.events({ from: window.from, to: window.to, league_id: pick });
          const batch = eventsBatch(rows, 'full');
          // Matches are stored before the window is recorded: a crash in between refetches it.
          await write(batch);
          const done = history.extend(covered.get(pick), window, batch.matches.length);
          await history.save(db, pick, done);
          covered.set(pick, done);
          // Told after the window is recorded, even an empty one: the seasons a page offers
          // depend on what the history holds (history.listedSeasons).
          opts.onHistory?.();
          report.windows.push({ leagueId: pick, ...window, matches: batch.matches.length });
          strikes.delete(pick);
          await plan(pick);
        } catch (err) {
          // The provider refused or did not answer: a refused key or a spent quota refuses the next
          // request too, so the run ends here. This league waits 1, 2, 4 … (at most 12) runs.
          const count = (strikes.get(pick)?.count ?? 0) + 1;
          const wait = Math.min(2 ** (count - 1), 12);
          strikes.set(pick, { count, retryAt: historyRun + wait });
          log(`history ${pick} ${window.from}…${window.to} failed; asked again in ${wait} run(s)`, err);
          report.windows.push({ leagueId: pick, ...window, matches: 0, failed: true });
          break;
        }
      }
      report.remaining = plans.size;
      return report;
    },

    /**
     * get_events match_live=1 for yesterday and today (a late kick-off is still being played after
     * midnight); false when nothing is live.
     */
    async syncLive() {
      const today = wibDateKey(now());
      const rows = await client.events({ from: addDays(today, -1), to: today, match_live: 1 });
      const batch = eventsBatch(rows, 'full');
      const liveKeys = new Set(batch.matches.map((m) => m.key));
      // Matches we have as live that left the live list are over (or stopped): fetch them once.
      const stale = await db
        .select({ key: footballMatches.externalId })
        .from(footballMatches)
        .where(where.live(now()));
      const gone = stale.map((s) => s.key).filter((k) => !liveKeys.has(k));
      await write(batch);
      await each(gone, async (key) => {
        const id = matchId(key);
        if (id) await write(eventsBatch(await client.events({ match_id: id }), 'full'));
      });
      return batch.matches.length > 0;
    },

    /** Poll live scores only while a match is live or due (kicked off within the last 3 hours). */
    async shouldPollLive() {
      const t = now();
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(footballMatches)
        .where(
          or(
            // Live within LIVE_MAX_MS of kick-off: a match the provider dropped is not followed for ever.
            where.live(t),
            and(
              eq(footballMatches.status, 'scheduled'),
              gte(footballMatches.kickoffAt, new Date(t.getTime() - SYNC.liveWindowMs)),
              lte(footballMatches.kickoffAt, new Date(t.getTime() + 60_000)),
            ),
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    /**
     * The first sync (leagues, then fixtures). The start waits for it at most prepareWaitMs: a slow
     * or silent provider must not keep the site from serving what the database holds. The sync goes
     * on in the background ('pending'); its data reaches the pages (and the model) through onChange.
     * With `whole` (the import command) it waits for the sync to end, however long it takes.
     */
    async prepare(prepareOpts: PrepareOptions = {}): Promise<PrepareReport> {
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      const work = track(
        (async (): Promise<PrepareReport> => {
          try {
            const { failed, leagues } = await source.syncFixtures();
            if (failed === leagues) return { status: 'failed', ms: ms(), error: `every league (${leagues}) failed` };
            return { status: 'synced', ms: ms(), ...(failed && { failedLeagues: failed }) };
          } catch (err) {
            log('first sync failed', err);
            return { status: 'failed', ms: ms(), error: err instanceof Error ? err.message : String(err) };
          }
        })(),
      );
      if (prepareOpts.whole) return work;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<PrepareReport>((resolve) => {
        timer = setTimeout(() => resolve({ status: 'pending', ms: ms() }), opts.prepareWaitMs ?? SYNC.prepareWaitMs);
      });
      const report = await Promise.race([work, waited]);
      clearTimeout(timer);
      if (report.status === 'failed') log(`first sync failed: ${String(report['error'])}; asked again in ${retryMs / 1000} s`);
      return report;
    },

    async start() {
      if (!stopped) return;
      stopped = false;
      closing = false;
      const every = (ms: number, task: () => Promise<unknown>) => {
        const run = async () => {
          if (stopped) return;
          const work = task().catch((err: unknown) => log('scheduled sync failed', err));
          running.add(work);
          await work;
          running.delete(work);
          if (stopped) return;
          const timer = setTimeout(() => {
            timers.delete(timer);
            void run();
          }, ms);
          timer.unref();
          timers.add(timer);
        };
        const first = setTimeout(() => {
          timers.delete(first);
          void run();
        }, ms);
        first.unref();
        timers.add(first);
      };
      every(opts.liveTickMs ?? SYNC.liveTickMs, async () => {
        if (await source.shouldPollLive()) await source.syncLive();
      });
      // Hourly after the last one began (the start's included); after a sync in which every league
      // failed, 1, 2, 4 … minutes after it (up to the hour). Checked every retryMs.
      every(retryMs, async () => {
        const due = fixtureFailures ? Math.min(retryMs * 2 ** (fixtureFailures - 1), SYNC.fixturesMs) : SYNC.fixturesMs;
        if (!fixturesRunning && Date.now() - fixturesStartedAt >= due) await source.syncFixtures();
      });
      every(SYNC.leaguesMs, () => source.syncLeagues());
      // The first history run comes one interval after start, not with the boot's own sync.
      every(opts.historyMs ?? SYNC.historyMs, () => source.syncHistory());
    },

    /** Stops the schedule and waits for a sync under way, so nothing writes after it returns. */
    async stop() {
      stopped = true;
      closing = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...running]);
    },

    /** get_events match_id: the full record (events, lineups, statistics) of one match. */
    async refreshMatch(match: { externalId: string }) {
      const id = matchId(match.externalId);
      if (!id) return;
      await detailDone.get(id, async () => {
        await write(eventsBatch(await client.events({ match_id: id }), 'full'));
        return true;
      });
    },

    /** get_H2H, plus get_events team_id over the last 6 months for each team's last matches. */
    async refreshHeadToHead(match: { externalId: string; homeKey: string; awayKey: string }) {
      const home = teamId(match.homeKey);
      const away = teamId(match.awayKey);
      if (!home || !away) return;
      await extrasDone.get(`h2h:${home}:${away}`, async () => {
        const h2h = await client.h2h(home, away);
        const today = wibDateKey(now());
        const from = monthsBefore(today, TEAM_MATCH_WINDOW_MONTHS);
        const rows: unknown[] = [...h2h.headToHead, ...h2h.firstLast, ...h2h.secondLast];
        for (const list of await Promise.all([home, away].map((team) => client.events({ team_id: team, from, to: today })))) rows.push(...list);
        await write(eventsBatch(rows, 'summary'));
        return true;
      });
    },

    /** get_predictions match_id. */
    async refreshPrediction(match: { externalId: string }) {
      const id = matchId(match.externalId);
      if (!id || !withPredictions) return;
      await extrasDone.get(`pred:${id}`, async () => {
        const rows = (await client.predictions({ match_id: id })).filter(map.isWireEvent);
        const batch = eventsBatch(rows, 'summary');
        batch.predictions = rows.map(map.predictionOf).filter((p) => p !== null);
        await write(batch);
        return true;
      });
    },
  };
  return source;
}

