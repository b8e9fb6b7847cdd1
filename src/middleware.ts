import { defineMiddleware, sequence } from 'astro:middleware';
import * as context from './lib/server/context.ts';
import { isCrossSiteForm } from './lib/server/cross-site.ts';
import { apiMessages } from './lib/shared/messages/index.ts';

// Astro's cross-site form check (security.checkOrigin, switched off in astro.config.mjs), with the
// house's Indonesian { message } instead of Astro's English text. Prerendered pages take no writes.
const refuseCrossSiteForms = defineMiddleware((ctx, next) => {
  if (ctx.isPrerendered || !isCrossSiteForm(ctx.request, ctx.url)) return next();
  return new Response(JSON.stringify({ message: apiMessages.badOrigin }), {
    status: 403,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
});

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

export const onRequest = sequence(refuseCrossSiteForms, provideServices);
