// One mapping from errors to HTTP for the whole API. Bodies are { message, errors? } in Indonesian.
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { $ZodError } from 'zod/v4/core';
import { hasSqlState, isDatabaseBusy, isDatabaseRefusal, SQL_STATE } from '../lib/server/db/sql-state.ts';
import { rootCause } from '../lib/server/error-text.ts';
import { apiMessages } from '../lib/shared/messages/index.ts';
import { firstErrors } from '../lib/shared/schemas/login.ts';

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
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...(error.errors && { errors: error.errors }) });
    }
    // Thrown by schema.parse of either zod flavour (classic ZodError and mini both extend it).
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
