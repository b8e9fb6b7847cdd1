import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../lib/server/context.ts';
import { apiMessages } from '../../lib/shared/messages/api.ts';
import { urlNumber } from '../../lib/shared/schemas/url-number.ts';
import { authorize } from './guard.ts';

const query = z.object({ page: urlNumber(apiMessages.invalidPage, { max: 1_000_000 }).default(1) });

/** The audit log, owners only. Read-only: there is no route that changes it. */
export const adminAuditRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get('/api/v1/admin/audit', async (req) => {
    authorize(req, 'audit.read');
    const { page } = query.parse(req.query);
    return services.admin.auditPage(page);
  });
};
