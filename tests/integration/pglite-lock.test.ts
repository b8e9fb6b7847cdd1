import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import * as dbClient from '../../src/lib/server/db/client.ts';

const run = promisify(execFile);
const clientModule = path.resolve('src/lib/server/db/client.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-lock-'));

function openInChild() {
  const code = `import { open } from ${JSON.stringify(clientModule)};
const d = await open({ pgliteDir: ${JSON.stringify(dir)} });
await d.close();
console.log('opened');`;
  return run(process.execPath, ['--input-type=module', '-e', code]);
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
});
