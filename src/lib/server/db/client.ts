// One database handle for the whole process: PGlite (embedded) when no DATABASE_URL is set,
// node-postgres otherwise. Both speak the same Drizzle schema.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory, or 'memory://' for a throw-away in-memory database. */
  pgliteDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/**
 * PGlite is single-writer: two processes on one directory each keep their own WAL and silently lose
 * each other's writes. A lock file with the owner's pid guards the directory; a lock left by a dead
 * process is taken over.
 */
function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'gelora.lock');
  const tryCreate = (): boolean => {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
  };
  if (!tryCreate()) {
    const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new DatabaseLockedError(
        `The embedded database at ${path.resolve(dir)} is already open in process ${owner}. ` +
          'PGlite allows one process only: stop that process, or set DATABASE_URL to use PostgreSQL.',
      );
    }
    fs.rmSync(lockPath, { force: true });
    if (!tryCreate()) throw new DatabaseLockedError(`Could not lock ${path.resolve(dir)}: another process took it.`);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.rmSync(lockPath, { force: true });
    } catch {
      /* already gone */
    }
  };
  process.once('exit', release);
  return release;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function open(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // A broken idle connection must not crash the process; the next query reconnects.
    pool.on('error', (err) => console.error('[db] idle client error', err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const inMemory = opts.pgliteDir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireLock(opts.pgliteDir);
  try {
    const client = inMemory ? new PGlite() : new PGlite(opts.pgliteDir);
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
