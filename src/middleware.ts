import { defineMiddleware } from 'astro:middleware';
import * as context from './lib/server/context.ts';

// Hands the process's services to every server-rendered page. Prerendered pages (built without a
// running process) get none and render with defaults.
export const onRequest = defineMiddleware((ctx, next) => {
  if (!ctx.isPrerendered) ctx.locals.services ??= context.get();
  return next();
});
