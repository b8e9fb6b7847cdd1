// Inputs of the back office's content screens: one schema each, used by the admin API and its
// service (the forms post JSON built from their fields). Messages come from the catalogue.
import { z } from 'zod';
import { adminValidation as v } from '../messages/index.ts';
import { PROMO_SLOTS } from '../constants.ts';
import { emptyOr, INVALID_TYPE } from './fields.ts';
import { adminRequired, adminText } from './admin-text.ts';

const text = adminText;
const required = adminRequired;

/**
 * The longest text of each plain field of the content forms: the schemas below and the pages'
 * maxlength both read them, so the form stops where the server would refuse.
 */
export const TEXT_MAX = {
  url: 500,
  siteName: 60,
  runningText: 500,
  liveChatId: 100,
  promotionTitle: 100,
  channelLabel: 40,
  altLinkName: 60,
} as const;

const isHttpUrl = (s: string) => /^https?:\/\/[^\s/]+\S*$/i.test(s) && URL.canParse(s);
const isHttpsUrl = (s: string) => isHttpUrl(s) && /^https:/i.test(s);

/** An absolute http(s) address. */
export const httpUrl = required(TEXT_MAX.url).refine(isHttpUrl, v.url);

/**
 * An image: absolute https, or a file of the site itself ('/promo/1.svg'; never '//host', nor
 * '/\host', which browsers read as '//host', so no backslash at all). Not http: the pages' CSP
 * (img-src 'self' data: https:) blocks it, and the image would fall back while the form said saved.
 */
export const imageUrl = text(TEXT_MAX.url).refine((s) => s === '' || isHttpsUrl(s) || /^\/(?!\/)[^\s\\]*$/.test(s), v.imageUrl);

/** Where a contact channel leads: web, e-mail, phone or Skype; empty for the live chat widget. */
export const targetUrl = text(TEXT_MAX.url).refine(
  (s) => s === '' || isHttpUrl(s) || /^(mailto|tel|skype):\S+$/i.test(s),
  v.targetUrl,
);

/** A LiveChat licence number, or a tawk.to propertyId/widgetId pair; empty switches live chat off. */
export const liveChatId = text(TEXT_MAX.liveChatId).refine(
  (s) => s === '' || /^\d{1,12}$/.test(s) || /^[a-z0-9]{6,40}\/[a-z0-9]{4,40}$/i.test(s),
  v.liveChatId,
);

const position = z.number({ error: v.position }).int(v.position).min(0, v.position).max(999, v.position);
const active = z.boolean({ error: emptyOr(v.required) });
/** A form's body: anything but a JSON object (an array, a string, no body) is of the wrong type. */
const form = { error: INVALID_TYPE };

/**
 * The saved version an edit form was rendered with (its row's updatedAt in milliseconds, a hidden
 * field): a save is refused when the row has been saved since (StaleEditError). Optional, for API
 * callers that edit without a page.
 */
export const editVersion = z.object({ version: z.number({ error: INVALID_TYPE }).int(INVALID_TYPE).nonnegative(INVALID_TYPE).optional() }, form);

/**
 * The largest JSON body a form whose texts hold at most `chars` characters in all can take: 6 bytes
 * a character (a control character is sent as \u00XX; é takes 2, other letters 3), plus room for
 * the names. The server's general 64 KiB limit refused a 40,000-character article of é.
 */
export const bodyLimitFor = (chars: number): number => chars * 6 + 4096;

/**
 * The longest stored HTML of each field. The limit holds for the stored, sanitised text, which may
 * be longer than what was typed ('&' is stored as '&amp;', a link gains its rel): the content
 * service checks it again after sanitising (HtmlTooLongError), so what a form shows back can
 * always be saved again.
 */
export const HTML_MAX = { articleHtml: 50_000, metaTagsHtml: 5_000, descriptionHtml: 20_000 } as const;

export const settingsInput = z.object({
  siteName: required(TEXT_MAX.siteName),
  logoUrl: imageUrl,
  runningText: text(TEXT_MAX.runningText),
  appDownloadUrl: text(TEXT_MAX.url).refine((s) => s === '' || isHttpsUrl(s), v.appUrl),
  articleHtml: text(HTML_MAX.articleHtml),
  // The owner's alone (settings.integrations): left out (an editor's form, whose fields are
  // disabled), the stored value stays.
  liveChatId: liveChatId.optional(),
  metaTagsHtml: text(HTML_MAX.metaTagsHtml).optional(),
}, form);
/** siteName + logoUrl + runningText + appDownloadUrl + articleHtml + liveChatId + metaTagsHtml. */
export const SETTINGS_BODY_LIMIT = bodyLimitFor(
  TEXT_MAX.siteName + TEXT_MAX.url + TEXT_MAX.runningText + TEXT_MAX.url + HTML_MAX.articleHtml + TEXT_MAX.liveChatId + HTML_MAX.metaTagsHtml,
);
export type SettingsInput = z.infer<typeof settingsInput>;

export const promotionInput = z.object({
  slot: z.number({ error: v.slot }).int(v.slot).min(1, v.slot).max(PROMO_SLOTS, v.slot),
  imageUrl,
  title: required(TEXT_MAX.promotionTitle),
  descriptionHtml: text(HTML_MAX.descriptionHtml),
}, form);
export type PromotionInput = z.infer<typeof promotionInput>;
/** imageUrl + title + descriptionHtml. */
export const PROMOTION_BODY_LIMIT = bodyLimitFor(TEXT_MAX.url + TEXT_MAX.promotionTitle + HTML_MAX.descriptionHtml);

/** A banner's text alternative: what its image says. */
export const BANNER_ALT_MAX = 200;

export const bannerInput = z.object({
  imageUrl: imageUrl.refine((s) => s !== '', v.required),
  /** Optional (a banner without text, or a caller that predates the field): empty, and the lobby names it by its place. */
  altText: text(BANNER_ALT_MAX).default(''),
  active,
  position,
}, form);
export type BannerInput = z.infer<typeof bannerInput>;

export const channelInput = z.object({
  label: required(TEXT_MAX.channelLabel),
  targetUrl,
  active,
}, form);
export type ChannelInput = z.infer<typeof channelInput>;

export const altLinkInput = z.object({
  name: required(TEXT_MAX.altLinkName),
  url: httpUrl,
  position,
}, form);
export type AltLinkInput = z.infer<typeof altLinkInput>;

/** Numeric path parameter (`/promotions/:id`). */
export { idParam } from './url-number.ts';
