import type { APIRoute } from 'astro';

export const prerender = true;

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site);
  const body = [
    'User-agent: *',
    'Allow: /',
    // Member and back-office pages are private; the API is not for crawlers.
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /lobby',
    'Disallow: /setting',
    '',
    `Sitemap: ${sitemap.href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
