// What the router sees of a request target (Fastify's rewriteUrl, before any route or hook).
import type { IncomingMessage } from 'node:http';

/** The page that tells a visitor a page address cannot be read (pages/400.astro). */
export const BAD_PAGE_URL = '/400';

/**
 * Page requests whose address could not be read, rewritten to BAD_PAGE_URL: the 400 screen renders
 * only for these, and is the 404 screen when asked for by its own address.
 */
const badPageRequests = new WeakSet<IncomingMessage>();

export const isBadPageRequest = (req: IncomingMessage): boolean => badPageRequests.has(req);

/** Whether a path (no query) has a percent sign that is no escape of UTF-8 ('%ff', '%zz', '%e0%a4'). */
function undecodable(path: string): boolean {
  try {
    decodeURI(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * The target to route:
 * - A target in absolute form ('http://host/path?q', which HTTP/1.1 lets any client send and which
 *   a server must accept, RFC 9112 §3.2.2) is routed by its path and query. This is one site: the
 *   host in it names nothing else. Before, the page handler answered it 404.
 * - A page (not /api) asked for by GET or HEAD whose path is not valid percent-encoding, or whose
 *   address holds a NUL ('%00'), is the 400 screen in the site's own shell. The router would refuse
 *   the first and a hook the second, in the API's JSON, which a browser shows as raw text. The API
 *   keeps its JSON answers.
 */
export function routedTarget(req: IncomingMessage, pages: boolean): string {
  let target = req.url ?? '/';
  if (/^https?:\/\//i.test(target) && URL.canParse(target)) {
    const url = new URL(target);
    // URL's parser keeps percent escapes as they came, and drops a fragment no client should send.
    target = url.pathname + url.search;
  }
  if (!pages || (req.method !== 'GET' && req.method !== 'HEAD')) return target;
  const path = target.split(/[?#]/, 1)[0]!;
  if (path === '/api' || path.startsWith('/api/')) return target;
  if (undecodable(path) || target.includes('%00')) {
    badPageRequests.add(req);
    return BAD_PAGE_URL;
  }
  return target;
}
