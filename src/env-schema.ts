// The one configuration schema. astro.config.mjs hands it to `astro:env`; the Fastify process
// (src/lib/server/config.ts) validates process.env against the same definitions.
import { envField } from 'astro/config';

export const envSchema = {
  HOST: envField.string({
    context: 'server',
    access: 'public',
    default: 'localhost',
    description: 'Interface the server listens on (localhost, 0.0.0.0, ::).',
  }),
  PORT: envField.number({
    context: 'server',
    access: 'public',
    default: 4321,
    int: true,
    min: 1,
    max: 65535,
    description: 'TCP port of the one server process (pages and /api).',
  }),
  SITE_URL: envField.string({
    context: 'server',
    access: 'public',
    default: 'http://localhost:4321',
    url: true,
    description: 'Public origin of the site, used for canonical links, the sitemap and robots.txt.',
  }),
  DATABASE_URL: envField.string({
    context: 'server',
    access: 'secret',
    optional: true,
    description:
      'PostgreSQL connection string (postgres://user@host:5432/db). Unset: the embedded PGlite database is used.',
  }),
  PGLITE_DIR: envField.string({
    context: 'server',
    access: 'public',
    default: './data/pglite',
    description:
      "Directory of the embedded PGlite database when DATABASE_URL is unset; 'memory://' keeps it in memory. Only one process may open it.",
  }),
  TRUST_PROXY: envField.string({
    context: 'server',
    access: 'public',
    default: '',
    description:
      'Addresses or CIDR ranges of reverse proxies whose X-Forwarded-For is trusted (comma-separated). Empty: the client IP is the connection address.',
  }),
  LOG_LEVEL: envField.enum({
    context: 'server',
    access: 'public',
    values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    default: 'info',
    description: 'Server log level.',
  }),
};
