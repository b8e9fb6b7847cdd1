// The build's stamp: a hash of what the build is made from (the sources' names, sizes and times, and
// SITE_URL, which the build writes into canonical links, robots.txt and the sitemap). `npm run build`
// runs this file first, which takes the stamp before anything is built (a file saved during the
// build then makes the stamp stale, not the build), and postbuild.ts puts it beside the finished
// build. `npm start` builds again only when the stamp no longer matches.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const inputs = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
export const stampFile = path.resolve('dist/.build-stamp');
/** The stamp taken as a build starts (astro build empties dist/, so it waits outside). */
export const pendingStampFile = path.resolve('node_modules/.cache/gelora/build-stamp');

export function sourceStamp(): string {
  const hash = crypto.createHash('sha256');
  const visit = (p: string) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const child of fs.readdirSync(p).sort()) visit(path.join(p, child));
    else hash.update(`${p}:${st.size}:${st.mtimeMs}\n`);
  };
  inputs.forEach(visit);
  hash.update(`SITE_URL=${process.env['SITE_URL'] ?? ''}\n`);
  return hash.digest('hex');
}

if (import.meta.main) {
  // Run by `npm run build` by hand too: SITE_URL from .env, as astro.config.mjs reads it.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  fs.mkdirSync(path.dirname(pendingStampFile), { recursive: true });
  fs.writeFileSync(pendingStampFile, sourceStamp());
}
