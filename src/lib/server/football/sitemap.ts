// The football pages a search engine may index, beyond the built pages @astrojs/sitemap lists
// (src/lib/build/sitemap.ts): every league table and every match page. Served at
// /sitemap-football.xml (src/pages/sitemap-football.xml.ts), named in the sitemap index.
import { DEFAULT_LEAGUE_ID } from '../../shared/constants.ts';

/** A sitemap holds at most 50,000 addresses (sitemaps.org); past that the oldest matches are left out. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * The league tables, each at its canonical address (StandingsView.astro): a league's latest season
 * at /klasemenhome?league=…, the default league's at /klasemenhome (a built page, listed there
 * already), every earlier season with its season. A league without a season has no table to list.
 */
export function tablePaths(leagues: readonly { id: number; seasons: readonly string[] }[]): string[] {
  const paths: string[] = [];
  for (const { id, seasons } of leagues) {
    seasons.forEach((season, i) => {
      if (i === 0 && id === DEFAULT_LEAGUE_ID) return;
      const query = new URLSearchParams({ league: String(id) });
      if (i > 0) query.set('season', season);
      paths.push(`/klasemenhome?${query}`);
    });
  }
  return paths;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A sitemap (urlset) of the given paths on the site's origin. */
export function sitemapXml(site: URL, paths: readonly string[]): string {
  const urls = paths.map((p) => `<url><loc>${new URL(p, site).href.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
