// The command-line scripts end on an error an operator can act on (a bad setting, the server holding
// the embedded database, a directory that cannot be written, a database that is not there) with one
// line and exit code 1: a stack trace only buried the message. LOG_LEVEL=debug adds the stack.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-cli-'));

/** Runs `npm run <script>`'s command (without npm), with `env` over settings that leave a developer's .env out. */
function script(file: string, env: NodeJS.ProcessEnv, args: string[] = []) {
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: '',
    PGLITE_DIR: fs.mkdtempSync(path.join(tmp, 'db-')),
    LOG_LEVEL: 'warn',
    JWT_SECRET: '',
    FOOTBALL_CLOCK: '',
    APIFOOTBALL_KEY: '',
    ...env,
  };
  return run(process.execPath, ['--liftoff-only', `scripts/${file}`, ...args], { env: full, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

describe('command-line scripts on an expected error', { timeout: 90_000 }, () => {
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('print a bad setting in one line', async () => {
    const res = await script('db-migrate.ts', { JWT_SECRET: 'pendek' });
    expect(res).toMatchObject({ code: 1, stderr: 'ConfigError: JWT_SECRET must be at least 32 characters\n' });
  });

  it('print in one line that the server has the embedded database open', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'locked-'));
    // This test's process holds the lock, as a running server would.
    const stat = fs.readFileSync(`/proc/${process.pid}/stat`, 'utf8');
    const owner = { pid: process.pid, host: os.hostname(), ns: fs.readlinkSync('/proc/self/ns/pid'), start: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] };
    fs.writeFileSync(path.join(dir, 'gelora.lock'), JSON.stringify(owner));
    const res = await script('admin-create.ts', { PGLITE_DIR: dir }, ['operator01']);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(new RegExp(`^DatabaseLockedError: The embedded database at ${dir} is already open in process ${process.pid}\\. [^\\n]*\\n$`));
  });

  it('print in one line an embedded database directory that cannot be made', async () => {
    const file = path.join(tmp, 'a-file');
    fs.writeFileSync(file, '');
    const res = await script('football-import.ts', { PGLITE_DIR: path.join(file, 'db') });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^DatabaseOpenError: Could not open the embedded database at [^\n]*ENOTDIR[^\n]*\n$/);
  });

  it('print in one line a PostgreSQL server that does not answer', async () => {
    const res = await script('db-seed.ts', { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/gelora' });
    expect(res).toMatchObject({ code: 1, stderr: 'Database unavailable: connect ECONNREFUSED 127.0.0.1:1\n' });
  });

  it.runIf(process.env['DATABASE_URL'])('print in one line a PostgreSQL database that does not exist', async () => {
    const url = new URL(process.env['DATABASE_URL']!);
    url.pathname = `/gelora_missing_${crypto.randomBytes(4).toString('hex')}`;
    const res = await script('db-migrate.ts', { DATABASE_URL: url.href });
    expect(res).toMatchObject({ code: 1, stderr: `Database unavailable: database "${url.pathname.slice(1)}" does not exist\n` });
  });

  it('add the stack with LOG_LEVEL=debug', async () => {
    const res = await script('db-migrate.ts', { JWT_SECRET: 'pendek', LOG_LEVEL: 'debug' });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^ConfigError: JWT_SECRET must be at least 32 characters\n[^]*\n\s+at /);
  });
});
