// Wires the football domain for one process: the service pages read from, and the source that
// fills the database (apifootball.com when a key is configured, the embedded open data otherwise).
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createFootballService } from './service.ts';
import { createEmbeddedSource } from './sources/embedded-source.ts';
import { createApifootballSource, createClient } from './sources/apifootball.ts';
import * as history from './sources/apifootball-history.ts';
import type { FootballSource } from './sources/types.ts';

/**
 * The football domain's clock: the real one, or with FOOTBALL_CLOCK that instant at `started`,
 * running on from there (the embedded data replayed at a date it covers).
 */
export function footballClock(config: Pick<Config, 'FOOTBALL_CLOCK'>, started = Date.now()): (() => Date) | undefined {
  if (config.FOOTBALL_CLOCK === undefined) return undefined;
  const offset = Date.parse(config.FOOTBALL_CLOCK) - started;
  return () => new Date(Date.now() + offset);
}

export function createFootball(config: Config, db: Db, opts: { now?: () => Date; onDemandWaitMs?: number; prepareWaitMs?: number } = {}) {
  const now = opts.now ?? footballClock(config);
  const service = createFootballService(db, {
    ...(now && { now }),
    ...(opts.onDemandWaitMs !== undefined && { onDemandWaitMs: opts.onDemandWaitMs }),
    ...(config.APIFOOTBALL_KEY && {
      listedSeasons: async (leagueId: number, seasons: string[]) => history.listedSeasons(seasons, await history.loadOne(db, leagueId)),
      wholeSeason: async (leagueId: number, season: string) => history.holdsSeasonStart(season, await history.loadOne(db, leagueId)),
    }),
  });
  // Told when a source wrote new data (the prediction model refits on new results).
  const listeners = new Set<() => void>();
  const onResults = (listener: () => void) => void listeners.add(listener);
  let source: FootballSource;
  if (config.APIFOOTBALL_KEY) {
    const apifootball = createApifootballSource({
      db,
      client: createClient({ key: config.APIFOOTBALL_KEY, baseUrl: config.APIFOOTBALL_URL }),
      onChange: () => {
        service.invalidate();
        for (const listener of listeners) listener();
      },
      onHistory: () => service.invalidateSeasons(),
      predictions: config.PREDICTIONS_SOURCE === 'provider',
      liveTickMs: config.APIFOOTBALL_LIVE_SECONDS * 1000,
      historyMs: config.APIFOOTBALL_HISTORY_SECONDS * 1000,
      ...(opts.prepareWaitMs !== undefined && { prepareWaitMs: opts.prepareWaitMs }),
      ...(now && { now }),
    });
    service.setOnDemand(apifootball);
    source = apifootball;
  } else {
    source = createEmbeddedSource(db, config, service);
  }
  return { ...service, source, onResults };
}

export type Football = ReturnType<typeof createFootball>;
