// `npm start`: builds the site when the build is missing or older than the sources (or was made
// for another SITE_URL), then runs the server in this same process.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { sourceStamp, stampFile } from './build-stamp.ts';

const built = fs.existsSync('dist/server/entry.mjs') && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === sourceStamp();
if (!built) {
  console.log('Building Gelora (first start or sources changed)…');
  // The build writes the new stamp (postbuild.ts).
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
await import('../src/main.ts');
