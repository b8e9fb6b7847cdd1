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
import { can } from '../../lib/server/admin/permissions.ts';
import { actor, authorize } from './guard.ts';
import * as validate from '../validate.ts';

/** Site settings, promotions, lobby banners, contact channels, alternative links. */
export const adminContentRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { content } = services;

  app.get('/api/v1/admin/settings', async (req) => {
    authorize(req, 'content.read');
    return { item: await content.admin.settings() };
  });
  app.put('/api/v1/admin/settings', { bodyLimit: SETTINGS_BODY_LIMIT }, async (req) => {
    const p = authorize(req, 'content.write');
    const item = await content.updateSettings(actor(req, p), validate.body(settingsInput, req.body), validate.body(editVersion, req.body).version, {
      integrations: can(p.role, 'settings.integrations'),
    });
    return { message: adminUi.saved, item };
  });

  app.get('/api/v1/admin/promotions', async (req) => {
    authorize(req, 'content.read');
    return { items: await content.admin.promotions() };
  });
  app.post('/api/v1/admin/promotions', { bodyLimit: PROMOTION_BODY_LIMIT }, async (req, reply) => {
    const p = authorize(req, 'content.write');
    const item = await content.createPromotion(actor(req, p), validate.body(promotionInput, req.body));
    return reply.status(201).send({ message: adminUi.saved, item });
  });
  app.put('/api/v1/admin/promotions/:id', { bodyLimit: PROMOTION_BODY_LIMIT }, async (req) => {
    const p = authorize(req, 'content.write');
    const { id } = validate.params(idParam, req.params);
    const item = await content.updatePromotion(actor(req, p), id, validate.body(promotionInput, req.body), validate.body(editVersion, req.body).version);
    return { message: adminUi.saved, item };
  });
  app.delete('/api/v1/admin/promotions/:id', async (req) => {
    const p = authorize(req, 'content.write');
    const { id } = validate.params(idParam, req.params);
    await content.deletePromotion(actor(req, p), id);
    return { message: adminUi.deleted };
  });

  app.get('/api/v1/admin/banners', async (req) => {
    authorize(req, 'content.read');
    return { items: await content.admin.banners() };
  });
  app.post('/api/v1/admin/banners', async (req, reply) => {
    const p = authorize(req, 'content.write');
    const item = await content.createBanner(actor(req, p), validate.body(bannerInput, req.body));
    return reply.status(201).send({ message: adminUi.saved, item });
  });
  app.put('/api/v1/admin/banners/:id', async (req) => {
    const p = authorize(req, 'content.write');
    const { id } = validate.params(idParam, req.params);
    const item = await content.updateBanner(actor(req, p), id, validate.body(bannerInput, req.body), validate.body(editVersion, req.body).version);
    return { message: adminUi.saved, item };
  });
  app.delete('/api/v1/admin/banners/:id', async (req) => {
    const p = authorize(req, 'content.write');
    const { id } = validate.params(idParam, req.params);
    await content.deleteBanner(actor(req, p), id);
    return { message: adminUi.deleted };
  });

  app.get('/api/v1/admin/channels', async (req) => {
    authorize(req, 'content.read');
    return { items: await content.admin.channels() };
  });
  app.put('/api/v1/admin/channels/:id', async (req) => {
    const p = authorize(req, 'content.write');
    const { id } = validate.params(idParam, req.params);
    const item = await content.updateChannel(actor(req, p), id, validate.body(channelInput, req.body), validate.body(editVersion, req.body).version);
    return { message: adminUi.saved, item };
  });

  app.get('/api/v1/admin/alt-links', async (req) => {
    authorize(req, 'content.read');
    return { items: await content.admin.altLinks() };
  });
  app.post('/api/v1/admin/alt-links', async (req, reply) => {
    const p = authorize(req, 'content.write');
    const item = await content.createAltLink(actor(req, p), validate.body(altLinkInput, req.body));
    return reply.status(201).send({ message: adminUi.saved, item });
  });
  app.put('/api/v1/admin/alt-links/:id', async (req) => {
    const p = authorize(req, 'content.write');
    const { id } = validate.params(idParam, req.params);
    const item = await content.updateAltLink(actor(req, p), id, validate.body(altLinkInput, req.body), validate.body(editVersion, req.body).version);
    return { message: adminUi.saved, item };
  });
  app.delete('/api/v1/admin/alt-links/:id', async (req) => {
    const p = authorize(req, 'content.write');
    const { id } = validate.params(idParam, req.params);
    await content.deleteAltLink(actor(req, p), id);
    return { message: adminUi.deleted };
  });
};
