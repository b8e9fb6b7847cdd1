import { defineMiddleware, sequence } from 'astro:middleware';
import * as context from './lib/server/context.ts';
import { ownPath } from './lib/server/own-path.ts';
import { isDatabaseBusy, isDatabaseRefusal } from './lib/server/db/sql-state.ts';
import { rootCause } from './lib/server/error-text.ts';

// Hands the process's services and the client's address to every server-rendered page (the built
// site gets both from api/server.ts; the dev server's handler passes none). Prerendered pages (built
// without a running process) get none and render with defaults.
const provideServices = defineMiddleware((ctx, next) => {
  if (!ctx.isPrerendered) {
    ctx.locals.services ??= context.get();
    ctx.locals.clientIp ??= ctx.clientAddress;
  }
  return next();
});

// A page that meets a busy or unreachable database (a statement timeout, the server down, restarting
// or out of connections) is the busy screen with 503 and Retry-After, as the API answers, instead of
// the 500 screen: nothing is broken, and the visitor may try again. A failure while the busy screen
// itself renders goes on to the 500 screen.
const showBusyScreen = defineMiddleware(async (ctx, next) => {
  if (ctx.isPrerendered) return next();
  try {
    return await next();
  } catch (err) {
    if (ctx.locals.busy || !isDatabaseBusy(err)) throw err;
    if (ctx.locals.services?.config.LOG_LEVEL !== 'silent') {
      // A refusal (the role or the database gone) needs an operator: an error, as the API logs it.
      (isDatabaseRefusal(err) ? console.error : console.warn)(`[pages] ${ctx.url.pathname}: database busy or unavailable (${rootCause(err)})`);
    }
    ctx.locals.busy = { url: ownPath(ctx.url.pathname + ctx.url.search) };
    const screen = await ctx.rewrite('/503');
    const headers = new Headers(screen.headers);
    headers.set('retry-after', '5');
    return new Response(screen.body, { status: 503, headers });
  }
});

export const onRequest = sequence(provideServices, showBusyScreen);
