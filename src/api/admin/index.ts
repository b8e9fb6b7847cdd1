import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../lib/server/context.ts';
import * as guard from './guard.ts';
import { adminAuthRoutes } from './auth.ts';
import { adminContentRoutes } from './content.ts';
import { adminAuditRoutes } from './audit.ts';
import { adminMemberRoutes } from './members.ts';

/**
 * The back office's JSON API (/api/v1/admin/...). One encapsulated scope: its hook resolves the
 * admin session and refuses cross-origin writes for these routes only. A new back-office area adds
 * its route plugin to this list; each handler authorises itself (guard.authorize).
 */
export const admin: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  guard.install(app, services);
  for (const routes of [adminAuthRoutes, adminContentRoutes, adminAuditRoutes, adminMemberRoutes]) await app.register(routes, { services });
};
