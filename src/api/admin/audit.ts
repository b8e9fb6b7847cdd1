import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../lib/server/context.ts';
import { pageQuery } from '../../lib/shared/schemas/url-number.ts';
import * as validate from '../validate.ts';
import { authorize } from './guard.ts';

/** The audit log, owners only. Read-only: there is no route that changes it. */
export const adminAuditRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get('/api/v1/admin/audit', async (req) => {
    authorize(req, 'audit.read');
    const { page } = validate.query(pageQuery, req.query);
    return services.admin.auditPage(page);
  });
};
