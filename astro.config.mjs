// @ts-check
import fs from 'node:fs';
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { envSchema } from './src/env-schema.ts';
import { pwa } from './src/lib/build/pwa.ts';
import { clientDirectives } from './src/lib/build/directives.ts';
import { inlineScriptHashes } from './src/lib/build/inline-scripts.ts';
import { listedInSitemap } from './src/lib/build/sitemap.ts';

// A build run by hand (`npm run build`, from the project root like every npm script) reads .env as
// `npm start` does; a variable already set wins.
if (fs.existsSync('.env')) process.loadEnvFile('.env');
const site = process.env.SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  // Static-first: pages opt out of prerendering with `export const prerender = false`.
  output: 'static',
  // Pages render whole before they are sent: a component that fails (the database busy, say) then
  // reaches src/middleware.ts and Astro's error screens with its true status. Streamed, the 200 and
  // half a page were already out, and the visitor got 'Internal server error' as plain text.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  integrations: [
    react(),
    clientDirectives(),
    // The league tables and match pages come from the database: src/pages/sitemap-football.xml.ts.
    sitemap({ filter: listedInSitemap, customSitemaps: [new URL('/sitemap-football.xml', site).href] }),
    pwa(),
  ],
  env: { schema: envSchema, validateSecrets: false },
  build: { format: 'file', inlineStylesheets: 'always' },
  trailingSlash: 'never',
  compressHTML: true,
  prefetch: false,
  devToolbar: { enabled: false },
  // No page is Markdown; Shiki's inline styles would break the CSP (and Astro warned of it at every build).
  markdown: { syntaxHighlight: false },
  security: {
    // Nothing to check: no write reaches a page. The Fastify server answers a POST to a page with a
    // 303 to the same page, unread, and any other write method with 405 (mountPages in
    // src/api/server.ts). A page that ever takes a form must get a cross-site check first; Astro's
    // own answers in fixed English text.
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: { hashes: inlineScriptHashes },
    },
  },
});
