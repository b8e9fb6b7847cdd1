import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import * as dbClient from '../../src/lib/server/db/client.ts';
import * as pgliteDir from '../../src/lib/server/db/pglite-dir.ts';

const run = promisify(execFile);
const clientModule = path.resolve('src/lib/server/db/client.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-lock-'));

function openInChild(pgliteDir = dir, cwd?: string) {
  const code = `import { open } from ${JSON.stringify(clientModule)};
const d = await open({ pgliteDir: ${JSON.stringify(pgliteDir)} });
await d.close();
console.log('opened');`;
  return run(process.execPath, ['--input-type=module', '-e', code], { cwd });
}

// Each case boots PGlite in a child process: seconds on a loaded 2-core machine.
describe('embedded database lock', { timeout: 90_000 }, () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a second process while the first has the directory open, with a clear message', async () => {
    const first = await dbClient.open({ pgliteDir: dir });
    try {
      const err = await openInChild().then(
        () => undefined,
        (e: { stderr: string }) => e,
      );
      expect(err?.stderr).toMatch(/already open in process \d+/);
      expect(err?.stderr).toMatch(/DATABASE_URL/);
    } finally {
      await first.close();
    }
  });

  it('lets the next process in once the first has closed', async () => {
    const { stdout } = await openInChild();
    expect(stdout.trim()).toBe('opened');
  });

  it('takes over a lock left by a process that died', async () => {
    fs.writeFileSync(path.join(dir, 'gelora.lock'), '999999999');
    const { stdout } = await openInChild();
    expect(stdout.trim()).toBe('opened');
  });

  const lockFile = path.join(dir, 'gelora.lock');
  const here = { host: os.hostname(), ns: fs.readlinkSync('/proc/self/ns/pid') };

  it('takes over a lock whose pid now belongs to another process (a pid reused after a crash)', async () => {
    // This test runner is alive, but it did not start at the time the lock says.
    fs.writeFileSync(lockFile, JSON.stringify({ pid: process.pid, ...here, start: '1' }));
    const { stdout } = await openInChild();
    expect(stdout.trim()).toBe('opened');
  });

  it('refuses a lock from another container while it is kept fresh, and takes it over once it has gone stale', async () => {
    // Another pid namespace (a container on a shared volume): its pid 1 says nothing here.
    fs.writeFileSync(lockFile, JSON.stringify({ pid: 1, host: here.host, ns: 'pid:[1]', start: '5' }));
    const err = await openInChild().then(
      () => undefined,
      (e: { stderr: string }) => e,
    );
    expect(err?.stderr).toMatch(/already open in process 1 on .* \(another host or container\)/);
    const old = new Date(Date.now() - 120_000);
    fs.utimesSync(lockFile, old, old);
    const { stdout } = await openInChild();
    expect(stdout.trim()).toBe('opened');
  });

  it('tells whether another live process holds the lock without taking it or making the directory (npm start asks before it builds)', () => {
    const fresh = path.join(dir, 'not-yet');
    expect(() => pgliteDir.checkUnlocked(fresh)).not.toThrow();
    expect(fs.existsSync(fresh)).toBe(false);
    // The test runner's parent is alive, on this host and in this pid namespace.
    const parentStat = fs.readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const start = parentStat.slice(parentStat.lastIndexOf(')') + 2).split(' ')[19];
    const lock = JSON.stringify({ pid: process.ppid, ...here, start });
    fs.writeFileSync(lockFile, lock);
    try {
      expect(() => pgliteDir.checkUnlocked(dir)).toThrow(pgliteDir.DatabaseLockedError);
      expect(() => pgliteDir.checkUnlocked(dir)).toThrow(`already open in process ${process.ppid}`);
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(lock);
    } finally {
      fs.rmSync(lockFile, { force: true });
    }
    expect(() => pgliteDir.checkUnlocked('memory://')).not.toThrow();
  });

  it('opens a relative PGLITE_DIR in the project root, whatever the working directory', async () => {
    // Started elsewhere, the server made a new, empty database in that directory.
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-cwd-'));
    // Deeper than the project root, so that the relative path read from there names another place.
    const cwd = path.join(elsewhere, 'a/b/c/d');
    fs.mkdirSync(cwd, { recursive: true });
    const target = path.join(dir, 'relative');
    try {
      const { stdout } = await openInChild(path.relative(path.resolve('.'), target), cwd);
      expect(stdout.trim()).toBe('opened');
      expect(fs.existsSync(path.join(target, 'PG_VERSION'))).toBe(true);
      expect(fs.readdirSync(elsewhere, { recursive: true })).toEqual(['a', 'a/b', 'a/b/c', 'a/b/c/d']);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('says which directory it could not make, and what to do, when PGLITE_DIR cannot be written', async () => {
    // A path under a file (ENOTDIR): refused to root as well, unlike a directory without write access.
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, '');
    const err = await dbClient.open({ pgliteDir: path.join(file, 'db') }).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(pgliteDir.DatabaseOpenError);
    expect((err as Error).message).toMatch(/^Could not open the embedded database at .*a-file\/db \(ENOTDIR.*\)\. Check that this user can read and write the directory, or set PGLITE_DIR or DATABASE_URL\.$/);
  });
});
