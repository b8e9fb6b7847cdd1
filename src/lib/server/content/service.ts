// Promotions, lobby banners, contact channels and alternative links: cached reads for the public
// pages (lifetimes from 000 §9), and the back office's writes. Each write runs in one transaction
// with its audit entry, and drops the matching cache as soon as it commits, so the next visitor
// sees the change.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hasSqlState, SQL_STATE } from '../db/sql-state.ts';
import {
  altLinks,
  banners,
  contactChannels,
  promotions,
  siteSettings,
  type AltLink,
  type Banner,
  type ContactChannel,
  type Promotion,
  type SiteSettings,
} from '../db/schema/index.ts';
import { createCache } from '../cache.ts';
import { liveChatProvider } from '../../shared/live-chat.ts';
import * as sanitize from '../sanitize.ts';
import * as audit from '../admin/audit.ts';
import { ChannelTargetRequiredError, HtmlTooLongError, NotFoundError, OwnerOnlyFieldsError, SlotTakenError } from '../admin/errors.ts';
import { checkVersion, savedAt } from '../admin/edit-version.ts';
import type { SettingsService } from './settings.ts';
import { plainText } from './text.ts';
import { CACHE_TTL_MS } from '../../shared/constants.ts';
import {
  HTML_MAX,
  type AltLinkInput,
  type BannerInput,
  type ChannelInput,
  type PromotionInput,
  type SettingsInput,
} from '../../shared/schemas/content.ts';

export interface PublicPromotion {
  id: number;
  slot: number;
  imageUrl: string;
  title: string;
  /** Sanitised again on the way out. */
  descriptionHtml: string;
  /** The description as plain text (for the collapsed summary). */
  descriptionText: string;
}

export interface PublicBanner {
  id: number;
  imageUrl: string;
  /** What the image says; empty when the back office gave none. */
  altText: string;
}

export interface PublicChannel {
  id: number;
  kind: string;
  label: string;
  active: boolean;
  /** Only for an active channel: a switched-off channel's address is not published. */
  targetUrl: string;
}

const CONTACT_KINDS = new Set(['livechat', 'whatsapp', 'telegram', 'line', 'email', 'skype']);
const HOME_KINDS = new Set(['livechat', 'whatsapp', 'telegram', 'line', 'facebook', 'instagram', 'tiktok']);

/** Where a channel of this kind is shown while it is on: the home page, /kontak, or both (the back office says so). */
export function channelPlaces(kind: string): ('home' | 'contact')[] {
  return [...(HOME_KINDS.has(kind) ? (['home'] as const) : []), ...(CONTACT_KINDS.has(kind) ? (['contact'] as const) : [])];
}

/** What /kontak lists (001 §2 Contact): live chat, WhatsApp, Telegram, Line, e-mail and Skype, each only while it is on. */
export function contactPageChannels(channels: readonly PublicChannel[]): PublicChannel[] {
  return channels.filter((c) => c.active && CONTACT_KINDS.has(c.kind));
}

/** The home page's login-box shortcuts (000 §2): live chat, WhatsApp, Telegram, Line and the social links, switched-off ones included. */
export function homeChannels(channels: readonly PublicChannel[]): PublicChannel[] {
  return channels.filter((c) => HOME_KINDS.has(c.kind));
}

export interface PublicAltLink {
  id: number;
  name: string;
  url: string;
}

/**
 * HTML fields sanitised, as they will be stored: refused, each field that is, when longer than its
 * limit (sanitising lengthens a text), so the stored text, which the form shows back, passes the
 * form's own check when saved again.
 */
function cleaned<F extends keyof typeof HTML_MAX>(fields: Record<F, [html: string, clean: (html: string) => string]>): Record<F, string> {
  const out = {} as Record<F, string>;
  const over = [];
  for (const field of Object.keys(fields) as F[]) {
    const [html, clean] = fields[field];
    out[field] = clean(html);
    if (out[field].length > HTML_MAX[field]) over.push({ field, max: HTML_MAX[field], length: out[field].length });
  }
  if (over.length) throw new HtmlTooLongError(over);
  return out;
}

/** The settings only the owner may change (settings.integrations). */
const INTEGRATIONS = ['liveChatId', 'metaTagsHtml'] as const;

// Only the editable columns: ids and timestamps never come from a caller. HTML is sanitised here,
// before it reaches the database.
const promotionValues = (i: PromotionInput) => ({
  slot: i.slot,
  imageUrl: i.imageUrl,
  title: i.title,
  ...cleaned({ descriptionHtml: [i.descriptionHtml, sanitize.richText] }),
});
const bannerValues = (i: BannerInput) => ({ imageUrl: i.imageUrl, altText: i.altText, active: i.active, position: i.position });
const altLinkValues = (i: AltLinkInput) => ({ name: i.name, url: i.url, position: i.position });

function settingsSnapshot(row: SiteSettings) {
  const { updatedAt: _updatedAt, ...rest } = row;
  return rest;
}

export function createContentService(db: Db, settings: SettingsService) {
  const cache = {
    promotions: createCache<PublicPromotion[]>(CACHE_TTL_MS.content),
    banners: createCache<PublicBanner[]>(CACHE_TTL_MS.content),
    channels: createCache<PublicChannel[]>(CACHE_TTL_MS.content),
    altLinks: createCache<PublicAltLink[]>(CACHE_TTL_MS.altLinks),
  };

  const admin = {
    promotions: () => db.select().from(promotions).orderBy(asc(promotions.slot)),
    banners: () => db.select().from(banners).orderBy(asc(banners.position), asc(banners.id)),
    channels: () => db.select().from(contactChannels).orderBy(asc(contactChannels.position), asc(contactChannels.id)),
    altLinks: () => db.select().from(altLinks).orderBy(asc(altLinks.position), asc(altLinks.id)),
    async settings(): Promise<SiteSettings | undefined> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
      return row;
    },
  };

  async function one<T>(rows: Promise<T[]>): Promise<T> {
    const [row] = await rows;
    if (!row) throw new NotFoundError();
    return row;
  }

  const publicPromotions = (): Promise<PublicPromotion[]> =>
    cache.promotions.get(async () =>
      (await admin.promotions()).map((p) => {
        const descriptionHtml = sanitize.richText(p.descriptionHtml);
        return {
          id: p.id,
          slot: p.slot,
          imageUrl: p.imageUrl,
          title: p.title,
          descriptionHtml,
          descriptionText: plainText(descriptionHtml),
        };
      }),
    );
  const publicBanners = (): Promise<PublicBanner[]> =>
    cache.banners.get(async () =>
      (await admin.banners()).filter((b) => b.active).map((b) => ({ id: b.id, imageUrl: b.imageUrl, altText: b.altText })),
    );
  /**
   * On for visitors: switched on and with somewhere to go. Live chat goes to the widget the settings'
   * live chat id names ('Kosongkan untuk mematikan live chat', the settings form says); any other
   * channel to its address (a row saved before updateChannel refused one without has none).
   */
  const usable = (c: ContactChannel, liveChatOn: boolean) => c.active && (c.kind === 'livechat' ? liveChatOn : c.targetUrl !== '');
  const publicChannels = (): Promise<PublicChannel[]> =>
    cache.channels.get(async () => {
      const [site, rows] = await Promise.all([settings.get(), admin.channels()]);
      const liveChatOn = liveChatProvider(site.liveChatId) !== null;
      return rows.map((c) => ({
        id: c.id,
        kind: c.kind,
        label: c.label,
        active: usable(c, liveChatOn),
        targetUrl: usable(c, liveChatOn) ? c.targetUrl : '',
      }));
    });
  const publicAltLinks = (): Promise<PublicAltLink[]> =>
    cache.altLinks.get(async () => (await admin.altLinks()).map((l) => ({ id: l.id, name: l.name, url: l.url })));

  return {
    // ---- public, cached -------------------------------------------------------------------
    promotions: publicPromotions,
    banners: publicBanners,
    channels: publicChannels,
    altLinks: publicAltLinks,

    /** Everything the home page shows, in one call (all cached). */
    async home() {
      const [site, promos, channels, links] = await Promise.all([
        settings.get(),
        publicPromotions(),
        publicChannels(),
        publicAltLinks(),
      ]);
      return { settings: site, promotions: promos, channels, altLinks: links };
    },

    // ---- back office: reads (uncached, complete) ------------------------------------------
    admin,

    // ---- back office: writes --------------------------------------------------------------
    /**
     * HTML fields are sanitised here, before they reach the database. The live-chat id and the meta
     * tags left out of `input` stay as stored; without `integrations` (the caller's
     * settings.integrations, always said) a change to either is refused, OwnerOnlyFieldsError, and
     * an unchanged one is not written either.
     */
    async updateSettings(actor: audit.Actor, input: SettingsInput, version: number | undefined, opts: { integrations: boolean }): Promise<SiteSettings> {
      const article: [string, (html: string) => string] = [input.articleHtml, sanitize.richText];
      // Both HTML fields in one call, so a refusal names every field that grew too long.
      const { articleHtml, metaTagsHtml } = cleaned({ articleHtml: article, metaTagsHtml: [input.metaTagsHtml ?? '', sanitize.metaTags] });
      const asked = {
        ...(input.liveChatId !== undefined && { liveChatId: input.liveChatId }),
        ...(input.metaTagsHtml !== undefined && { metaTagsHtml }),
      };
      const content = { siteName: input.siteName, logoUrl: input.logoUrl, runningText: input.runningText, appDownloadUrl: input.appDownloadUrl, articleHtml };
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
        checkVersion(before, version);
        // Without the permission, the two are not written at all: a change is refused, and the
        // same value sent back (the stored one) is left as it is stored.
        if (!opts.integrations) {
          const changed = INTEGRATIONS.filter((k) => asked[k] !== undefined && asked[k] !== (before?.[k] ?? ''));
          if (changed.length) throw new OwnerOnlyFieldsError(changed);
        }
        const values = opts.integrations ? { ...content, ...asked } : content;
        const [after] = await tx
          .insert(siteSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, updatedAt: savedAt(before) } })
          .returning();
        await audit.record(tx, actor, {
          action: 'settings.update',
          target: 'settings',
          before: before ? settingsSnapshot(before) : null,
          after: settingsSnapshot(after!),
        });
        return after!;
      });
      settings.invalidate();
      cache.channels.clear(); // whether live chat is on follows its id
      return row;
    },

    async createPromotion(actor: audit.Actor, input: PromotionInput): Promise<Promotion> {
      const values = promotionValues(input);
      try {
        const row = await db.transaction(async (tx) => {
          const [after] = await tx.insert(promotions).values(values).returning();
          await audit.record(tx, actor, { action: 'promotion.create', target: `promotion:${after!.id}`, after });
          return after!;
        });
        cache.promotions.clear();
        return row;
      } catch (err) {
        if (hasSqlState(err, SQL_STATE.uniqueViolation)) throw new SlotTakenError(input.slot);
        throw err;
      }
    },

    async updatePromotion(actor: audit.Actor, id: number, input: PromotionInput, version?: number): Promise<Promotion> {
      const values = promotionValues(input);
      try {
        const row = await db.transaction(async (tx) => {
          const before = await one(tx.select().from(promotions).where(eq(promotions.id, id)).for('update'));
          checkVersion(before, version);
          const [after] = await tx.update(promotions).set({ ...values, updatedAt: savedAt(before) }).where(eq(promotions.id, id)).returning();
          await audit.record(tx, actor, { action: 'promotion.update', target: `promotion:${id}`, before, after });
          return after!;
        });
        cache.promotions.clear();
        return row;
      } catch (err) {
        if (hasSqlState(err, SQL_STATE.uniqueViolation)) throw new SlotTakenError(input.slot);
        throw err;
      }
    },

    async deletePromotion(actor: audit.Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await one(tx.delete(promotions).where(eq(promotions.id, id)).returning());
        await audit.record(tx, actor, { action: 'promotion.delete', target: `promotion:${id}`, before });
      });
      cache.promotions.clear();
    },

    async createBanner(actor: audit.Actor, input: BannerInput): Promise<Banner> {
      const row = await db.transaction(async (tx) => {
        const [after] = await tx.insert(banners).values(bannerValues(input)).returning();
        await audit.record(tx, actor, { action: 'banner.create', target: `banner:${after!.id}`, after });
        return after!;
      });
      cache.banners.clear();
      return row;
    },

    async updateBanner(actor: audit.Actor, id: number, input: BannerInput, version?: number): Promise<Banner> {
      const row = await db.transaction(async (tx) => {
        const before = await one(tx.select().from(banners).where(eq(banners.id, id)).for('update'));
        checkVersion(before, version);
        const [after] = await tx.update(banners).set({ ...bannerValues(input), updatedAt: savedAt(before) }).where(eq(banners.id, id)).returning();
        await audit.record(tx, actor, { action: 'banner.update', target: `banner:${id}`, before, after });
        return after!;
      });
      cache.banners.clear();
      return row;
    },

    async deleteBanner(actor: audit.Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await one(tx.delete(banners).where(eq(banners.id, id)).returning());
        await audit.record(tx, actor, { action: 'banner.delete', target: `banner:${id}`, before });
      });
      cache.banners.clear();
    },

    /** Channels keep their spec ids: they are edited and switched, never created or deleted. */
    async updateChannel(actor: audit.Actor, id: number, input: ChannelInput, version?: number): Promise<ContactChannel> {
      const row = await db.transaction(async (tx) => {
        const before = await one(tx.select().from(contactChannels).where(eq(contactChannels.id, id)).for('update'));
        checkVersion(before, version);
        // Switched on without an address, its link on the pages would lead nowhere.
        if (input.active && input.targetUrl === '' && before.kind !== 'livechat') throw new ChannelTargetRequiredError();
        const [after] = await tx
          .update(contactChannels)
          // Live chat opens the widget the settings name: an address would be kept and never used.
          .set({ label: input.label, targetUrl: before.kind === 'livechat' ? '' : input.targetUrl, active: input.active, updatedAt: savedAt(before) })
          .where(eq(contactChannels.id, id))
          .returning();
        await audit.record(tx, actor, { action: 'channel.update', target: `channel:${id}`, before, after });
        return after!;
      });
      cache.channels.clear();
      return row;
    },

    async createAltLink(actor: audit.Actor, input: AltLinkInput): Promise<AltLink> {
      const row = await db.transaction(async (tx) => {
        const [after] = await tx.insert(altLinks).values(altLinkValues(input)).returning();
        await audit.record(tx, actor, { action: 'altlink.create', target: `altlink:${after!.id}`, after });
        return after!;
      });
      cache.altLinks.clear();
      return row;
    },

    async updateAltLink(actor: audit.Actor, id: number, input: AltLinkInput, version?: number): Promise<AltLink> {
      const row = await db.transaction(async (tx) => {
        const before = await one(tx.select().from(altLinks).where(eq(altLinks.id, id)).for('update'));
        checkVersion(before, version);
        const [after] = await tx.update(altLinks).set({ ...altLinkValues(input), updatedAt: savedAt(before) }).where(eq(altLinks.id, id)).returning();
        await audit.record(tx, actor, { action: 'altlink.update', target: `altlink:${id}`, before, after });
        return after!;
      });
      cache.altLinks.clear();
      return row;
    },

    async deleteAltLink(actor: audit.Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await one(tx.delete(altLinks).where(eq(altLinks.id, id)).returning());
        await audit.record(tx, actor, { action: 'altlink.delete', target: `altlink:${id}`, before });
      });
      cache.altLinks.clear();
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
