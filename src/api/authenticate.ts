// Authentication in one hook, authorisation in each handler: for a request that carries
// `Authorization: Bearer <access token>`, the hook verifies the token and loads the member of its
// (still alive) session once, into `request.auth`. Handlers that need a member call requireMember();
// what the member may touch is decided by the handler, never by the path.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../lib/server/context.ts';
import type { AuthContext } from '../lib/server/auth/accounts.ts';
import { apiMessages } from '../lib/shared/messages/index.ts';
import { sessionText } from '../lib/shared/messages/auth.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null (no bearer, or one that is invalid, expired or revoked). */
    auth: AuthContext | null;
    /** A bearer was presented, well-formed or not (so a null `auth` means "expired", not "not logged in"). */
    bearer: boolean;
  }
}

/** The scheme's name is case-insensitive (RFC 9110 §11.1): 'bearer x.y.z' is the same credential. */
const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

export function install(app: FastifyInstance, services: Services): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('bearer', false);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    // Another scheme ('Basic …') is no token, so not an expired one: 401 'not signed in'.
    if (!header || !/^Bearer\b/i.test(header)) return;
    request.bearer = true;
    const m = BEARER.exec(header);
    if (m) request.auth = await services.accounts.authenticate(m[1]!);
  });
}

/** The signed-in member; 401 otherwise ('Token expired' when a bearer was sent but is no longer good). */
export function requireMember(request: FastifyRequest): AuthContext {
  if (request.auth) return request.auth;
  throw new HttpError(401, request.bearer ? sessionText.tokenExpired : apiMessages.unauthorized);
}

/**
 * The hook of the routes that need a member (an onRequest hook, so before the body is read): someone
 * not signed in gets 401, not a 400, 413 or 415 about a body they may not send at all.
 */
export async function memberFirst(request: FastifyRequest): Promise<void> {
  requireMember(request);
}
