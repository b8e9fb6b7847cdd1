// Astro integration: after a build, writes dist/client/sw.js with the offline page and what it needs
// (precacheList) and a version derived from their contents, so every deploy gets a fresh precache
// and drops the old one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * What the offline page needs, and nothing else: the page, the files it names (its scripts and the
 * modules they import, its images, the manifest and its icons). Every other asset comes from the
 * network and the browser's own cache (`/_astro` files are immutable for a year): precaching the
 * whole build fetched about 60 files, 177 kB, just after a first visit's page had loaded (React, all
 * of Swiper, the back office's scripts), on a phone's slow link.
 */
export function precacheList(dir: string): string[] {
  const clientDir = path.resolve(dir);
  const found = new Set<string>(['/offline']);
  const queue: string[] = [];
  const add = (url: string) => {
    const file = path.join(clientDir, url);
    if (found.has(url) || !file.startsWith(clientDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return;
    found.add(url);
    queue.push(url);
  };
  const offline = fs.readFileSync(path.join(clientDir, 'offline.html'), 'utf8');
  for (const [, url] of offline.matchAll(/(?:src|href)="(\/[^"?#]+\.[a-z0-9]+)"/g)) add(url!);
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    const text = /\.(js|webmanifest)$/.test(url) ? fs.readFileSync(path.join(clientDir, url), 'utf8') : '';
    // A module's imports, static and dynamic ('./x.js', and Vite's preload lists: '_astro/x.js').
    if (url.endsWith('.js')) for (const [, name] of text.matchAll(/["'](?:\.\/|\/?_astro\/)([\w.-]+\.js)["']/g)) add(`${path.posix.dirname(url)}/${name!}`);
    if (url.endsWith('.webmanifest')) for (const icon of (JSON.parse(text) as { icons?: { src: string }[] }).icons ?? []) add(icon.src);
  }
  return [...found].sort();
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
