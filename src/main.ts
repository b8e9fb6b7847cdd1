// The one process: migrates and seeds the database, then serves the JSON API and Astro's pages.
// `npm start` runs the built site; NODE_ENV=development (npm run dev) mounts Astro's dev server instead.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { boot } from './lib/server/boot.ts';
import { createServer, type PageHandler } from './api/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dev = process.env['NODE_ENV'] === 'development';
// Libraries pick their build from NODE_ENV when first imported (React's development build renders
// islands about half as fast): the built site always runs as production.
if (!dev) process.env['NODE_ENV'] = 'production';

async function loadPages(): Promise<{ handler: PageHandler; clientDir?: string; stop?: () => Promise<void> }> {
  if (dev) {
    const { dev: astroDev } = await import('astro');
    const server = await astroDev({ root, server: { port: 4399, host: '127.0.0.1' }, logLevel: 'warn' });
    return { handler: (req, res) => server.handle(req, res), stop: () => server.stop() };
  }
  const entry = path.join(root, 'dist/server/entry.mjs');
  const mod = (await import(pathToFileURL(entry).href)) as { handler: PageHandler };
  return { handler: mod.handler, clientDir: path.join(root, 'dist/client') };
}

async function main() {
  const services = await boot();
  const pages = await loadPages();
  const app = await createServer({ services, pages });
  const { HOST, PORT } = services.config;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await services.football.source.stop();
    services.predictions.stop();
    await app.close();
    await pages.stop?.();
    await services.database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: HOST, port: PORT });
  // Keeps provider data fresh (apifootball.com); nothing to do for the embedded data.
  await services.football.source.start();
  // The daily refit; new results from the source trigger one as well.
  services.predictions.start();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `${err.name}: ${err.message}` : err);
  process.exit(1);
});
