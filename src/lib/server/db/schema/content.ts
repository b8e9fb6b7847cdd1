import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Site-wide settings: exactly one row, id = 1. HTML columns hold sanitised HTML only. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    siteName: text('site_name').notNull(),
    logoUrl: text('logo_url').notNull().default(''),
    runningText: text('running_text').notNull().default(''),
    appDownloadUrl: text('app_download_url').notNull().default(''),
    /** Sanitised article HTML (the search-engine article on the home page). */
    articleHtml: text('article_html').notNull().default(''),
    /** Live chat id: a number, or propertyId/widgetId. Empty: no live chat. */
    liveChatId: text('live_chat_id').notNull().default(''),
    /** Sanitised <meta> tags rendered in every page head. */
    metaTagsHtml: text('meta_tags_html').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);

export type SiteSettings = typeof siteSettings.$inferSelect;
