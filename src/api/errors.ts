// The mapping from errors to HTTP for the whole API. Bodies are { message, errors? } in Indonesian.
// Routes throw HttpError, or let a service's named error (below, `fromService`) reach the error
// handler; the member services answer with a result instead ({ ok: false, reason }), which each
// route turns into an HttpError by the same rule (shared ones here: `registrationError`, `tooMany`). The statuses: 400 for a request that cannot be read
// (JSON, query string, path), 422 for a form that breaks one of its rules (validate.body, or a
// check only the server can make on a field), 401/403 for who may do what, 404, 409 for a
// conflict with what is stored, 429 past a limit.
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { $ZodError } from 'zod/v4/core';
import type { RegisterResult } from '../lib/server/auth/accounts.ts';
import * as adminErrors from '../lib/server/admin/errors.ts';
import { UnknownMemberError } from '../lib/server/memos/service.ts';
import { hasSqlState, isDatabaseBusy, isDatabaseRefusal, SQL_STATE } from '../lib/server/db/sql-state.ts';
import { rootCause } from '../lib/server/error-text.ts';
import { retryMinutes } from '../lib/server/rate-limit.ts';
import { registerText, validation } from '../lib/shared/messages/auth.ts';
import { adminAuth, adminMatches, adminMemo, adminUi, adminValidation, apiMessages } from '../lib/shared/messages/index.ts';
import { firstErrors } from '../lib/shared/schemas/fields.ts';

/** A failure a client can act on, with its status and Indonesian message. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly errors: Record<string, string> | undefined;
  constructor(statusCode: number, message: string, errors?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

/** Text that cannot be stored as it came: U+0000 (PostgreSQL refuses it) or a lone surrogate. */
const unstorable = (s: string) => s.includes('\u0000') || !s.isWellFormed();

/**
 * Whether a parsed JSON value holds, in any string or key, U+0000 or half of a surrogate pair
 * ('\ud800' is valid JSON, but no character: it was stored as U+FFFD). Iterative: a body may nest
 * deeply.
 */
export function containsUnstorable(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (unstorable(v)) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (unstorable(k)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * Whether a request's Content-Type names a character set other than UTF-8. JSON travels as UTF-8
 * (RFC 8259), and the body parser reads it so whatever the header says: a UTF-16 body was read as
 * garbage instead of being refused.
 */
export function foreignCharset(contentType: string | undefined): boolean {
  const charset = contentType && /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType)?.[1];
  return !!charset && !/^utf-?8$/i.test(charset);
}

/** 429 with Retry-After (at least 1 s), its message naming the wait in whole minutes. */
export function tooMany(reply: Pick<FastifyReply, 'header'>, retryAfterMs: number, text: (minutes: number) => string): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header('retry-after', String(seconds));
  return new HttpError(429, text(retryMinutes(seconds * 1000)));
}

/** A field's own error: 422 with the message under that field and as the answer's message. */
const fieldError = (field: string, message: string) => new HttpError(422, message, { [field]: message });

/**
 * The services' named errors (src/lib/server/admin/errors.ts, memos' UnknownMemberError) as HTTP;
 * undefined for any other error, which the handler treats as unexpected.
 */
export function fromService(err: unknown, reply: Pick<FastifyReply, 'header'>): HttpError | undefined {
  if (err instanceof adminErrors.RateLimitedError) return tooMany(reply, err.retryAfterMs, adminAuth.tooManyAttempts);
  if (err instanceof adminErrors.InvalidCredentialsError) return new HttpError(401, adminAuth.invalid);
  if (err instanceof adminErrors.InvalidTotpError) return fieldError('code', adminAuth.totpInvalid);
  if (err instanceof adminErrors.WrongPasswordError) return fieldError('currentPassword', adminAuth.passwordWrong);
  if (err instanceof adminErrors.SlotTakenError) {
    return new HttpError(409, adminValidation.slotTaken(err.slot), { slot: adminValidation.slotTaken(err.slot) });
  }
  if (err instanceof adminErrors.StaleResultError) return new HttpError(409, adminMatches.staleResult);
  if (err instanceof adminErrors.StaleEditError) return new HttpError(409, adminUi.staleEdit);
  if (err instanceof adminErrors.ChannelTargetRequiredError) return fieldError('targetUrl', adminValidation.targetRequired);
  if (err instanceof adminErrors.MatchNotStartedError) return fieldError('status', adminMatches.notStarted);
  if (err instanceof adminErrors.HtmlTooLongError) {
    const errors = Object.fromEntries(err.fields.map((f) => [f.field, adminValidation.htmlTooLong(f.max, f.length)]));
    return new HttpError(422, Object.values(errors)[0]!, errors);
  }
  if (err instanceof adminErrors.OwnerOnlyFieldsError) {
    return new HttpError(403, adminValidation.ownerOnly, Object.fromEntries(err.fields.map((f) => [f, adminValidation.ownerOnly])));
  }
  if (err instanceof adminErrors.NotFoundError) return new HttpError(404, apiMessages.notFound);
  if (err instanceof UnknownMemberError) return fieldError('username', adminMemo.memberNotFound);
  return undefined;
}

/** A refused registration: 409 for a taken username, 422 for an unknown referral code (each on its field), 429 past the per-IP limit. */
export function registrationError(reply: Pick<FastifyReply, 'header'>, r: Extract<RegisterResult, { ok: false }>): HttpError {
  if (r.reason === 'limited') return tooMany(reply, r.retryAfterMs, registerText.rateLimited);
  return r.reason === 'taken'
    ? new HttpError(409, validation.username.taken, { username: validation.username.taken })
    : new HttpError(422, validation.checkAgain, { referral: validation.referral.notFound });
}

const BY_STATUS: Record<number, string> = {
  400: apiMessages.badRequest,
  401: apiMessages.unauthorized,
  403: apiMessages.forbidden,
  404: apiMessages.notFound,
  405: apiMessages.methodNotAllowed,
  413: apiMessages.tooLarge,
  415: apiMessages.unsupportedMediaType,
  429: apiMessages.tooManyRequests,
};

export function install(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | $ZodError, request, reply) => {
    const send = (e: HttpError) => reply.status(e.statusCode).send({ message: e.message, ...(e.errors && { errors: e.errors }) });
    if (error instanceof HttpError) return send(error);
    const named = fromService(error, reply);
    if (named) return send(named);
    // A bare schema.parse of either zod flavour (classic ZodError and mini both extend it); the
    // routes parse through validate.ts, so this is a slip, but still the client's input.
    if (error instanceof $ZodError) {
      return reply.status(400).send({ message: apiMessages.badRequest, errors: firstErrors(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? apiMessages.invalidJson
          : (BY_STATUS[status] ?? apiMessages.badRequest);
      return reply.status(status).send({ message });
    }
    // A statement that outlived PostgreSQL's statement_timeout (db/client.ts), most likely behind
    // another session's lock: the server is busy, not broken, and the client may try again.
    // The same answer when the database cannot be reached or will not take the session just now
    // (down, restarting, out of connections, or it ended the connection mid-query).
    // One short line, as a page logs it (src/middleware.ts): the database's reason, not the query
    // with its parameters and a stack, which say nothing about a database that is away.
    if (isDatabaseBusy(error)) {
      const timedOut = hasSqlState(error, SQL_STATE.queryCanceled);
      // The route says which statement timed out; a refusal needs an operator, hence an error.
      const level = isDatabaseRefusal(error) ? 'error' : 'warn';
      request.log[level]({ reason: rootCause(error), route: request.routeOptions.url }, timedOut ? 'database statement timed out' : 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: apiMessages.busy });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: apiMessages.serverError });
  });
}

/** No page of ours uses the camera, microphone, location or payment APIs (every answer says so). */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

/**
 * The security headers of an answer written before Fastify and helmet see the request (below): the
 * ones every other answer has, with a policy that lets the JSON body load nothing.
 */
export const BARE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': PERMISSIONS_POLICY,
};

/**
 * Answers what Node's HTTP parser refuses before any request exists (Fastify's `clientErrorHandler`):
 * an over-long URL or header block (431), an over-long chunk extension (413), a client too slow to
 * send its request (408), anything else that is not HTTP (400). The statuses are Node's own; the
 * body is our { message } in Indonesian instead of Fastify's English or Node's empty one. Written
 * raw on the socket, which is then closed: the parser cannot read on after such an error.
 */
export function clientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, apiMessages.headersTooLarge]
      : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
        ? [413, apiMessages.tooLarge]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, apiMessages.timeout]
          : [400, apiMessages.badRequest];
  // As Node does: write only while no response of this connection has begun, or the bytes would
  // corrupt it.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        Object.entries(BARE_SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`).join('') +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * Answers a request whose Expect header is not 100-continue (the server's 'checkExpectation'
 * event): 417 as Node would, with our Indonesian { message } instead of Node's empty body.
 */
export function expectationFailed(_req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify({ message: apiMessages.expectationFailed });
  res.writeHead(417, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...BARE_SECURITY_HEADERS,
    connection: 'close',
  });
  res.end(body);
}
