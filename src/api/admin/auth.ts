import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../lib/server/context.ts';
import * as sessions from '../../lib/server/admin/sessions.ts';
import { PERMISSIONS, can, type Permission } from '../../lib/server/admin/permissions.ts';
import { adminLoginInput, adminPasswordInput, totpInput } from '../../lib/shared/schemas/admin.ts';
import { adminAuth } from '../../lib/shared/messages/index.ts';
import { HttpError } from '../errors.ts';
import { authorize, session } from './guard.ts';
import * as validate from '../validate.ts';

/** Sign-in steps: password → TOTP → (first time) new password. Each answers with the next page. */
export const adminAuthRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.post('/api/v1/admin/auth/login', async (req, reply) => {
    const input = validate.body(adminLoginInput, req.body);
    const { token, next } = await services.admin
      .login({
        ...input,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
        deviceToken: sessions.deviceTokenFromCookieHeader(req.headers.cookie),
      });
    return reply.header('set-cookie', sessions.setCookie(token)).send({ next });
  });

  app.post('/api/v1/admin/auth/totp', async (req, reply) => {
    const p = session(req);
    const { code } = validate.body(totpInput, req.body);
    const { next, deviceToken } = await services.admin.verifyTotp(p, code, req.ip);
    if (deviceToken) reply.header('set-cookie', sessions.setDeviceCookie(deviceToken));
    return reply.send({ next });
  });

  app.post('/api/v1/admin/auth/password', async (req, reply) => {
    const p = session(req);
    if (!p.mfa) throw new HttpError(401, adminAuth.mfaRequired);
    const input = validate.body(adminPasswordInput, req.body);
    const { next, deviceToken } = await services.admin.changePassword(p, input, req.ip);
    return reply.header('set-cookie', sessions.setDeviceCookie(deviceToken)).send({ next, message: adminAuth.passwordChanged });
  });

  app.post('/api/v1/admin/auth/logout', async (req, reply) => {
    const p = session(req);
    await services.admin.logout(p, req.ip);
    return reply.header('set-cookie', sessions.clearCookie()).send({ next: '/admin/login' });
  });

  app.get('/api/v1/admin/auth/me', async (req, reply) => {
    const p = authorize(req, null);
    const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter((perm) => can(p.role, perm));
    return reply.send({ username: p.username, role: p.role, permissions });
  });
};
