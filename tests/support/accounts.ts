// Members as the tests meet them: a valid registration body, and helpers that register and log in
// through the real API.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

let n = 0;
/** A fresh valid username (lowercase letters and digits, 6-12, not digits only). */
export function uniqueName(prefix = 'm'): string {
  n += 1;
  return `${prefix}${crypto.randomBytes(3).toString('hex')}${n}`.slice(0, 12);
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    username: uniqueName(),
    password: 'Rahasia1',
    passwordConfirm: 'Rahasia1',
    phone: '081234567890',
    email: 'anggota@gmail.com',
    birthDate: '1995-05-17',
    agree: true,
    ...overrides,
  };
}

export interface Session {
  username: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  /** The address it registered from. */
  ip: string;
}

/**
 * An address in 198.18.0.0/15 (the benchmarking range) for each registration: the API allows only
 * so many registrations per IP, and the tests' members come from many phones, not one.
 */
export function memberIp(): string {
  const [a, b] = crypto.randomBytes(2);
  return `198.${18 + (a! & 1)}.${b}.${1 + crypto.randomInt(254)}`;
}

export async function register(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<Session> {
  const body = registration(overrides);
  const ip = memberIp();
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body, remoteAddress: ip });
  if (res.statusCode !== 201) throw new Error(`register ${res.statusCode}: ${res.body}`);
  const { accessToken, refreshToken } = res.json();
  return { username: body.username.toLowerCase(), password: body.password, accessToken, refreshToken, ip };
}

export async function login(app: FastifyInstance, username: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password }, remoteAddress });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
