// Astro integration: after a build, writes dist/client/sw.js with this build's static assets and a
// version derived from their contents, so every deploy gets a fresh precache and drops the old one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const PRECACHE = /\.(js|css|svg|png|webp|woff2|webmanifest|ico)$/;

export function precacheList(clientDir: string): string[] {
  const files = fs.readdirSync(clientDir, { recursive: true, encoding: 'utf8' });
  return files
    .filter((f) => PRECACHE.test(f) && f !== 'sw.js' && fs.statSync(path.join(clientDir, f)).isFile())
    .map((f) => '/' + f.split(path.sep).join('/'))
    .concat('/offline')
    .sort();
}

export function pwa(): AstroIntegration {
  return {
    name: 'gelora-pwa',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const assets = precacheList(clientDir);
        const hash = crypto.createHash('sha256');
        for (const a of assets) {
          const file = a === '/offline' ? 'offline.html' : a.slice(1);
          hash.update(a).update(fs.readFileSync(path.join(clientDir, file)));
        }
        const version = hash.digest('hex').slice(0, 12);
        const template = fs.readFileSync(new URL('./sw-template.js', import.meta.url), 'utf8');
        const sw = template
          .replace('__VERSION__', JSON.stringify(version))
          .replace('__ASSETS__', JSON.stringify(assets));
        fs.writeFileSync(path.join(clientDir, 'sw.js'), sw);
        logger.info(`sw.js: version ${version}, ${assets.length} assets precached`);
      },
    },
  };
}
