// The build's stamp: a hash of what the build is made from (the sources' names, sizes and times, and
// SITE_URL, which the build writes into canonical links, robots.txt and the sitemap). `npm run build`
// runs this file first, which takes the stamp before anything is built (a file saved during the
// build then makes the stamp stale, not the build), and postbuild.ts puts it beside the finished
// build. `npm start` builds again only when the stamp no longer matches.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../src/lib/server/project-root.ts';

const inputs = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
/** The finished build's stamp, which `npm start` reads from any working directory. */
export const stampFile = path.join(projectRoot, 'dist/.build-stamp');
/**
 * The stamp taken as a build starts (astro build empties dist/, so it waits outside). Written and
 * read by the build's own steps, which npm runs in the project root, as astro.config.mjs reads .env.
 */
export const pendingStampFile = path.resolve('node_modules/.cache/gelora/build-stamp');

export function sourceStamp(): string {
  const hash = crypto.createHash('sha256');
  // Paths are hashed relative to the project root, as read from any working directory.
  const visit = (p: string) => {
    const full = path.join(projectRoot, p);
    if (!fs.existsSync(full)) return;
    const st = fs.statSync(full);
    if (st.isDirectory()) for (const child of fs.readdirSync(full).sort()) visit(path.join(p, child));
    else hash.update(`${p}:${st.size}:${st.mtimeMs}\n`);
  };
  inputs.forEach(visit);
  hash.update(`SITE_URL=${process.env['SITE_URL'] ?? ''}\n`);
  return hash.digest('hex');
}

if (import.meta.main) {
  // Run by `npm run build` by hand too: SITE_URL from .env, as astro.config.mjs reads it.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  // A bad setting in one line before the build starts (SITE_URL=example.com was Astro's stack
  // traces). Imported here only: the e2e tests import this file for the stamp alone.
  const { exitOnError } = await import('../src/lib/server/fatal.ts');
  const config = await import('../src/lib/server/config.ts');
  try {
    config.load();
  } catch (err) {
    exitOnError(err);
  }
  fs.mkdirSync(path.dirname(pendingStampFile), { recursive: true });
  fs.writeFileSync(pendingStampFile, sourceStamp());
}
