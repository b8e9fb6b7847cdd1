// Validates process.env against the same envField definitions astro:env uses (src/env-schema.ts),
// for the parts of the process that run outside Astro's bundle (Fastify, scripts, tests).
import net from 'node:net';
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
      // http: or https: only: URL.canParse took 'localhost:4321' as a URL of the scheme 'localhost:'.
      if (field.url && !/^https?:$/.test(URL.parse(raw)?.protocol ?? '')) {
        throw new ConfigError(`${key} must be an http:// or https:// URL, got "${raw}"`);
      }
      if (field.min !== undefined && raw.length < field.min) throw new ConfigError(`${key} must be at least ${field.min} characters`);
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
  // Fastify reads the list only when it builds the server, after the database's whole boot, and then
  // failed with a bare 'TypeError: invalid IP address'.
  const badProxy = trustedProxies(config.TRUST_PROXY).find((entry) => !isProxyEntry(entry));
  if (badProxy !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be comma-separated IP addresses or CIDR ranges (10.0.0.0/8), or loopback, linklocal, uniquelocal; got "${badProxy}"`,
    );
  }
  return config;
}

/**
 * What is worth saying at start but no reason to refuse it. PREDICTIONS_SOURCE=provider without
 * APIFOOTBALL_KEY is a warning, not a ConfigError: without a provider every prediction is the
 * model's, exactly as with 'model', so the site is right either way, and a key withdrawn from the
 * configuration must not keep the site down over which predictions it would have preferred.
 */
export function warnings(config: Config): string[] {
  const out: string[] = [];
  if (config.PREDICTIONS_SOURCE === 'provider' && !config.APIFOOTBALL_KEY) {
    out.push("PREDICTIONS_SOURCE=provider needs APIFOOTBALL_KEY: without it every prediction is the model's, as with PREDICTIONS_SOURCE=model");
  }
  return out;
}

/** TRUST_PROXY as the list handed to Fastify's trustProxy (api/server.ts); empty when no proxy is trusted. */
export function trustedProxies(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Ranges Fastify's proxy-addr knows by name. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * An entry proxy-addr compiles: a named range, an address, or an address with a prefix length of 1
 * to 32 (IPv4) or 128 (IPv6). Stricter than proxy-addr, which also takes netmasks and IPv4 written
 * in hex or fewer parts: those are refused here rather than read some other way than meant.
 */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length || address.includes('%')) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
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
