// The back office's request plumbing: one hook resolves the admin session from the cookie and
// refuses cross-origin writes; every handler then calls authorize() with its own permission.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../lib/server/context.ts';
import type { Principal } from '../../lib/server/admin/service.ts';
import { can, type Permission } from '../../lib/server/admin/permissions.ts';
import * as sessions from '../../lib/server/admin/sessions.ts';
import type { Actor } from '../../lib/server/admin/audit.ts';
import { adminAuth } from '../../lib/shared/messages/index.ts';
import { HttpError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin session behind this request (any stage), or null. Set in the admin scope only. */
    admin: Principal | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write must name this site as its Origin. SameSite=Strict already keeps the cookie off
 * cross-site requests; this also refuses a sibling subdomain (same site, other origin) and any
 * client that sends no Origin at all.
 */
function sameOrigin(req: FastifyRequest, siteUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  return origin === `${req.protocol}://${req.host}` || origin === new URL(siteUrl).origin;
}

export function install(app: FastifyInstance, services: Services): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    if (!SAFE_METHODS.has(req.method) && !sameOrigin(req, services.config.SITE_URL)) {
      throw new HttpError(403, adminAuth.badOrigin);
    }
    req.admin = await services.admin.resolve(sessions.tokenFromCookieHeader(req.headers.cookie));
  });
}

/** A session at any stage (the TOTP and password steps use it). */
export function session(req: FastifyRequest): Principal {
  if (!req.admin) throw new HttpError(401, adminAuth.sessionRequired);
  return req.admin;
}

/** A fully signed-in admin holding `permission` (null: any signed-in admin). */
export function authorize(req: FastifyRequest, permission: Permission | null): Principal {
  const p = session(req);
  if (!p.mfa) throw new HttpError(401, adminAuth.mfaRequired);
  if (p.mustChangePassword) throw new HttpError(403, adminAuth.mustChangePassword);
  if (permission && !can(p.role, permission)) throw new HttpError(403, adminAuth.forbiddenAction);
  return p;
}

export function actor(req: FastifyRequest, p: Principal): Actor {
  return { adminId: p.adminId, username: p.username, ip: req.ip };
}
