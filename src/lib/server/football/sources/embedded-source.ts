// The embedded source as the process sees it: import the open data at start when it is not in the
// database yet (or changed), then nothing to keep fresh.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import * as importer from '../importer.ts';
import type { FootballService } from '../service.ts';
import type { FootballSource, PrepareOptions } from './types.ts';

export function createEmbeddedSource(
  db: Db,
  config: Config,
  service: Pick<FootballService, 'invalidate'>,
): FootballSource & { dir: string } {
  const dir = importer.dataDir(config.FOOTBALL_DATA_DIR);
  return {
    name: 'embedded',
    dir,
    /** Imports when needed; returns what happened (boot logs it). The import is always whole. */
    async prepare(opts: PrepareOptions = {}) {
      const report = await importer.importEmbedded(db, dir, { force: opts.force ?? false });
      if (report.status === 'imported') service.invalidate();
      return report;
    },
    async start() {},
    async stop() {},
  };
}
