import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Services } from '../lib/server/context.ts';

/** Liveness and database reachability, for the process supervisor and the start-up test. */
export const health: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get('/api/health', async (_req, reply) => {
    await services.db.execute(sql`select 1`);
    return reply.header('cache-control', 'no-store').send({ status: 'ok', database: services.database.kind });
  });
};
