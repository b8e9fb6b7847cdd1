import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../lib/server/context.ts';
import { memoIdParam, memoPageQuery } from '../lib/shared/schemas/memos.ts';
import { memoText } from '../lib/shared/messages/index.ts';
import { HttpError } from './errors.ts';
import { memberFirst, requireMember } from './authenticate.ts';
import * as validate from './validate.ts';

/**
 * The signed-in member's memos and the member shell's status. Every route acts on the bearer's
 * member only: an id addressed to someone else answers exactly like an id that does not exist.
 */
export const memos: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', memberFirst);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/v1/memos', async (req) => {
    const member = requireMember(req);
    const { page } = validate.query(memoPageQuery, req.query);
    return services.memos.list(member.memberId, page);
  });

  app.get('/api/v1/memos/unread', async (req) => {
    const member = requireMember(req);
    return { unread: await services.memos.unreadCount(member.memberId) };
  });

  /** Mark every memo read (bulk). */
  app.post('/api/v1/memos/read', async (req) => {
    const member = requireMember(req);
    const marked = await services.memos.markAllRead(member.memberId);
    return { marked, unread: await services.memos.unreadCount(member.memberId) };
  });

  /** One memo; opening it marks it read (a HEAD request, which changes nothing, does not). */
  app.get('/api/v1/memos/:id', async (req) => {
    const member = requireMember(req);
    const parsed = memoIdParam.safeParse(req.params);
    const markRead = req.method === 'GET';
    const memo = parsed.success ? await services.memos.open(member.memberId, parsed.data.id, { markRead }) : null;
    if (!memo) throw new HttpError(404, memoText.notFound);
    return memo;
  });

  /** The member shell's top bar: username, unread memos, suspended flag (one call, every 30 min). */
  app.get('/api/v1/me/shell', async (req) => {
    const member = requireMember(req);
    return {
      username: member.username,
      suspended: member.suspended,
      verified: member.verified,
      unread: await services.memos.unreadCount(member.memberId),
    };
  });
};
