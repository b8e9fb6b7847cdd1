// The one configuration schema. astro.config.mjs hands it to `astro:env`; the Fastify process
// (src/lib/server/config.ts) validates process.env against the same definitions. envField has no
// description property, so each variable's description sits in envDescriptions, whose type makes a
// missing one a compile error; .env.example repeats them (a unit test keeps the two in step).
import type { envField as astroEnvField } from 'astro/config';

/**
 * astro/config's envField (each field is its options plus `type`), written out: the server imports
 * this file, and astro/config brought Astro's config validation and tooling with it, 100 MB of
 * memory and 0.4 s of every start. Astro validates the schema it is given when it builds.
 */
const envField: typeof astroEnvField = {
  string: (options) => ({ ...options, type: 'string' }),
  number: (options) => ({ ...options, type: 'number' }),
  boolean: (options) => ({ ...options, type: 'boolean' }),
  enum: (options) => ({ ...options, type: 'enum' }),
};

/**
 * An optional variable. envField's types drop a literal `optional: true`; this sets it and keeps it
 * in the type, so that Config (config.ts) reads the variable as possibly undefined.
 */
const optional = <F extends { optional?: boolean | undefined }>(field: F) => ({ ...field, optional: true }) as F & { optional: true };

export const envSchema = {
  HOST: envField.string({
    context: 'server',
    access: 'public',
    default: 'localhost',
  }),
  PORT: envField.number({
    context: 'server',
    access: 'public',
    default: 4321,
    int: true,
    min: 1,
    max: 65535,
  }),
  SITE_URL: envField.string({
    context: 'server',
    access: 'public',
    default: 'http://localhost:4321',
    url: true,
  }),
  DATABASE_URL: optional(envField.string({
    context: 'server',
    access: 'secret',
  })),
  PGLITE_DIR: envField.string({
    context: 'server',
    access: 'public',
    default: './data/pglite',
  }),
  TRUST_PROXY: envField.string({
    context: 'server',
    access: 'public',
    default: '',
  }),
  JWT_SECRET: optional(envField.string({
    context: 'server',
    access: 'secret',
    // As auth/secret.ts's JWT_SECRET_MIN_LENGTH (a unit test holds the two together): refused when
    // the configuration is read, before the database is opened and before `npm start` builds.
    min: 32,
  })),
  FOOTBALL_DATA_DIR: envField.string({
    context: 'server',
    access: 'public',
    default: '../shared/data/football',
  }),
  FOOTBALL_CLOCK: optional(envField.string({
    context: 'server',
    access: 'public',
  })),
  LOG_LEVEL: envField.enum({
    context: 'server',
    access: 'public',
    values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    default: 'info',
  }),
  APIFOOTBALL_KEY: optional(envField.string({
    context: 'server',
    access: 'secret',
  })),
  APIFOOTBALL_URL: envField.string({
    context: 'server',
    access: 'public',
    default: 'https://apiv3.apifootball.com/',
    url: true,
  }),
  APIFOOTBALL_LIVE_SECONDS: envField.number({
    context: 'server',
    access: 'public',
    default: 30,
    int: true,
    min: 1,
    max: 3600,
  }),
  APIFOOTBALL_HISTORY_SECONDS: envField.number({
    context: 'server',
    access: 'public',
    default: 300,
    int: true,
    min: 1,
    max: 86400,
  }),
  PREDICTIONS_SOURCE: envField.enum({
    context: 'server',
    access: 'public',
    values: ['model', 'provider'],
    default: 'model',
  }),
};

export const envDescriptions: Record<keyof typeof envSchema, string> = {
  HOST:
    'Interface the server listens on (localhost, 0.0.0.0, ::).',
  PORT:
    'TCP port of the one server process (pages and /api).',
  SITE_URL:
    'Public origin of the site (http:// or https://), used for canonical links, the sitemap and robots.txt.',
  DATABASE_URL:
    'PostgreSQL connection string (postgres://user@host:5432/db). Unset: the embedded PGlite database is used.',
  PGLITE_DIR:
    "Directory of the embedded PGlite database when DATABASE_URL is unset, absolute or relative to the project root; 'memory://' keeps it in memory. Only one process may open it.",
  TRUST_PROXY:
    'Addresses or CIDR ranges (10.0.0.0/8) of reverse proxies whose X-Forwarded-For is trusted, comma-separated; loopback, linklocal and uniquelocal name those ranges. Empty: the client IP is the connection address.',
  JWT_SECRET:
    'Key that signs members\' access tokens (HS256), at least 32 characters; every server process of one site must share it. Unset: a random key is generated once and kept in the database (table server_secrets). The admins\' TOTP secrets are sealed under a key derived from it: after a change, enrolled admins enrol again (npm run admin:create -- --reset <name>).',
  FOOTBALL_DATA_DIR:
    'Directory of the embedded open football data (openfootball/football.json, worldcup.json, datahub statistics), absolute or relative to the project root. Imported into the database at first start and by `npm run football:import` when APIFOOTBALL_KEY is unset.',
  FOOTBALL_CLOCK:
    "An instant with its time zone (2026-11-23T12:00:00+07:00) that the football pages take as the moment the server started, running on from there: the embedded data replayed at a date it covers, for tests and demonstrations: after its last result (12 September 2026; the server refuses an earlier clock, which would show later results as played) and up to its last fixture (May 2027). Each process runs its own clock from its own start, so use it with one server process. Unset: the real clock. Not with APIFOOTBALL_KEY.",
  LOG_LEVEL:
    'Server log level.',
  APIFOOTBALL_KEY:
    'apifootball.com API key. Set: fixtures, live scores, standings, head-to-head and predictions come from apifootball.com and are synced into the database. Unset: the embedded data is used.',
  APIFOOTBALL_URL:
    'Base URL of the apifootball.com API (tests point it at a local fake).',
  APIFOOTBALL_LIVE_SECONDS:
    'How often live scores are fetched from apifootball.com while a match is live or due (seconds).',
  APIFOOTBALL_HISTORY_SECONDS:
    'How often the next few windows of past results (at most 6 requests) are fetched from apifootball.com until every league holds about three seasons, the history the prediction model fits on; after that, a league costs one request a day (seconds).',
  PREDICTIONS_SOURCE:
    "Which predictions pages show: 'model' (Gelora's own statistical model, fitted on the results in the database) or 'provider' (apifootball.com's predictions where it has one, the model's otherwise; needs APIFOOTBALL_KEY).",
};
