// `npm start`: builds the site when the build is missing or older than the sources (or was made
// for another SITE_URL), then runs the server in this same process.
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const inputs = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
const stampFile = path.resolve('dist/.build-stamp');

function sourceStamp(): string {
  const hash = crypto.createHash('sha256');
  const visit = (p: string) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const child of fs.readdirSync(p).sort()) visit(path.join(p, child));
    else hash.update(`${p}:${st.size}:${st.mtimeMs}\n`);
  };
  inputs.forEach(visit);
  // The build writes SITE_URL into canonical links, robots.txt and the sitemap: a new one rebuilds.
  hash.update(`SITE_URL=${process.env['SITE_URL'] ?? ''}\n`);
  return hash.digest('hex');
}

const stamp = sourceStamp();
const built = fs.existsSync('dist/server/entry.mjs') && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp;
if (!built) {
  console.log('Building Gelora (first start or sources changed)…');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  fs.writeFileSync(stampFile, stamp);
}
await import('../src/main.ts');
