// The build's stamp: a hash of what the build is made from (the sources' names, sizes and times, and
// SITE_URL, which the build writes into canonical links, robots.txt and the sitemap). `npm run build`
// writes it beside the build (postbuild.ts); `npm start` builds again only when it no longer matches.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const inputs = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
export const stampFile = path.resolve('dist/.build-stamp');

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
