// One database handle for the whole process: PGlite (embedded) when no DATABASE_URL is set,
// node-postgres otherwise. Both speak the same Drizzle schema.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireLock, DatabaseLockedError, DatabaseOpenError, isInMemory, pgliteDir } from './pglite-dir.ts';
import * as schema from './schema/index.ts';

export { DatabaseLockedError, DatabaseOpenError } from './pglite-dir.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  /**
   * Runs `fn` while no other process does the same on this database: the start's migrations, seed
   * and import (two processes starting on one empty PostgreSQL database raced to create the same
   * tables, and one crashed). A PostgreSQL session advisory lock; PGlite has one process anyway.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of exclusive() (any bigint; this one spells 'gelora' in ASCII). */
const BOOT_LOCK_KEY = 0x67656c6f7261n;

/** How long a PostgreSQL connection may take to open before the query fails (the pool's default waits for ever). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long one statement may run on PostgreSQL (statement_timeout, lock waits included) and how long
 * a transaction may sit idle (idle_in_transaction_session_timeout). Without them a query stuck behind
 * another session's lock held its pool connection until that lock went, long after the request had
 * timed out; now it fails with SQLSTATE 57014, which the API answers 503 (api/errors.ts). Nothing the
 * site does takes a second; the start's import takes a few, in many statements. PGlite runs one
 * statement at a time inside this process and has neither setting.
 */
const STATEMENT_TIMEOUT_MS = 30_000;
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory (absolute, or relative to the project root), or 'memory://' for a throw-away in-memory database. */
  pgliteDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL's statement_timeout (STATEMENT_TIMEOUT_MS); tests shorten it. */
  statementTimeoutMs?: number;
}

export async function open(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: opts.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    });
    // A broken idle connection must not crash the process; the next query reconnects.
    pool.on('error', (err) => console.error('[db] idle client error', err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
      // The lock belongs to this one connection's session; the work runs on the pool's others. It
      // waits for another process's whole start, so for as long as that takes: no statement timeout
      // on this connection, which is closed afterwards rather than returned to the pool.
      const client = await pool.connect();
      try {
        await client.query('set statement_timeout = 0');
        await client.query('select pg_advisory_lock($1)', [BOOT_LOCK_KEY.toString()]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [BOOT_LOCK_KEY.toString()]);
        }
      } finally {
        client.release(true);
      }
    };
    return { db, kind: 'postgres', exclusive, close: () => pool.end() };
  }
  const dir = pgliteDir(opts.pgliteDir);
  const inMemory = isInMemory(dir);
  let release = () => {};
  try {
    // Inside the try: a directory that cannot be made or written fails here (EACCES, ENOTDIR), and
    // gets the same advice as one PGlite cannot open.
    if (!inMemory) release = acquireLock(dir);
    const client = inMemory ? new PGlite() : new PGlite(dir);
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      exclusive: (fn) => fn(),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    if (err instanceof DatabaseLockedError) throw err;
    // PGlite's own words for an unreadable or read-only directory are 'Aborted()' or 'failed to initialize'.
    const reason = err instanceof Error ? err.message : String(err);
    throw new DatabaseOpenError(
      `Could not open the embedded database at ${dir} (${reason}). ` +
        'Check that this user can read and write the directory, or set PGLITE_DIR or DATABASE_URL.',
      { cause: err },
    );
  }
}
