// The embedded database's directory: where PGLITE_DIR points, and the lock that keeps a second
// process out of it. Apart from client.ts (drizzle and PGlite take a second and 250 MB to load), so
// that `npm start` can ask whether the database is open elsewhere before it builds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromProjectRoot } from '../project-root.ts';

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/** The embedded database's directory could not be locked or opened (not writable, not a directory, …). */
export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

/** Whether PGLITE_DIR asks for a throw-away in-memory database. */
export const isInMemory = (dir: string) => dir.startsWith('memory://');

/**
 * PGLITE_DIR as a path: relative to the project root, not to the working directory (a server started
 * from another directory made a new, empty database there). 'memory://' stays as it is.
 */
export function pgliteDir(configured: string): string {
  return isInMemory(configured) ? configured : fromProjectRoot(configured);
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
export function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'gelora.lock');
  const mine = JSON.stringify(lockOwnerHere());
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
    const held = lockHeld(dir);
    if (held) throw held;
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

/** This process as a lock's owner. */
function lockOwnerHere(): LockOwner {
  const me: LockOwner = { pid: process.pid, host: os.hostname(), ns: pidNamespace() };
  const start = startOf(process.pid);
  if (start) me.start = start;
  return me;
}

/** The refusal to open `dir` while another live process holds its lock (acquireLock's rules); undefined when nobody does. */
function lockHeld(dir: string): DatabaseLockedError | undefined {
  const lockPath = path.join(dir, 'gelora.lock');
  let owner: LockOwner | undefined;
  try {
    owner = readOwner(lockPath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  if (!owner) return undefined;
  const me = lockOwnerHere();
  const here = owner.host === undefined || (owner.host === me.host && owner.ns === me.ns);
  const held = here
    ? owner.pid !== process.pid && isAlive(owner.pid) && (owner.start === undefined || startOf(owner.pid) === owner.start)
    : Date.now() - fs.statSync(lockPath).mtimeMs < LOCK_STALE_MS;
  if (!held) return undefined;
  const where = here ? `process ${owner.pid}` : `process ${owner.pid} on ${owner.host} (another host or container)`;
  return new DatabaseLockedError(
    `The embedded database at ${path.resolve(dir)} is already open in ${where}. ` +
      'PGlite allows one process only: stop that process, or set DATABASE_URL to use PostgreSQL.',
  );
}

/**
 * Throws DatabaseLockedError when another live process has the embedded database at `configured`
 * (PGLITE_DIR) open, without creating or taking anything: `npm start` asks before it builds, which
 * would replace dist/ under that process.
 */
export function checkUnlocked(configured: string): void {
  if (isInMemory(configured)) return;
  let held: DatabaseLockedError | undefined;
  try {
    held = lockHeld(pgliteDir(configured));
  } catch {
    // A lock that cannot be read (no access, PGLITE_DIR a file) is open()'s to report, with its advice.
    return;
  }
  if (held) throw held;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
