// The football service: what pages and the API ask for, answered from the database (whichever
// source filled it) with the spec's cache lifetimes. One instance per process (context.ts).
import type { Db } from '../db/client.ts';
import { CACHE_TTL_MS, DEFAULT_LEAGUE_ID, TEAM_MATCH_WINDOW_MONTHS } from '../../shared/constants.ts';
import { LEAGUE_CATALOGUE, cataloguePosition } from '../../shared/football/leagues.ts';
import type {
  HeadToHead,
  LeagueOption,
  MatchDetail,
  MatchSummary,
  PredictedMatch,
  Prediction,
  StandingsTable,
} from '../../shared/football/types.ts';
import { monthsBefore, wibDayStart } from '../../shared/football/dates.ts';
import { wibDateKey } from '../../shared/format.ts';
import { and } from 'drizzle-orm';
import { createMemo } from './memo.ts';
import * as q from './queries.ts';
import { SITEMAP_MAX_URLS, tablePaths } from './sitemap.ts';

/** Leagues whose next matches fill the home page's popular-match carousel. */
export const POPULAR_LEAGUES = [152, 302, 207, 175, 168, 3, 28];
const POPULAR_COUNT = 10;
const INCOMING_DAYS = 7;
const INCOMING_MAX = 100;
const INCOMING_FALLBACK = 20;
const H2H_COUNT = 10;

/** Calls a provider makes when a page asks about one match (apifootball.com); none for embedded data. */
export interface OnDemandSource {
  refreshMatch(match: { externalId: string }): Promise<void>;
  refreshHeadToHead(match: { externalId: string; homeKey: string; awayKey: string }): Promise<void>;
  refreshPrediction(match: { externalId: string }): Promise<void>;
}

export interface FootballServiceOptions {
  now?: () => Date;
  onDemand?: OnDemandSource;
  /** How long a page waits for one on-demand call (ON_DEMAND_WAIT_MS by default). */
  onDemandWaitMs?: number;
  /**
   * Which of a league's stored seasons (newest first) pages offer; all of them by default. The
   * apifootball.com source leaves out a past season its history backfill has not finished.
   */
  listedSeasons?: (leagueId: number, seasons: string[]) => Promise<string[]>;
  /**
   * Whether the stored results hold a season from its start, so that a table computed from them is
   * whole; always by default. With apifootball.com, a league the provider publishes no table for
   * shows none ('Klasemen belum tersedia') until the history reaches back to its season's start
   * (the fixture week alone made a table of two teams with nothing played).
   */
  wholeSeason?: (leagueId: number, season: string) => Promise<boolean>;
}

/**
 * A page waits at most this long for a provider's answer about its match. The call goes on, and
 * what it brings is stored for the next view; a provider that is slow or silent (each call may take
 * 15 s) must not hold the page (a match page took 56 s).
 */
export const ON_DEMAND_WAIT_MS = 2_000;

const byCatalogue = (a: MatchSummary, b: MatchSummary) =>
  cataloguePosition(a.league.id) - cataloguePosition(b.league.id) ||
  a.league.name.localeCompare(b.league.name) ||
  a.kickoffAt.localeCompare(b.kickoffAt) ||
  a.id - b.id;

export function createFootballService(db: Db, opts: FootballServiceOptions = {}) {
  const now = opts.now ?? (() => new Date());
  let onDemand = opts.onDemand;
  const onDemandWait = opts.onDemandWaitMs ?? ON_DEMAND_WAIT_MS;

  /** Runs an on-demand refresh, waiting for it at most onDemandWait; its failure is the provider's, not the page's. */
  async function ask(refresh: Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, onDemandWait);
    });
    await Promise.race([refresh.catch(() => undefined), waited]);
    clearTimeout(timer);
  }

  const leagueCache = createMemo<LeagueOption[]>(CACHE_TTL_MS.leagues, 4);
  const seasonCache = createMemo<string[]>(CACHE_TTL_MS.leagues, 200);
  const standingsCache = createMemo<StandingsTable | null>(10 * 60_000, 300);
  const liveCache = createMemo<MatchSummary[]>(15_000, 100);
  const listCache = createMemo<MatchSummary[]>(60_000, 300);
  const popularCache = createMemo<MatchSummary[]>(CACHE_TTL_MS.popularMatches, 1);
  const detailCache = createMemo<MatchDetail | null>(30_000, 500);
  const h2hCache = createMemo<HeadToHead | null>(10 * 60_000, 300);
  // /prediksi and its API read the same few ranges (today, tomorrow, a week) over and over; a refit
  // drops them (onChange → invalidate). Uncached, 50 concurrent visitors queued on PGlite's one
  // connection: 239 req/s with p99 1.07 s, against 858 req/s and p99 183 ms cached (wrk, 20 s).
  const predictionsCache = createMemo<PredictedMatch[]>(60_000, 200);
  const nextPredictionCache = createMemo<string | null>(60_000, 200);
  const sitemapCache = createMemo<string[]>(60 * 60_000, 1);
  const caches = [leagueCache, seasonCache, standingsCache, liveCache, listCache, popularCache, detailCache, h2hCache, predictionsCache, nextPredictionCache, sitemapCache];

  async function seasons(leagueId: number): Promise<string[]> {
    return seasonCache.get(String(leagueId), async () => {
      const stored = await q.seasons(db, leagueId);
      return opts.listedSeasons ? opts.listedSeasons(leagueId, stored) : stored;
    });
  }

  const api = {
    /** The league catalogue, for every league select: "country - league". */
    catalogue(): LeagueOption[] {
      return LEAGUE_CATALOGUE.map(({ id, country, name }) => ({ id, country, name }));
    },

    /** Leagues that have matches in the database, in catalogue order (the standings select). */
    async leaguesWithData(): Promise<LeagueOption[]> {
      return leagueCache.get('data', async () => {
        const rows = await q.leaguesWithData(db);
        return rows
          .sort((a, b) => cataloguePosition(a.id) - cataloguePosition(b.id) || a.name.localeCompare(b.name))
          .map(({ id, country, name }) => ({ id, country, name }));
      });
    },

    seasons,

    /** A league table; the newest season when none is given. Null for an unknown league or season. */
    async standings(leagueId: number, season?: string): Promise<StandingsTable | null> {
      const all = await seasons(leagueId);
      const chosen = season ?? all[0];
      if (!chosen || !all.includes(chosen)) return null;
      return standingsCache.get(`${leagueId}|${chosen}`, async () => {
        const league = await q.league(db, leagueId);
        if (!league) return null;
        const computed = await q.standingsGroups(db, leagueId, chosen, now());
        const whole = computed.source === 'provider' || !opts.wholeSeason || (await opts.wholeSeason(leagueId, chosen));
        const { source, results, tieBreak, deductions, playoffs, unmatchedDecisions, abandoned, notCounted, awarded } = computed;
        const groups = whole ? computed.groups : [];
        return {
          league: { id: league.id, name: league.name, country: league.country, logo: league.logo },
          season: chosen,
          seasons: all,
          groups,
          source,
          ...(results && { results }),
          // The rule a computed table was ordered by, for the page's note.
          ...(tieBreak && { tieBreak }),
          ...(deductions?.length && { deductions }),
          ...(playoffs?.length && { playoffs }),
          ...(unmatchedDecisions && { unmatchedDecisions }),
          ...(abandoned && { abandoned }),
          ...(notCounted?.length && { notCounted }),
          ...(awarded?.length && { awarded }),
        };
      });
    },

    /**
     * What the standings page shows: the leagues with data, and the table of the asked league and
     * season; an unknown season falls back to the league's newest (a GET form keeps the previous
     * league's season when only the league changes).
     */
    async standingsView(requested: number, season?: string) {
      const leagues = await api.leaguesWithData();
      // A league with no data (an old or hand-made link) shows the default one, as a bad id does.
      const leagueId = leagues.some((l) => l.id === requested) ? requested : (leagues.find((l) => l.id === DEFAULT_LEAGUE_ID) ?? leagues[0])?.id ?? requested;
      const all = await seasons(leagueId);
      const chosen = season && all.includes(season) ? season : all[0];
      const table = chosen ? await api.standings(leagueId, chosen) : null;
      return { leagues, leagueId, table };
    },

    /** Matches being played now. */
    async live(leagueId?: number): Promise<MatchSummary[]> {
      return liveCache.get(`live|${leagueId ?? ''}`, async () =>
        (await q.listMatches(db, now(), { where: and(q.where.live(now()), q.where.league(leagueId)), order: 'asc', limit: 300 })).sort(
          byCatalogue,
        ),
      );
    },

    /**
     * Fixtures still to come: those of the next seven days, or, in a break with none, the next few
     * whenever they are.
     */
    async incoming(leagueId?: number): Promise<MatchSummary[]> {
      const t = now();
      const minute = Math.floor(t.getTime() / 60_000);
      return listCache.get(`incoming|${leagueId ?? ''}|${minute}`, async () => {
        const horizon = new Date(wibDayStart(t).getTime() + (INCOMING_DAYS + 1) * 86_400_000);
        const soon = await q.listMatches(db, t, {
          where: and(q.where.upcoming(t), q.where.between(new Date(t.getTime() - q.UNTIMED_DAY_MS), horizon), q.where.league(leagueId)),
          order: 'asc',
          limit: INCOMING_MAX,
        });
        if (soon.length) return soon;
        return q.listMatches(db, t, {
          where: and(q.where.upcoming(t), q.where.league(leagueId)),
          order: 'asc',
          limit: INCOMING_FALLBACK,
        });
      });
    },

    /** Every match of one WIB calendar day (YYYY-MM-DD). */
    async byDate(date: string, leagueId?: number): Promise<MatchSummary[]> {
      const from = wibDayStart(date);
      const to = new Date(from.getTime() + 86_400_000);
      return listCache.get(`date|${date}|${leagueId ?? ''}`, async () =>
        (
          await q.listMatches(db, now(), { where: and(q.where.between(from, to), q.where.league(leagueId)), order: 'asc', limit: 500 })
        ).sort(byCatalogue),
      );
    },

    /** The next matches of the major leagues (home carousel); cached one hour as the spec says. */
    async popular(): Promise<MatchSummary[]> {
      return popularCache.get('popular', async () => {
        const t = now();
        return q.listMatches(db, t, {
          where: and(q.where.upcoming(t), q.where.leagues(POPULAR_LEAGUES)),
          order: 'asc',
          limit: POPULAR_COUNT,
        });
      });
    },

    async match(id: number): Promise<MatchDetail | null> {
      return detailCache.get(String(id), async () => {
        if (onDemand) {
          const keys = await q.matchKeys(db, id);
          if (!keys) return null;
          await ask(onDemand.refreshMatch(keys));
        }
        return q.matchDetail(db, id, now());
      });
    },

    /** What the match page shows: the match, its head-to-head and its stored prediction (null for none). */
    async matchPage(id: number): Promise<{ match: MatchDetail; h2h: HeadToHead; prediction: Prediction | null } | null> {
      const match = await api.match(id);
      if (!match) return null;
      const [h2h, prediction] = await Promise.all([api.headToHead(id), api.prediction(id)]);
      return h2h ? { match, h2h, prediction } : null;
    },

    /**
     * Earlier meetings of the two teams, and each team's last results in the six months (000 §9)
     * before the match, or before now for a match still to come: a team the data lost sight of
     * (relegated out of it, say) shows 'Data tidak ada' instead of results from seasons ago.
     */
    async headToHead(id: number): Promise<HeadToHead | null> {
      return h2hCache.get(String(id), async () => {
        const keys = await q.matchKeys(db, id);
        if (!keys) return null;
        if (onDemand) await ask(onDemand.refreshHeadToHead(keys));
        const t = now();
        const before = keys.kickoffAt.getTime() < t.getTime() ? keys.kickoffAt : t;
        const since = wibDayStart(monthsBefore(wibDateKey(before), TEAM_MATCH_WINDOW_MONTHS));
        const list = (where: ReturnType<typeof and>, from?: Date) =>
          q.listMatches(db, t, { where: and(where, q.where.played(before, from)), order: 'desc', limit: H2H_COUNT });
        const [headToHead, homeLast, awayLast] = await Promise.all([
          list(q.where.pair(keys.homeTeamId, keys.awayTeamId)),
          list(q.where.team(keys.homeTeamId), since),
          list(q.where.team(keys.awayTeamId), since),
        ]);
        return { headToHead, homeLast, awayLast };
      });
    },

    async prediction(id: number): Promise<Prediction | null> {
      // Without a provider to ask, no lookup of the match first (the match page has it already).
      if (!onDemand) return q.prediction(db, id);
      return (await api.matchPrediction(id))?.prediction ?? null;
    },

    /** A match's stored forecast (null while it has none), or null for a match that does not exist. */
    async matchPrediction(id: number): Promise<{ prediction: Prediction | null } | null> {
      const keys = await q.matchKeys(db, id);
      if (!keys) return null;
      if (onDemand) await ask(onDemand.refreshPrediction(keys));
      return { prediction: await q.prediction(db, id) };
    },

    /**
     * Predicted matches between two WIB dates (inclusive), grouped in catalogue order (unlisted
     * leagues last), then by kick-off.
     */
    async predictions(range: { from: string; to: string; leagueId?: number | undefined }): Promise<PredictedMatch[]> {
      const from = wibDayStart(range.from);
      const to = new Date(wibDayStart(range.to).getTime() + 86_400_000);
      return predictionsCache.get(`${range.from}|${range.to}|${range.leagueId ?? ''}`, async () =>
        (await q.predictedMatches(db, now(), from, to, range.leagueId)).sort((a, b) => byCatalogue(a.match, b.match)),
      );
    },

    /**
     * The first WIB date after `after` with a predicted match (of one league), or null: where an
     * empty /prediksi day sends the visitor on (the home page's link to /prediksi shows today,
     * which a week between match days leaves empty).
     */
    async nextPredictionDate(after: string, leagueId?: number): Promise<string | null> {
      return nextPredictionCache.get(`${after}|${leagueId ?? ''}`, async () => {
        const kickoff = await q.nextPredictedKickoff(db, new Date(wibDayStart(after).getTime() + 86_400_000), leagueId);
        return kickoff ? wibDateKey(kickoff) : null;
      });
    },

    /** /prediksi: the predicted matches of a range and, when it has none, the next day that has some. */
    async predictionsPage(range: { from: string; to: string; leagueId?: number | undefined }): Promise<{ items: PredictedMatch[]; nextDate: string | null }> {
      const items = await api.predictions(range);
      return { items, nextDate: items.length === 0 ? await api.nextPredictionDate(range.to, range.leagueId) : null };
    },

    /**
     * The addresses /sitemap-football.xml lists: every league table with a season, then match
     * pages, latest kick-off first, up to the sitemap's limit. Kept an hour, or until data changes.
     */
    async sitemapPaths(): Promise<string[]> {
      return sitemapCache.get('all', async () => {
        const leagues = await api.leaguesWithData();
        const tables = tablePaths(await Promise.all(leagues.map(async ({ id }) => ({ id, seasons: await seasons(id) }))));
        const ids = await q.matchIds(db, SITEMAP_MAX_URLS - tables.length);
        return [...tables, ...ids.map((id) => `/match/${id}`)];
      });
    },

    /** Drops every cached answer; called after an import or a sync wrote data. */
    invalidate(): void {
      for (const c of caches) c.clear();
    },

    /** Drops the season lists (and the tables and the sitemap, which carry them): the seasons offered changed. */
    invalidateSeasons(): void {
      seasonCache.clear();
      standingsCache.clear();
      sitemapCache.clear();
    },

    /** The kick-off of the latest match with a result from the data: how far its results go. */
    lastDataResultAt: () => q.lastDataResultAt(db),

    /** Lets the apifootball source attach itself once it exists (it needs this service's invalidate). */
    setOnDemand(source: OnDemandSource | undefined): void {
      onDemand = source;
    },

    now,
  };
  return api;
}

export type FootballService = ReturnType<typeof createFootballService>;
