import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../lib/server/context.ts';
import { passwordChangeSchema, passwordCheckSchema } from '../lib/shared/schemas/auth.ts';
import { pageQuery } from '../lib/shared/schemas/url-number.ts';
import { sessionText, settingText } from '../lib/shared/messages/auth.ts';
import { HttpError, tooMany } from './errors.ts';
import { memberFirst, requireMember } from './authenticate.ts';
import * as validate from './validate.ts';

/** The signed-in member's own data: profile, password, account activity. Every route acts on the bearer's member only. */
export const me: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { accounts } = services;
  app.addHook('onRequest', memberFirst);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/v1/me', async (req, reply) => {
    const profile = await accounts.profile(requireMember(req));
    if (!profile) throw new HttpError(401, sessionText.tokenExpired);
    return reply.send(profile);
  });

  app.post('/api/v1/me/password/check', async (req, reply) => {
    const member = requireMember(req);
    const { password } = validate.body(passwordCheckSchema, req.body);
    const r = await accounts.checkPassword(member, password, req.ip);
    if (r.ok) return reply.send({ valid: true, message: settingText.correct });
    if (r.reason === 'limited') throw tooMany(reply, r.retryAfterMs, sessionText.rateLimitedGeneric);
    return reply.send({ valid: false, message: settingText.wrong });
  });

  app.post('/api/v1/me/password', async (req, reply) => {
    const member = requireMember(req);
    const input = validate.body(passwordChangeSchema, req.body);
    const r = await accounts.changePassword(member, input, req.ip);
    if (r.ok) return reply.status(204).send();
    if (r.reason === 'limited') throw tooMany(reply, r.retryAfterMs, sessionText.rateLimitedGeneric);
    throw new HttpError(422, settingText.wrong, { oldPassword: settingText.wrong });
  });

  app.get('/api/v1/me/activity', async (req, reply) => {
    const member = requireMember(req);
    const { page } = validate.query(pageQuery, req.query);
    return reply.send(await accounts.activity(member, page));
  });

  /** The history log, sent by the client once per browser session (001 §4). */
  app.post('/api/v1/me/activity', async (req, reply) => {
    await accounts.logSession(requireMember(req), req.ip);
    return reply.status(204).send();
  });
};
