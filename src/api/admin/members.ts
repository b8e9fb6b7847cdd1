import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../lib/server/context.ts';
import { idParam } from '../../lib/shared/schemas/content.ts';
import { matchResultInput, memberFlagsInput, shownResult, memberSearchQuery, memoInput, memoPageQuery } from '../../lib/shared/schemas/memos.ts';
import { adminMatches, adminMemo, adminMembers, adminUi } from '../../lib/shared/messages/index.ts';
import { UnknownMemberError } from '../../lib/server/memos/service.ts';
import { isDateKey } from '../../lib/shared/football/dates.ts';
import { HttpError } from '../errors.ts';
import * as validate from '../validate.ts';
import { actor, authorize, rethrow } from './guard.ts';

const dateQuery = (value: unknown): string => {
  const d = typeof value === 'object' && value && 'date' in value ? (value as { date: unknown }).date : undefined;
  if (typeof d === 'string' && isDateKey(d)) return d;
  throw new HttpError(400, adminMatches.badDate);
};

/** Memos (editor, owner), member management (support, owner), manual match results (owner). */
export const adminMemberRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get('/api/v1/admin/memos', async (req) => {
    authorize(req, 'memos.read');
    const { page } = validate.query(memoPageQuery, req.query);
    return services.memos.adminPage(page);
  });
  app.post('/api/v1/admin/memos', async (req, reply) => {
    const p = authorize(req, 'memos.write');
    const input = memoInput.parse(req.body);
    const item = await services.memos.create(actor(req, p), input).catch((err: unknown) => {
      if (err instanceof UnknownMemberError) throw new HttpError(422, adminMemo.memberNotFound, { username: adminMemo.memberNotFound });
      throw err;
    });
    return reply.status(201).send({ message: adminMemo.sent, item });
  });
  app.delete('/api/v1/admin/memos/:id', async (req, reply) => {
    const p = authorize(req, 'memos.write');
    const { id } = idParam.parse(req.params);
    await services.memos.remove(actor(req, p), id).catch(rethrow(reply));
    return { message: adminUi.deleted };
  });

  app.get('/api/v1/admin/members', async (req) => {
    authorize(req, 'members.read');
    const { q, page } = validate.query(memberSearchQuery, req.query);
    return services.memberAdmin.search(q, page);
  });
  app.get('/api/v1/admin/members/:id', async (req) => {
    authorize(req, 'members.read');
    const { id } = idParam.parse(req.params);
    const item = await services.memberAdmin.view(id);
    if (!item) throw new HttpError(404, adminMembers.notFound);
    return { item };
  });
  app.patch('/api/v1/admin/members/:id', async (req, reply) => {
    const p = authorize(req, 'members.write');
    const { id } = idParam.parse(req.params);
    const item = await services.memberAdmin.setFlags(actor(req, p), id, memberFlagsInput.parse(req.body)).catch(rethrow(reply));
    return { message: adminUi.saved, item };
  });

  app.get('/api/v1/admin/matches', async (req) => {
    authorize(req, 'matches.read');
    return { items: await services.matchResults.day(dateQuery(req.query)) };
  });
  app.put('/api/v1/admin/matches/:id/result', async (req, reply) => {
    const p = authorize(req, 'matches.write');
    const { id } = idParam.parse(req.params);
    const item = await services.matchResults
      .setResult(actor(req, p), id, matchResultInput.parse(req.body), {
        shown: shownResult.parse(req.body).shown,
        log: (err) => req.log.error(err, 'onManualResult hook failed'),
      })
      .catch(rethrow(reply));
    return { message: adminUi.saved, item };
  });
};
