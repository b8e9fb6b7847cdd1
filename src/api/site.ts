import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../lib/server/context.ts';

/** Public site settings (name, logo, running text, app link, live chat id). No auth. */
export const site: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get('/api/v1/site', async (_req, reply) => {
    const s = await services.settings.get();
    return reply
      .header('cache-control', 'public, max-age=60')
      .send({
        siteName: s.siteName,
        logoUrl: s.logoUrl,
        runningText: s.runningText,
        appDownloadUrl: s.appDownloadUrl,
        liveChatId: s.liveChatId,
      });
  });
};
