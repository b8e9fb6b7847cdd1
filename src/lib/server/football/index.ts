// Wires the football domain for one process: the service pages read from, and the source that
// fills the database (apifootball.com when a key is configured, the embedded open data otherwise).
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createFootballService } from './service.ts';
import { createEmbeddedSource } from './sources/embedded-source.ts';
import type { FootballSource } from './sources/types.ts';

export function createFootball(config: Config, db: Db) {
  const service = createFootballService(db);
  const source: FootballSource = createEmbeddedSource(db, config, service);
  return { ...service, source };
}

export type Football = ReturnType<typeof createFootball>;
