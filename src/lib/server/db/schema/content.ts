import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

/** Promotions (000 §3 Promo). One promotion per slot; the slot orders them. */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Position 1–6, unique: the site has six promotion slots. */
    slot: integer('slot').notNull().unique('promotions_slot_unique'),
    imageUrl: text('image_url').notNull().default(''),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    descriptionHtml: text('description_html').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('promotions_slot_range', sql`${t.slot} between 1 and 6`)],
);

export type Promotion = typeof promotions.$inferSelect;

/** Lobby banners (001 §3 Banner); only active ones are shown. */
export const banners = pgTable('banners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  imageUrl: text('image_url').notNull(),
  /**
   * The image's text alternative (what the banner says, at most 200 characters). Empty: the lobby
   * names the banner by its place ('Banner 1 dari 3').
   */
  altText: text('alt_text').notNull().default(''),
  active: boolean('active').notNull().default(true),
  /** Display order, ascending. */
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Banner = typeof banners.$inferSelect;

/**
 * Contact and social channels. The set is fixed and keeps the spec's ids (11 live chat, 1 and 2
 * WhatsApp, 3 Telegram, 4 Line, 10 e-mail, 9 Skype; Gelora adds 5 Facebook, 6 Instagram,
 * 7 Tiktok); admins edit the target and switch a channel on or off, they do not add or remove ids.
 */
export const contactChannels = pgTable('contact_channels', {
  id: integer('id').primaryKey(),
  /** livechat | whatsapp | telegram | line | email | skype | facebook | instagram | tiktok */
  kind: text('kind').notNull(),
  label: text('label').notNull(),
  /** Where the channel leads; the live chat channel opens the widget and needs none. */
  targetUrl: text('target_url').notNull().default(''),
  active: boolean('active').notNull().default(false),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ContactChannel = typeof contactChannels.$inferSelect;

/** Alternative site addresses (000 §3 Alternative link). */
export const altLinks = pgTable('alt_links', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AltLink = typeof altLinks.$inferSelect;
