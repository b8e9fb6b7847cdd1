// Admin-authored HTML is untrusted until it passes these allowlists: once when saved, again when rendered.
import sanitizeHtml from 'sanitize-html';

const SAFE_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** Article and promotion bodies: text formatting, links, images and simple tables. No scripts, styles, frames or event handlers. */
export function richText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'mark',
      'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'span', 'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: SAFE_SCHEMES,
    // Images over https only: the pages' CSP (img-src 'self' data: https:) blocks http ones, which
    // showed as broken images. A relative src (the site's own file) stays.
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    },
  });
}

/**
 * Names a browser obeys as policy rather than reads as description. `referrer` overrides the
 * Referrer-Policy header (`unsafe-url` would send members' full addresses, /pesan/<id> included, to
 * any image host). `viewport` is the layout's own: a second one (`user-scalable=no`) would take
 * zooming away from every page. Matched as browsers do: trimmed, without regard to case.
 */
const POLICY_META_NAMES = new Set(['referrer', 'viewport']);

/**
 * Names every page writes for itself (Layout.astro): a site-wide `description` would be a second
 * one on each page that has its own, and the one a search engine shows would be a guess. `robots`
 * (and a crawler's own, `googlebot`, `bingbot` …) decides per page whether it is indexed: one
 * site-wide `noindex` from this field would take every public page out of search engines.
 * `theme-color` is the layout's too.
 */
const PAGE_META_NAMES = new Set(['description', 'robots', 'theme-color']);
/** A crawler's own robots tag: `googlebot`, `googlebot-news`, `adsbot-google-mobile`, `bingbot`, and the ones without 'bot'. */
const CRAWLER_NAMES = new Set(['yandex', 'baiduspider', 'slurp']);
const crawlerName = (name: string) => CRAWLER_NAMES.has(name) || /^[a-z-]*bot(-[a-z]+)*$/.test(name);

const refusedName = (name: string) => POLICY_META_NAMES.has(name) || PAGE_META_NAMES.has(name) || crawlerName(name);

/**
 * Meta tags for the page head: only <meta name|property content> survives. http-equiv is refused
 * because `refresh` redirects and `content-security-policy` could loosen ours; so are the policy
 * and page names above.
 */
export function metaTags(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['meta'],
    allowedAttributes: { meta: ['name', 'property', 'content'] },
    selfClosing: ['meta'],
    exclusiveFilter: ({ attribs }) =>
      !attribs['content'] ||
      !(attribs['name'] || attribs['property']) ||
      refusedName((attribs['name'] ?? '').trim().toLowerCase()),
  })
    .replace(/>[^<]+</g, '><')
    .replace(/^[^<]+|[^>]+$/g, '');
}
