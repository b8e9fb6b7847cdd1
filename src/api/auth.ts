import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../lib/server/context.ts';
import { loginProblem, loginSchema, refreshSchema, registerSchema } from '../lib/shared/schemas/auth.ts';
import { loginText, sessionText } from '../lib/shared/messages/auth.ts';
import { HttpError, registrationError, tooMany } from './errors.ts';
import * as validate from './validate.ts';

/** Registration, login, token refresh and logout (000 §7, with Gelora's rotating refresh tokens). */
export const auth: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { accounts } = services;
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/api/v1/auth/register', async (req, reply) => {
    const reg = validate.body(registerSchema, req.body);
    const r = await accounts.register(reg, req.ip, { login: true });
    if (!r.ok) throw registrationError(reply, r);
    return reply.status(201).send({ username: r.username, ...r.tokens });
  });

  app.post('/api/v1/auth/login', async (req, reply) => {
    const input = validate.body(loginSchema, req.body, loginProblem);
    const r = await accounts.login(input, req.ip);
    if (r.ok) return reply.send(r.tokens);
    if (r.reason === 'limited') throw tooMany(reply, r.retryAfterMs, loginText.rateLimited);
    throw new HttpError(401, loginText.failed);
  });

  app.post('/api/v1/auth/refresh', async (req, reply) => {
    const { refreshToken } = validate.body(refreshSchema, req.body);
    const tokens = await accounts.refresh(refreshToken);
    if (!tokens) throw new HttpError(401, sessionText.tokenExpired);
    return reply.send(tokens);
  });

  app.post('/api/v1/auth/logout', async (req, reply) => {
    const { refreshToken } = validate.body(refreshSchema, req.body);
    await accounts.logout(refreshToken);
    return reply.status(204).send();
  });
};
