// The methods the API takes at a path, so that a wrong method on an existing route answers 405 with
// `Allow` (RFC 9110 §15.5.6) instead of the 404 of a path that does not exist.
import type { FastifyInstance } from 'fastify';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Records every /api route declared after this call (call it before the route plugins) and returns
 * a lookup: the sorted methods whose route matches a decoded request path, empty for none.
 * Our routes have literal segments and `:param` segments only; a wildcard route (the catch-all)
 * answers every method and is no evidence that a path exists.
 */
export function track(app: FastifyInstance): (path: string) => string[] {
  const routes: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.includes('*')) return;
    const segments = route.url.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : escape(s)));
    const pattern = new RegExp(`^${segments.join('/')}$`);
    for (const method of [route.method].flat()) routes.push({ method, pattern });
  });
  return (path) => [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))].sort();
}
