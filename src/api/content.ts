import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../lib/server/context.ts';

/**
 * Browsers and proxies may keep a public content answer for a minute and then revalidate with its
 * ETag. The server's own caches (1 h content and alternative links, 30 min settings) are dropped
 * the moment an admin saves, so a change reaches every visitor within that minute at most.
 */
const MAX_AGE_SECONDS = 60;

/**
 * Whether If-None-Match names `etag`, by the weak comparison RFC 9110 §13.1.2 asks for: any tag of
 * a list, with or without W/ (a proxy that compresses may weaken it), or '*'.
 */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function sendCached(req: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `"${crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`).header('etag', etag);
  if (noneMatch(req.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/** Public content: promotions, lobby banners, contact channels, alternative links. No auth. */
export const content: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get('/api/v1/content/promotions', async (req, reply) =>
    sendCached(req, reply, {
      items: (await services.content.promotions()).map(({ descriptionText: _text, ...p }) => p),
    }),
  );
  app.get('/api/v1/content/banners', async (req, reply) => sendCached(req, reply, { items: await services.content.banners() }));
  app.get('/api/v1/content/channels', async (req, reply) => sendCached(req, reply, { items: await services.content.channels() }));
  app.get('/api/v1/content/alt-links', async (req, reply) => sendCached(req, reply, { items: await services.content.altLinks() }));
};
