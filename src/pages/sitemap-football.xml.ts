import type { APIRoute } from 'astro';
import { sitemapXml } from '../lib/server/football/sitemap.ts';

// The league tables and match pages (src/lib/server/football/sitemap.ts), from the database; the
// sitemap index (@astrojs/sitemap, astro.config.mjs) names this file beside the built pages' one.
export const prerender = false;

export const GET: APIRoute = async ({ locals, site }) => {
  const paths = await locals.services!.football.sitemapPaths();
  return new Response(sitemapXml(site!, paths), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
