import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { siteSettings, type SiteSettings } from '../db/schema/index.ts';
import * as sanitize from '../sanitize.ts';
import { createCache } from '../cache.ts';
import { CACHE_TTL_MS } from '../../shared/constants.ts';

export type PublicSettings = Pick<
  SiteSettings,
  'siteName' | 'logoUrl' | 'runningText' | 'appDownloadUrl' | 'articleHtml' | 'liveChatId' | 'metaTagsHtml'
>;

/**
 * What the site shows when the row is missing (fresh database before seeding), and on the pages
 * built without a database (offline, 500, maintenance): the site's own logo, as the seed sets it,
 * not the grey placeholder of a broken one.
 */
export const FALLBACK: PublicSettings = {
  siteName: 'Gelora',
  logoUrl: '/logo.svg',
  runningText: '',
  appDownloadUrl: '',
  articleHtml: '',
  liveChatId: '',
  metaTagsHtml: '',
};

export function createSettingsService(db: Db) {
  const cache = createCache<PublicSettings>(CACHE_TTL_MS.settings);

  async function read(): Promise<PublicSettings> {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    if (!row) return FALLBACK;
    // Sanitised when saved; sanitised again here so a row written by hand can't inject script.
    return {
      siteName: row.siteName,
      logoUrl: row.logoUrl,
      runningText: row.runningText,
      appDownloadUrl: row.appDownloadUrl,
      articleHtml: sanitize.richText(row.articleHtml),
      liveChatId: row.liveChatId,
      metaTagsHtml: sanitize.metaTags(row.metaTagsHtml),
    };
  }

  return {
    get: () => cache.get(read),
    /** The settings last read, however old, without asking the database (the busy screen's). */
    lastKnown: (): PublicSettings | undefined => cache.peek(),
    /** Drops the cached copy; the content issue calls it when an admin saves. */
    invalidate: () => cache.clear(),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
