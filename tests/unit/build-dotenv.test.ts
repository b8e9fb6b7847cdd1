// `npm run build` by hand takes SITE_URL from .env as `npm start` does (a variable set in the shell
// wins): astro.config.mjs writes it into the canonical links and the sitemap, and the build stamp
// hashes it, so a build made by hand is not made again by the next start. Each case runs in a
// folder of its own, as the build runs in the project root.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
/** Each case starts three or four Node processes that load the Astro config: seconds on a busy machine. */
const SPAWNS_TIMEOUT_MS = 30_000;
const root = path.resolve('.');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A folder with the given .env (none when undefined), and the environment without SITE_URL. */
function folder(dotenv?: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-dotenv-'));
  dirs.push(dir);
  if (dotenv !== undefined) fs.writeFileSync(path.join(dir, '.env'), dotenv);
  const { SITE_URL: _, ...env } = process.env;
  return { dir, env };
}

async function stamp(dotenv: string | undefined, siteUrl?: string): Promise<string> {
  const { dir, env } = folder(dotenv);
  await run(process.execPath, [path.join(root, 'scripts/build-stamp.ts')], { cwd: dir, env: siteUrl ? { ...env, SITE_URL: siteUrl } : env });
  return fs.readFileSync(path.join(dir, 'node_modules/.cache/gelora/build-stamp'), 'utf8');
}

async function site(dotenv: string | undefined, siteUrl?: string): Promise<string> {
  const { dir, env } = folder(dotenv);
  const config = path.join(root, 'astro.config.mjs');
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', `const c = await import(${JSON.stringify(config)}); console.log(c.default.site)`], {
    cwd: dir,
    env: siteUrl ? { ...env, SITE_URL: siteUrl } : env,
  });
  return stdout.trim();
}

describe('a build run by hand', () => {
  it("takes the site's address from .env, and the shell's over it", async () => {
    expect(await site('SITE_URL=https://gelora.example\n')).toBe('https://gelora.example');
    expect(await site(undefined)).toBe('http://localhost:4321');
    expect(await site('SITE_URL=https://gelora.example\n', 'https://other.example')).toBe('https://other.example');
  }, SPAWNS_TIMEOUT_MS);

  it('stamps the build with the address from .env, as the start that reads .env computes it', async () => {
    const fromFile = await stamp('SITE_URL=https://gelora.example\n');
    expect(fromFile).toBe(await stamp(undefined, 'https://gelora.example'));
    expect(fromFile).not.toBe(await stamp(undefined));
    expect(await stamp('SITE_URL=https://gelora.example\n', 'https://other.example')).toBe(await stamp(undefined, 'https://other.example'));
  }, SPAWNS_TIMEOUT_MS);
});
