import { describe, expect, it } from 'vitest';
import { sitemapXml, tablePaths } from '../../src/lib/server/football/sitemap.ts';

describe('the football sitemap', () => {
  it('lists each league table at its canonical address: the latest season without one, earlier ones with theirs', () => {
    expect(
      tablePaths([
        { id: 152, seasons: ['2026-27', '2025-26'] },
        { id: 302, seasons: ['2026-27', '2025-26', '2024-25'] },
        { id: 28, seasons: ['2026'] },
        { id: 999, seasons: [] },
      ]),
    ).toEqual([
      // The Premier League's latest table is /klasemenhome itself, a built page the other sitemap lists.
      '/klasemenhome?league=152&season=2025-26',
      '/klasemenhome?league=302',
      '/klasemenhome?league=302&season=2025-26',
      '/klasemenhome?league=302&season=2024-25',
      '/klasemenhome?league=28',
    ]);
  });

  it('writes absolute addresses on the site, with the query string escaped for XML', () => {
    const xml = sitemapXml(new URL('https://gelora.example'), ['/klasemenhome?league=302&season=2025-26', '/match/7']);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>https://gelora.example/klasemenhome?league=302&amp;season=2025-26</loc></url>\n' +
        '<url><loc>https://gelora.example/match/7</loc></url>\n' +
        '</urlset>\n',
    );
  });
});
