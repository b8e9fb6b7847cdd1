import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../lib/server/context.ts';
import { idParam } from '../../lib/shared/schemas/content.ts';
import { matchResultInput, memberFlagsInput, shownResult, memberSearchQuery, memoInput, memoPageQuery } from '../../lib/shared/schemas/memos.ts';
import { adminMatches, adminMemo, adminMembers, adminUi } from '../../lib/shared/messages/index.ts';
import { isDateKey } from '../../lib/shared/football/dates.ts';
import { HttpError } from '../errors.ts';
import * as validate from '../validate.ts';
import { actor, authorize } from './guard.ts';

/** The WIB day whose matches the results page lists (`?date=YYYY-MM-DD`, required). */
const matchDayQuery = z.object({
  date: z.string({ error: adminMatches.badDate }).refine(isDateKey, adminMatches.badDate),
});

/** Memos (editor, owner), member management (support, owner), manual match results (owner). */
export const adminMemberRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get('/api/v1/admin/memos', async (req) => {
    authorize(req, 'memos.read');
    const { page } = validate.query(memoPageQuery, req.query);
    return services.memos.adminPage(page);
  });
  app.post('/api/v1/admin/memos', async (req, reply) => {
    const p = authorize(req, 'memos.write');
    const input = validate.body(memoInput, req.body);
    const item = await services.memos.create(actor(req, p), input);
    return reply.status(201).send({ message: adminMemo.sent, item });
  });
  app.delete('/api/v1/admin/memos/:id', async (req) => {
    const p = authorize(req, 'memos.write');
    const { id } = validate.params(idParam, req.params);
    await services.memos.remove(actor(req, p), id);
    return { message: adminUi.deleted };
  });

  app.get('/api/v1/admin/members', async (req) => {
    authorize(req, 'members.read');
    const { q, page } = validate.query(memberSearchQuery, req.query);
    return services.memberAdmin.search(q, page);
  });
  app.get('/api/v1/admin/members/:id', async (req) => {
    authorize(req, 'members.read');
    const { id } = validate.params(idParam, req.params);
    const item = await services.memberAdmin.view(id);
    if (!item) throw new HttpError(404, adminMembers.notFound);
    return { item };
  });
  app.patch('/api/v1/admin/members/:id', async (req) => {
    const p = authorize(req, 'members.write');
    const { id } = validate.params(idParam, req.params);
    const item = await services.memberAdmin.setFlags(actor(req, p), id, validate.body(memberFlagsInput, req.body));
    return { message: adminUi.saved, item };
  });

  app.get('/api/v1/admin/matches', async (req) => {
    authorize(req, 'matches.read');
    const { date } = validate.query(matchDayQuery, req.query);
    return { items: await services.matchResults.day(date) };
  });
  app.put('/api/v1/admin/matches/:id/result', async (req) => {
    const p = authorize(req, 'matches.write');
    const { id } = validate.params(idParam, req.params);
    const item = await services.matchResults
      .setResult(actor(req, p), id, validate.body(matchResultInput, req.body), {
        shown: validate.body(shownResult, req.body).shown,
        log: (err) => req.log.error(err, 'onManualResult hook failed'),
      });
    return { message: adminUi.saved, item };
  });
};
