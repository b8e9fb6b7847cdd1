// One database handle for the whole process: PGlite (embedded) when no DATABASE_URL is set,
// node-postgres otherwise. Both speak the same Drizzle schema.
import fs from 'node:fs';
import os from 'node:os';
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
  /** PGlite data directory, or 'memory://' for a throw-away in-memory database. */
  pgliteDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL's statement_timeout (STATEMENT_TIMEOUT_MS); tests shorten it. */
  statementTimeoutMs?: number;
}

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/** The owner of a data directory's lock refreshes the lock file's time this often ... */
const LOCK_BEAT_MS = 10_000;
/** ... and a lock from another host or container is taken over once this much older. */
const LOCK_STALE_MS = 60_000;

interface LockOwner {
  pid: number;
  /** Host name and pid namespace: where `pid` means something. Absent in a lock of the older plain-pid form. */
  host?: string;
  ns?: string;
  /** The owner's start time (/proc/<pid>/stat), which tells it from a later process with its pid. */
  start?: string;
}

/** This process's pid namespace ('pid:[4026531836]'); '' where /proc does not say. */
function pidNamespace(): string {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}

/** When `pid` started, in clock ticks after boot (field 22 of /proc/<pid>/stat); undefined where /proc does not say. */
function startOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function readOwner(lockPath: string): LockOwner | undefined {
  const text = fs.readFileSync(lockPath, 'utf8').trim();
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const o = JSON.parse(text) as Partial<LockOwner>;
    return typeof o.pid === 'number' ? (o as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite is single-writer: two processes on one directory each keep their own WAL and silently lose
 * each other's writes. A lock file names its owner (pid, host, pid namespace, start time) and is
 * kept fresh while the owner runs. A lock is taken over when its owner is gone: on this host and
 * in this pid namespace, when no process with that pid and start time runs (a pid reused by
 * another process does not count); from another host or container, whose pids mean nothing here,
 * when it has not been refreshed for LOCK_STALE_MS.
 */
function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'gelora.lock');
  const me: LockOwner = { pid: process.pid, host: os.hostname(), ns: pidNamespace() };
  const myStart = startOf(process.pid);
  if (myStart) me.start = myStart;
  const mine = JSON.stringify(me);
  const tryCreate = (): boolean => {
    try {
      fs.writeFileSync(lockPath, mine, { flag: 'wx' });
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
  };
  if (!tryCreate()) {
    const owner = readOwner(lockPath);
    const here = owner && (owner.host === undefined || (owner.host === me.host && owner.ns === me.ns));
    const held = !owner
      ? false
      : here
        ? owner.pid !== process.pid && isAlive(owner.pid) && (owner.start === undefined || startOf(owner.pid) === owner.start)
        : Date.now() - fs.statSync(lockPath).mtimeMs < LOCK_STALE_MS;
    if (owner && held) {
      const where = here ? `process ${owner.pid}` : `process ${owner.pid} on ${owner.host} (another host or container)`;
      throw new DatabaseLockedError(
        `The embedded database at ${path.resolve(dir)} is already open in ${where}. ` +
          'PGlite allows one process only: stop that process, or set DATABASE_URL to use PostgreSQL.',
      );
    }
    fs.rmSync(lockPath, { force: true });
    if (!tryCreate()) throw new DatabaseLockedError(`Could not lock ${path.resolve(dir)}: another process took it.`);
  }
  // Kept fresh, so that a process in another container can tell a live lock from a stale one.
  const beat = setInterval(() => {
    try {
      const now = new Date();
      fs.utimesSync(lockPath, now, now);
    } catch {
      /* gone: release() or the directory was removed */
    }
  }, LOCK_BEAT_MS);
  beat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(beat);
    try {
      if (fs.readFileSync(lockPath, 'utf8').trim() === mine) fs.rmSync(lockPath, { force: true });
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
  const inMemory = opts.pgliteDir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireLock(opts.pgliteDir);
  try {
    const client = inMemory ? new PGlite() : new PGlite(opts.pgliteDir);
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
    // PGlite's own words for an unreadable or read-only directory are 'Aborted()' or 'failed to initialize'.
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(
      `Could not open the embedded database at ${path.resolve(opts.pgliteDir)} (${reason}). ` +
        'Check that this user can read and write the directory, or set PGLITE_DIR or DATABASE_URL.',
      { cause: err },
    );
  }
}
