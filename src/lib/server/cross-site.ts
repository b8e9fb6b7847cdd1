// Astro's security.checkOrigin rule (astro/dist/core/app/origin-check.js, Astro 7), applied by
// src/middleware.ts instead of by Astro: Astro refuses with English text ("Cross-site POST form
// submissions are forbidden") and offers no way to word it otherwise. Same rule, same strength:
// a request that may change something (not GET, HEAD or OPTIONS) whose Origin is not the page's
// own origin is refused when it is form-shaped (a type an HTML form or a no-preflight fetch can
// send) or has no content type at all.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/** Whether `request` (for the page at `url`) is a cross-site form submission. */
export function isCrossSiteForm(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers.get('origin') === url.origin) return false;
  const type = request.headers.get('content-type')?.toLowerCase();
  return type === undefined || FORM_TYPES.some((t) => type.includes(t));
}
