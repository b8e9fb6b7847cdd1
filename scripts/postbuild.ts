// Compresses the build's static files once (brotli and gzip) so the server sends them as they are,
// then stamps the build with what it was made from (build-stamp.ts), so that `npm start` does not
// build it again.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { projectRoot } from '../src/lib/server/project-root.ts';
import { pendingStampFile, stampFile } from './build-stamp.ts';

const clientDir = path.join(projectRoot, 'dist/client');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
let count = 0;
for (const file of fs.readdirSync(clientDir, { recursive: true, encoding: 'utf8' })) {
  const full = path.join(clientDir, file);
  if (!COMPRESSIBLE.test(file) || !fs.statSync(full).isFile()) continue;
  const data = fs.readFileSync(full);
  if (data.length < 1024) continue;
  fs.writeFileSync(
    full + '.br',
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(full + '.gz', zlib.gzipSync(data, { level: 9 }));
  count += 1;
}
console.log(`postbuild: compressed ${count} files in ${clientDir}`);
// The stamp taken when this build started (build-stamp.ts); without one (astro build run alone)
// the build stays unstamped and npm start builds again.
if (fs.existsSync(pendingStampFile)) fs.renameSync(pendingStampFile, stampFile);
