// Imports the embedded open data into the database: at first start (boot) when the data is not
// imported yet or has changed, and on demand (`npm run football:import`). Skipping is decided by
// a fingerprint of the files and the importer version, stored in football_imports.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { footballImports } from '../db/schema/index.ts';
import { fromProjectRoot } from '../project-root.ts';
import * as embedded from './sources/embedded.ts';
import * as store from './store.ts';
import type { PrepareReport, StoreResult } from './sources/types.ts';

/** FOOTBALL_DATA_DIR resolved against the project root (where package.json is). */
export function dataDir(configured: string): string {
  return fromProjectRoot(configured);
}

export interface ImportReport extends PrepareReport {
  status: 'imported' | 'unchanged' | 'missing';
  dir: string;
  ms: number;
  result?: Omit<StoreResult, 'standings' | 'predictions'> & { matches: number };
  notes?: Record<string, number>;
}

export async function storedFingerprint(db: Db): Promise<string | undefined> {
  const [row] = await db.select().from(footballImports).where(eq(footballImports.source, 'embedded'));
  return row?.fingerprint;
}

/**
 * Imports when the data changed since the last import (or `force`). The whole import is one
 * transaction: an interrupted import leaves the previous data and no fingerprint behind.
 */
export async function importEmbedded(db: Db, dir: string, opts: { force?: boolean } = {}): Promise<ImportReport> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (!(await embedded.isAvailable(dir))) return { status: 'missing', dir, ms: elapsed() };
  if (!opts.force) {
    const [current, stored] = await Promise.all([embedded.fingerprint(dir), storedFingerprint(db)]);
    if (current === stored) return { status: 'unchanged', dir, ms: elapsed() };
  }
  const { batch, fingerprint, notes } = await embedded.load(dir);
  const result = await db.transaction(async (tx) => {
    const r = await store.write(tx as unknown as Db, batch);
    const summary = {
      leagues: r.leagues,
      teams: r.teams,
      matchesInserted: r.matchesInserted,
      matchesUpdated: r.matchesUpdated,
      matches: batch.matches.length,
    };
    await tx
      .insert(footballImports)
      .values({ source: 'embedded', fingerprint, summary })
      .onConflictDoUpdate({ target: footballImports.source, set: { fingerprint, summary, importedAt: new Date() } });
    return summary;
  });
  return { status: 'imported', dir, ms: elapsed(), result, notes };
}
