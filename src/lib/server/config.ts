// Validates process.env against the same envField definitions astro:env uses (src/env-schema.ts),
// for the parts of the process that run outside Astro's bundle (Fastify, scripts, tests).
import { envSchema } from '../../env-schema.ts';

type Schema = typeof envSchema;
type FieldValue<F> = F extends { type: 'number' }
  ? number
  : F extends { type: 'boolean' }
    ? boolean
    : F extends { type: 'enum'; values: ReadonlyArray<infer V> }
      ? V
      : string;
export type Config = {
  [K in keyof Schema]: Schema[K] extends { optional: true } ? FieldValue<Schema[K]> | undefined : FieldValue<Schema[K]>;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type AnyField = {
  type: 'string' | 'number' | 'boolean' | 'enum';
  optional?: boolean;
  default?: unknown;
  int?: boolean;
  min?: number;
  max?: number;
  url?: boolean;
  values?: readonly string[];
};

function parseField(key: string, field: AnyField, raw: string | undefined): unknown {
  if (raw === undefined || raw === '') {
    if (field.default !== undefined) return field.default;
    if (field.optional) return undefined;
    throw new ConfigError(`${key} is required`);
  }
  switch (field.type) {
    case 'number': {
      const n = Number(raw);
      if (!Number.isFinite(n)) throw new ConfigError(`${key} must be a number, got "${raw}"`);
      if (field.int && !Number.isInteger(n)) throw new ConfigError(`${key} must be an integer`);
      if (field.min !== undefined && n < field.min) throw new ConfigError(`${key} must be ≥ ${field.min}`);
      if (field.max !== undefined && n > field.max) throw new ConfigError(`${key} must be ≤ ${field.max}`);
      return n;
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw new ConfigError(`${key} must be true or false`);
      return raw === 'true';
    case 'enum':
      if (!field.values?.includes(raw)) throw new ConfigError(`${key} must be one of ${field.values?.join(', ')}`);
      return raw;
    default:
      if (field.url && !URL.canParse(raw)) throw new ConfigError(`${key} must be a URL`);
      return raw;
  }
}

export function load(env: NodeJS.ProcessEnv = process.env): Config {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(envSchema) as [string, AnyField][]) {
    out[key] = parseField(key, field, env[key]);
  }
  const config = out as Config;
  if (config.FOOTBALL_CLOCK !== undefined) {
    if (!isInstant(config.FOOTBALL_CLOCK)) {
      throw new ConfigError(`FOOTBALL_CLOCK must be an instant with its time zone, such as 2026-11-23T12:00:00+07:00, got "${config.FOOTBALL_CLOCK}"`);
    }
    // apifootball.com is asked for real dates: a clock of our own would fetch the wrong days.
    if (config.APIFOOTBALL_KEY) throw new ConfigError('FOOTBALL_CLOCK is for the embedded data only: unset it or APIFOOTBALL_KEY');
  }
  return config;
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** 2026-11-23T12:00:00+07:00: a real calendar day and time (Date.parse would take 30 February as 2 March). */
function isInstant(value: string): boolean {
  const p = ISO_INSTANT.exec(value);
  if (!p) return false;
  const [y, mo, d, h, mi, sec] = p.slice(1).map((v) => Number(v ?? 0));
  const t = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, sec!));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo! - 1 && t.getUTCDate() === d && t.getUTCHours() === h && t.getUTCMinutes() === mi && t.getUTCSeconds() === sec;
}
