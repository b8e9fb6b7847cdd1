// `npm start` (scripts/start.ts) checks what would make the start fail before it builds: a build
// replaces dist/ under a server already running from it (its pages not yet loaded then failed with
// ERR_MODULE_NOT_FOUND), and a bad setting surfaced as Astro's stack traces from inside the build.
// It works from any directory. `npm` is a stand-in here that notes where and how it was run and
// fails, so no test builds anything.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { freePort } from '../support/ports.ts';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve('.');
const startScript = path.join(root, 'scripts/start.ts');

let tmp = '';
let fakeBin = '';
let npmLog = '';

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-start-'));
  fakeBin = path.join(tmp, 'bin');
  npmLog = path.join(tmp, 'npm.log');
  fs.mkdirSync(fakeBin);
  fs.writeFileSync(path.join(fakeBin, 'npm'), `#!/bin/sh\necho "$(pwd) $*" >> '${npmLog}'\nexit 1\n`, { mode: 0o755 });
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs scripts/start.ts as npm start does (without npm), with `env` over settings that leave a developer's .env out. */
async function start(env: NodeJS.ProcessEnv, cwd = root): Promise<{ code: number; stdout: string; stderr: string }> {
  fs.rmSync(npmLog, { force: true });
  const dir = fs.mkdtempSync(path.join(tmp, 'db-'));
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${fakeBin}:${process.env['PATH']}`,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATABASE_URL: '',
    PGLITE_DIR: dir,
    SITE_URL: 'http://127.0.0.1:4321',
    LOG_LEVEL: 'warn',
    FOOTBALL_CLOCK: '',
    APIFOOTBALL_KEY: '',
    TRUST_PROXY: '',
    ...env,
  };
  return run(process.execPath, ['--liftoff-only', startScript], { cwd, env: full, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

const npmRuns = () => (fs.existsSync(npmLog) ? fs.readFileSync(npmLog, 'utf8').trim().split('\n') : []);

describe('npm start', { timeout: 90_000 }, () => {
  it('refuses a port in use in one line, before it builds', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const res = await start({ PORT: String(port) });
      expect(res.code).toBe(1);
      expect(res.stderr).toBe(`ListenError: Port ${port} on 127.0.0.1 is already in use: stop what listens there, or set PORT.\n`);
      expect(res.stdout).not.toContain('Building');
      expect(npmRuns()).toEqual([]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('refuses a bad setting in one line, before it builds', async () => {
    const res = await start({ SITE_URL: 'example.com' });
    expect(res.code).toBe(1);
    expect(res.stderr).toBe('ConfigError: SITE_URL must be an http:// or https:// URL, got "example.com"\n');
    expect(npmRuns()).toEqual([]);
  });

  it('names HOST when it is no address of this machine, before it builds', async () => {
    const res = await start({ HOST: 'bogus.invalid' });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^ListenError: HOST=bogus\.invalid is no address of this machine \(getaddrinfo \w+ bogus\.invalid\): set HOST to one, such as localhost, 0\.0\.0\.0 or ::\.\n$/);
    expect(npmRuns()).toEqual([]);
  });

  it('refuses an embedded database another live process has open, before it builds', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'locked-'));
    // This test's process holds the lock, as a running server would.
    const stat = fs.readFileSync(`/proc/${process.pid}/stat`, 'utf8');
    const owner = { pid: process.pid, host: os.hostname(), ns: fs.readlinkSync('/proc/self/ns/pid'), start: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] };
    fs.writeFileSync(path.join(dir, 'gelora.lock'), JSON.stringify(owner));
    const res = await start({ PGLITE_DIR: dir });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(new RegExp(`^DatabaseLockedError: The embedded database at ${dir} is already open in process ${process.pid}\\. .*DATABASE_URL.*\\n$`));
    expect(npmRuns()).toEqual([]);
  });

  it('builds the project from another working directory (npm read the package.json of that directory)', async () => {
    const elsewhere = fs.mkdtempSync(path.join(tmp, 'cwd-'));
    // A SITE_URL no build was made for: the stamp does not match, so start.ts builds.
    const res = await start({ SITE_URL: 'http://gelora-start-test.invalid:4570' }, elsewhere);
    expect(res.stdout).toContain('Building Gelora');
    expect(npmRuns()).toEqual([`${root} run build`]);
    // The stand-in build failed: so does the start, without a stack of its own.
    expect(res.code).toBe(1);
    expect(res.stderr).toBe('');
  });
});
