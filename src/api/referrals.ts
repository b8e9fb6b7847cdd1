import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../lib/server/context.ts';
import { registerSchema } from '../lib/shared/schemas/auth.ts';
import { referralText, sessionText } from '../lib/shared/messages/auth.ts';
import { apiMessages } from '../lib/shared/messages/index.ts';
import { HttpError, registrationError, tooMany } from './errors.ts';
import { memberFirst, requireMember } from './authenticate.ts';
import * as validate from './validate.ts';

/** Referral codes (a member's username) and the member's own downline registration (001 §2 /referral/{code}). */
export const referrals: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { accounts } = services;

  app.get<{ Params: { code: string } }>('/api/v1/referrals/:code', async (req, reply) => {
    const code = req.params.code.toLowerCase();
    const r = await accounts.referralExists(code, req.ip);
    if (!r.ok) throw tooMany(reply, r.retryAfterMs, sessionText.rateLimitedGeneric);
    if (!r.exists) throw new HttpError(404, referralText.notFound);
    return reply.header('cache-control', 'no-store').send({ code });
  });

  /** A signed-in member registers a downline under their own code; the new member gets no session here. */
  app.post('/api/v1/referrals', { onRequest: memberFirst }, async (req, reply) => {
    const member = requireMember(req);
    const reg = validate.body(registerSchema, req.body);
    if (reg.referral !== undefined && reg.referral !== member.username) throw new HttpError(403, apiMessages.forbidden);
    const r = await accounts.register({ ...reg, referral: member.username }, req.ip, { login: false });
    if (!r.ok) throw registrationError(reply, r);
    return reply.status(201).header('cache-control', 'no-store').send({ username: r.username });
  });
};
