// Builds the one Fastify instance: security headers, the JSON API under /api, the static build
// (pre-compressed) and, for every other request, Astro's SSR handler.
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { type IncomingMessage, ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import compression from 'compression';
import { z } from 'zod';
import type { Services } from '../lib/server/context.ts';
import * as config from '../lib/server/config.ts';
import { ownPath } from '../lib/server/own-path.ts';
import { isBadPageRequest, routedTarget } from './request-target.ts';
import { apiMessages } from '../lib/shared/messages/index.ts';
import * as errors from './errors.ts';
import * as allowedMethods from './allowed-methods.ts';
import { health } from './health.ts';
import { site } from './site.ts';
import * as authenticate from './authenticate.ts';
import { auth } from './auth.ts';
import { me } from './me.ts';
import { referrals } from './referrals.ts';
import { content } from './content.ts';
import { admin } from './admin/index.ts';
import { football } from './football.ts';
import { memos } from './memos.ts';

// Every schema of ours carries its own Indonesian messages; where a check has none (a field of the
// wrong type), zod's Indonesian locale answers instead of its English default.
z.config(z.locales.id());

/** Astro's request handler: `handler` from the built entry (middleware mode), or the dev server's. */
export type PageHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void, locals?: object) => unknown;

export interface ServerOptions {
  services: Services;
  /** Astro pages; absent in API-only tests. */
  pages?: { handler: PageHandler; clientDir?: string };
  logger?: boolean;
  /** How long a client may take to send a whole request (REQUEST_TIMEOUT_MS); tests shorten it. */
  requestTimeoutMs?: number;
}

/**
 * A client gets this long to send its whole request, body included; then it is answered 408 and
 * the connection closed. Fastify's default is no limit, so a body that never ends held its
 * connection open for ever. Headers alone keep Node's 60 s.
 */
export const REQUEST_TIMEOUT_MS = 90_000;

/**
 * The CSP of every response: what a page's <meta> policy cannot say (frame-ancestors), and no
 * plugins or foreign base URLs anywhere. Server-rendered pages send Astro's hashed policy as a
 * header instead; amendPageHeaders adds frame-ancestors to it.
 */
const FRAME_ANCESTORS = "frame-ancestors 'self'";
const BASE_CSP = `${FRAME_ANCESTORS}; object-src 'none'; base-uri 'self'`;
/** An image, stylesheet, manifest or text file: what an SVG's own styles need, nothing else. */
const STATIC_FILE_CSP = `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; ${BASE_CSP}`;

/**
 * Astro's headers on server-rendered pages, amended as they are written. Astro writes its own
 * content-security-policy header, replacing the one set for every request, so such a page lost
 * frame-ancestors (X-Frame-Options still stopped framing): the directive is added to Astro's
 * policy. Its content-type is a bare 'text/html': the page is UTF-8, and says so in the header as
 * the prerendered pages do (a client that reads no <meta charset> guessed otherwise). Astro passes
 * its headers to writeHead, which the compression middleware in front of it turns into setHeader
 * calls.
 */
function amendPageHeaders(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) => {
    const header = name.toLowerCase();
    if (header === 'content-security-policy' && typeof value === 'string' && !value.includes('frame-ancestors')) {
      return setHeader(name, `${value.replace(/[;\s]+$/, '')}; ${FRAME_ANCESTORS}`);
    }
    if (header === 'content-type' && typeof value === 'string' && /^text\/html\s*(;|$)/i.test(value) && !/;\s*charset=/i.test(value)) {
      return setHeader(name, `${value.replace(/[;\s]+$/, '')}; charset=utf-8`);
    }
    return setHeader(name, value);
  }) as typeof res.setHeader;
  // Astro gives every page's Response the status text 'OK', a 403 or a 400 included ('HTTP/1.1 403
  // OK'): a status without its own text gets the standard one.
  const writeHead = res.writeHead.bind(res);
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status !== 200 && res.statusMessage === 'OK') res.statusMessage = STATUS_CODES[status] ?? '';
    return (writeHead as (...args: unknown[]) => ServerResponse)(status, ...rest);
  }) as typeof res.writeHead;
}

/** TRUST_PROXY's list (checked by config.load) for Fastify, or false: no proxy is trusted. */
function trustProxy(value: string): string[] | false {
  const list = config.trustedProxies(value);
  return list.length ? list : false;
}

// HTML and JSON compress on the fly; the build's assets are compressed once by scripts/postbuild.ts.
// Brotli's default 4 MB window is set up for every response: pages are a few kB, so a 256 kB
// window (lgwin 18) compresses them as well at a fraction of the cost (/klasemenhome with
// `accept-encoding: br` went from 60 to several hundred requests per second).
const compressHtml = compression({
  threshold: 1024,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
});

/** The methods a page answers (see mountPages). */
const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

/** How many Host lines a request has (rawHeaders alternates names and values). */
function hostLines(raw: string[]): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'host') n++;
  return n;
}

export async function createServer(opts: ServerOptions): Promise<FastifyInstance> {
  const { services } = opts;
  const requestTimeout = opts.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: services.config.LOG_LEVEL },
    trustProxy: trustProxy(services.config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    // The router's own default (100) made a longer path parameter match no route at all, so
    // '/api/v1/memos/<101 characters>' fell to the catch-all and got a 405 naming the route's
    // methods. Past any URL Node's parser admits, every parameter reaches its route, which refuses it
    // like any other bad value. (The limit guards regex parameters; no route of ours has one.)
    routerOptions: { maxParamLength: 16 * 1024 },
    // An absolute-form target is routed by its path; a page address that cannot be read is the 400
    // screen (request-target.ts).
    rewriteUrl: (req) => routedTarget(req, !!opts.pages),
    // Any other path that is not valid percent-encoding ('/api/v1/memos/%ff') never reaches a route or
    // the error handler: answer it here, in Indonesian like every other refusal.
    // It is answered before the hooks that set the security headers, so it sets the ones a JSON
    // answer needs itself.
    frameworkErrors: (_error, _req, reply) => {
      void (reply as unknown as FastifyReply)
        .status(400)
        .headers(errors.BARE_SECURITY_HEADERS)
        .send({ message: apiMessages.badRequest });
    },
    // What Node's HTTP parser refuses (an over-long URL or header, a request that is not HTTP)
    // never becomes a request: answered on the socket, in Indonesian JSON.
    clientErrorHandler: errors.clientError,
    // While close() drains the server (SIGTERM, main.ts), a request that arrives on a connection
    // already open is served like any other, with Connection: close, so its client goes elsewhere
    // after the answer. Fastify's default answers it 503 with an English body and no security headers,
    // although the database is open until the drain ends.
    return503OnClosing: false,
    requestTimeout,
    // Node looks for expired requests this often (its default, 30 s, would outlast a short test timeout).
    http: {
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(requestTimeout / 4)),
      // Node answers a missing Host with an empty 400; the hook below answers it in Indonesian.
      requireHostHeader: false,
    },
  });
  app.server.on('checkExpectation', errors.expectationFailed);
  // Node hands a CONNECT request to 'connect' listeners instead of 'request', and with none it drops
  // the connection unanswered. This is no proxy: the request goes to the routes like any other
  // method, and is answered 405 with Allow (the handler below), then the connection closes. Node
  // has taken its own error and timeout handlers off such a socket: without ours, a client that
  // resets it mid-answer would crash the process.
  app.server.on('connect', (req: IncomingMessage, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    socket.setTimeout(10_000, () => socket.destroy());
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket);
    res.on('finish', () => socket.end());
    app.server.emit('request', req, res);
  });

  await app.register(helmet, {
    // Astro writes the pages' hashed script/style CSP: a header on server-rendered pages (with
    // frame-ancestors added, amendPageHeaders), a <meta> in prerendered ones, where the header
    // below adds what a meta tag cannot say. Two policies intersect, so it leaves scripts alone.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent below, on HTTPS only (RFC 6797 §7.2: not over plain HTTP, where browsers ignore it).
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    // An API answer is data, never a document to render: it may load and run nothing.
    reply.header('content-security-policy', req.url.startsWith('/api/') ? errors.BARE_SECURITY_HEADERS['content-security-policy']! : BASE_CSP);
    reply.header('permissions-policy', errors.PERMISSIONS_POLICY);
    // req.protocol is the connection's, or X-Forwarded-Proto's from a proxy in TRUST_PROXY.
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  errors.install(app);
  // A NUL character (U+0000) is in no legitimate input and PostgreSQL cannot store it: refuse it in
  // the URL (a page's query string too) and, with lone surrogates, anywhere in a JSON body, before
  // any handler runs.
  app.addHook('onRequest', async (req) => {
    if (!req.headers.host && req.raw.httpVersion !== '1.0') throw new errors.HttpError(400, apiMessages.missingHost);
    // Two Host lines (RFC 9112 §3.2: a 400): Node keeps the first, and a proxy may have read the other.
    if (hostLines(req.raw.rawHeaders) > 1) throw new errors.HttpError(400, apiMessages.duplicateHost);
    if (req.url.includes('%00')) throw new errors.HttpError(400, apiMessages.invalidCharacter);
  });
  app.addHook('preValidation', async (req) => {
    if (errors.containsUnstorable(req.body)) throw new errors.HttpError(400, apiMessages.invalidCharacter);
  });
  // A JSON body that is empty or only white space is no body: the route answers it as it answers a
  // request without one (422 for a missing field). Fastify's own parser refused it with a 400.
  // Anything else goes to that parser, with its defaults (a __proto__ or constructor key is refused).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(req, text, done);
  });
  authenticate.install(app, services);

  // One plugin per domain; each receives the services and declares its own routes.
  const allowed = allowedMethods.track(app);
  for (const plugin of [health, site, auth, me, referrals, content, admin, football, memos]) await app.register(plugin, { services });

  // No route took the request: a path that exists under other methods is a 405, any other a 404.
  const unrouted = (path: string, reply: FastifyReply) => {
    const allow = allowed(path);
    if (allow.length) return reply.status(405).header('allow', allow.join(', ')).send({ message: apiMessages.methodNotAllowed });
    return reply.status(404).send({ message: apiMessages.notFound });
  };
  // Answered before the body is read: a body sent with the wrong method (malformed JSON, a form, a
  // foreign type) does not turn the 405 or 404 into a 400 or 415 about a body no route takes.
  const catchAll = async (req: FastifyRequest, reply: FastifyReply) => unrouted(`/api/${(req.params as { '*': string })['*']}`, reply);
  app.all('/api/*', { onRequest: catchAll }, catchAll);
  // What even the catch-alls do not take: a method no route declares (WebDAV's PROPFIND or MKCOL,
  // TRACE on a page), or, without pages, a path outside /api. Fastify's default answer is English.
  const notFound = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = decodedPath(req.url);
    if (path.startsWith('/api/')) return unrouted(path, reply);
    if (opts.pages) return reply.status(405).header('allow', PAGE_METHODS.join(', ')).send({ message: apiMessages.methodNotAllowed });
    return reply.status(404).send({ message: apiMessages.notFound });
  };
  // Answered before the body is read, as the catch-all above, and before its type is looked at.
  app.addHook('onRequest', async (req, reply) => {
    if (req.is404) return notFound(req, reply);
  });
  // A body declared in another character set than UTF-8 is refused unread, by a route that takes
  // the method (preParsing: after every onRequest hook, the catch-all's 405 included).
  app.addHook('preParsing', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && errors.foreignCharset(req.headers['content-type'])) throw new errors.HttpError(415, apiMessages.unsupportedMediaType);
  });
  app.setNotFoundHandler(notFound);

  if (opts.pages) await mountPages(app, services, opts.pages);
  return app;
}

/** A request target's path, percent-decoded as routers match it; left encoded when it cannot be (it matches no route). */
function decodedPath(target: string): string {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Whether a request target is one of Astro's built-in endpoints, unused here (mountPages); '/%5Fimage' is one too. */
function isAstroUnusedRoute(target: string): boolean {
  return /^\/(?:_image|_server-islands)(?:\/|$)/.test(decodedPath(target));
}

async function mountPages(app: FastifyInstance, services: Services, pages: NonNullable<ServerOptions['pages']>) {
  const { clientDir } = pages;
  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      preCompressed: true,
      // Files are routed by their own names, but for pages (the loop below) and the compressed copies,
      // which are sent only in place of their originals: '/prediksi.html' and '/_astro/x.js.br' are not
      // addresses of the site.
      globIgnore: ['**/*.html', '**/*.br', '**/*.gz'],
      // Whole files only (RFC 9110 lets a server ignore Range). With ranges on, a byte range of a
      // file served precompressed was cut from the Brotli file and sent without Content-Encoding,
      // and a Range that was no byte range got 416 instead of the file. Nothing here is big enough
      // to resume.
      acceptRanges: false,
      index: false,
      setHeaders(reply, filePath) {
        const rel = path.relative(clientDir, filePath).replace(/\.(br|gz)$/, '');
        reply.header(
          'cache-control',
          rel.startsWith('_astro') ? 'public, max-age=31536000, immutable' : rel === 'sw.js' ? 'no-cache' : 'public, max-age=3600',
        );
        // A file opened on its own (an SVG is a document that could run script) may load nothing.
        // Not a page (its <meta> policy rules it) nor a script (a worker's header policy is its own).
        if (!/\.(html|js)$/.test(rel)) reply.header('content-security-policy', STATIC_FILE_CSP);
      },
    });
    // Prerendered pages live as <route>.html (build.format 'file'); serve them at their route.
    for (const file of fs.readdirSync(clientDir, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.html') || /^(404|500)\.html$/.test(file)) continue;
      const route = '/' + file.replace(/\.html$/, '').replace(/(^|\/)index$/, '');
      app.get(route, (_req, reply) => reply.type('text/html; charset=utf-8').sendFile(file));
    }
  }

  app.route({
    method: PAGE_METHODS,
    url: '/*',
    // A login or registration form sent before its script runs posts to its own page (method="post"
    // keeps the password out of the URL). No page reads a body, so the answer is the page itself,
    // by a 303 to it: the body is neither parsed (no parser would take a form's; that was a 415 in
    // JSON) nor resent when the visitor reloads. No page takes another method: 405 (not-found handler).
    // A page is at its route only: '/login.html' (Astro took it for /login) is sent there for good.
    onRequest: async (req, reply) => {
      if (req.method === 'POST') return reply.redirect(ownPath(req.url), 303);
      const q = req.url.indexOf('?');
      const path = q === -1 ? req.url : req.url.slice(0, q);
      if (path.endsWith('.html')) {
        return reply.redirect(ownPath((path.replace(/(\/index)?\.html$/, '') || '/') + (q === -1 ? '' : req.url.slice(q))), 301);
      }
    },
    handler: (req, reply) => {
      // Astro's own endpoints, which no page uses: its image service (a format it could not make
      // was an English 500, and a line in the error log for anyone who asked) and server islands.
      // They are answered as any address the site does not have.
      if (isAstroUnusedRoute(req.url)) req.raw.url = '/404';
      reply.hijack();
      const res = reply.raw;
      // Hijacked replies skip Fastify's hooks: copy the security headers helmet already set.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
      amendPageHeaders(res);
      compressHtml(req.raw as never, res as never, () => {
        void pages.handler(req.raw, res, undefined, { services, clientIp: req.ip, badUrl: isBadPageRequest(req.raw) });
      });
    },
  });
}
