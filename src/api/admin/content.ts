import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../lib/server/context.ts';
import {
  altLinkInput,
  bannerInput,
  channelInput,
  editVersion,
  idParam,
  PROMOTION_BODY_LIMIT,
  promotionInput,
  SETTINGS_BODY_LIMIT,
  settingsInput,
} from '../../lib/shared/schemas/content.ts';
import { adminUi } from '../../lib/shared/messages/index.ts';
import { actor, authorize, rethrow } from './guard.ts';

/** Site settings, promotions, lobby banners, contact channels, alternative links. */
export const adminContentRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { content } = services;

  app.get('/api/v1/admin/settings', async (req) => {
    authorize(req, 'content.read');
    return { item: await content.admin.settings() };
  });
  app.put('/api/v1/admin/settings', { bodyLimit: SETTINGS_BODY_LIMIT }, async (req, reply) => {
    const p = authorize(req, 'content.write');
    const item = await content.updateSettings(actor(req, p), settingsInput.parse(req.body), editVersion.parse(req.body).version).catch(rethrow(reply));
    return { message: adminUi.saved, item };
  });

  app.get('/api/v1/admin/promotions', async (req) => {
    authorize(req, 'content.read');
    return { items: await content.admin.promotions() };
  });
  app.post('/api/v1/admin/promotions', { bodyLimit: PROMOTION_BODY_LIMIT }, async (req, reply) => {
    const p = authorize(req, 'content.write');
    const item = await content.createPromotion(actor(req, p), promotionInput.parse(req.body)).catch(rethrow(reply));
    return reply.status(201).send({ message: adminUi.saved, item });
  });
  app.put('/api/v1/admin/promotions/:id', { bodyLimit: PROMOTION_BODY_LIMIT }, async (req, reply) => {
    const p = authorize(req, 'content.write');
    const { id } = idParam.parse(req.params);
    const item = await content.updatePromotion(actor(req, p), id, promotionInput.parse(req.body), editVersion.parse(req.body).version).catch(rethrow(reply));
    return { message: adminUi.saved, item };
  });
  app.delete('/api/v1/admin/promotions/:id', async (req, reply) => {
    const p = authorize(req, 'content.write');
    const { id } = idParam.parse(req.params);
    await content.deletePromotion(actor(req, p), id).catch(rethrow(reply));
    return { message: adminUi.deleted };
  });

  app.get('/api/v1/admin/banners', async (req) => {
    authorize(req, 'content.read');
    return { items: await content.admin.banners() };
  });
  app.post('/api/v1/admin/banners', async (req, reply) => {
    const p = authorize(req, 'content.write');
    const item = await content.createBanner(actor(req, p), bannerInput.parse(req.body));
    return reply.status(201).send({ message: adminUi.saved, item });
  });
  app.put('/api/v1/admin/banners/:id', async (req, reply) => {
    const p = authorize(req, 'content.write');
    const { id } = idParam.parse(req.params);
    const item = await content.updateBanner(actor(req, p), id, bannerInput.parse(req.body), editVersion.parse(req.body).version).catch(rethrow(reply));
    return { message: adminUi.saved, item };
  });
  app.delete('/api/v1/admin/banners/:id', async (req, reply) => {
    const p = authorize(req, 'content.write');
    const { id } = idParam.parse(req.params);
    await content.deleteBanner(actor(req, p), id).catch(rethrow(reply));
    return { message: adminUi.deleted };
  });

  app.get('/api/v1/admin/channels', async (req) => {
    authorize(req, 'content.read');
    return { items: await content.admin.channels() };
  });
  app.put('/api/v1/admin/channels/:id', async (req, reply) => {
    const p = authorize(req, 'content.write');
    const { id } = idParam.parse(req.params);
    const item = await content.updateChannel(actor(req, p), id, channelInput.parse(req.body), editVersion.parse(req.body).version).catch(rethrow(reply));
    return { message: adminUi.saved, item };
  });

  app.get('/api/v1/admin/alt-links', async (req) => {
    authorize(req, 'content.read');
    return { items: await content.admin.altLinks() };
  });
  app.post('/api/v1/admin/alt-links', async (req, reply) => {
    const p = authorize(req, 'content.write');
    const item = await content.createAltLink(actor(req, p), altLinkInput.parse(req.body));
    return reply.status(201).send({ message: adminUi.saved, item });
  });
  app.put('/api/v1/admin/alt-links/:id', async (req, reply) => {
    const p = authorize(req, 'content.write');
    const { id } = idParam.parse(req.params);
    const item = await content.updateAltLink(actor(req, p), id, altLinkInput.parse(req.body), editVersion.parse(req.body).version).catch(rethrow(reply));
    return { message: adminUi.saved, item };
  });
  app.delete('/api/v1/admin/alt-links/:id', async (req, reply) => {
    const p = authorize(req, 'content.write');
    const { id } = idParam.parse(req.params);
    await content.deleteAltLink(actor(req, p), id).catch(rethrow(reply));
    return { message: adminUi.deleted };
  });
};
