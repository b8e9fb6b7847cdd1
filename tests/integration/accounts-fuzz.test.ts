// 1,000 random or hostile requests per auth endpoint (wrong types, huge strings, unicode, SQL and
// HTML fragments, broken JSON, near-valid registrations): every answer is 2xx or 4xx with an
// Indonesian message, and afterwards the database holds no member that breaks a registration rule.
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '../support/db.ts';
import { bearer, register, registration, type Session } from '../support/accounts.ts';
import { createServer } from '../../src/api/server.ts';
import { members } from '../../src/lib/server/db/schema/index.ts';
import { ageOn, todayWib } from '../../src/lib/shared/schemas/auth.ts';

const RUNS = 1000;
/** Each property sends 1,000 requests, argon2 hashing on most of them: minutes on a loaded 2-core machine. */
const BUDGET_MS = 300_000;

const hostile = fc.constantFrom(
  "' OR '1'='1",
  "budi1'; DROP TABLE members; --",
  'admin123" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  'budi\u0000123',
  '\u202ebudi123',
  'İSTANBUL1',
  'ǅemal123',
  'ａｂｃｄｅｆ１',
  '😀😀😀😀😀😀',
  'budi\n123',
  '0812345678\u0660',
  '٠٨١٢٣٤٥٦٧٨٩',
  '1995-02-29',
  '2999-01-01',
  '0000-00-00',
  '-1',
  'NaN',
  'null',
  'true',
  '',
  ' ',
  'a'.repeat(13),
  '9'.repeat(16),
  `${'a'.repeat(60)}@gmail.com`,
  'x'.repeat(5000),
);

const scalar = fc.oneof(
  hostile,
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ minLength: 200, maxLength: 3000, unit: 'grapheme' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.stringMatching(/^[a-zA-Z0-9]{5,13}$/),
  fc.stringMatching(/^0[0-9]{7,16}$/),
  fc.stringMatching(/^(19|20)[0-9]{2}-[01][0-9]-[0-3][0-9]$/),
);
const value = fc.oneof({ weight: 6, arbitrary: scalar }, { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) });

/** An object with some of the endpoint's keys (each maybe missing) and maybe some others. */
const bodyWith = (keys: string[]) =>
  fc.tuple(fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));

type Req = { payload: unknown; raw?: string; contentType?: string; ip: string };
const ip = fc.constantFrom(...Array.from({ length: 4 }, (_, i) => `198.51.100.${i + 1}`));
const rawBody = fc.oneof(
  fc.constant('{"username": '),
  fc.constant('{"__proto__": {"admin": true}, "username": "budi123"}'),
  fc.constant('{"constructor": {"prototype": {"x": 1}}}'),
  fc.string({ maxLength: 200 }),
);

/** Requests for one endpoint: random bodies, `extra` (near-valid) bodies with weight `extraWeight` of 12, broken JSON. */
function requests(keys: string[], extra: fc.Arbitrary<unknown>[] = [], extraWeight = 5): fc.Arbitrary<Req> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ payload: bodyWith(keys), ip }) },
    ...extra.map((a) => ({ weight: extraWeight, arbitrary: fc.record({ payload: a, ip }) })),
    { weight: 1, arbitrary: fc.record({ payload: fc.anything({ maxDepth: 2 }), ip }) },
    { weight: 1, arbitrary: fc.record({ payload: fc.constant(undefined), raw: rawBody, contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'), ip }) },
  );
}

/** A valid registration with one or two fields replaced by something random or hostile. */
const nearValidRegistration = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{6,12}$/),
    fc.subarray(['username', 'password', 'passwordConfirm', 'phone', 'email', 'birthDate', 'referral', 'agree'], { maxLength: 2 }),
    fc.array(value, { minLength: 2, maxLength: 2 }),
  )
  .map(([username, fields, values]) => {
    const body: Record<string, unknown> = registration({ username });
    fields.forEach((f, i) => (body[f] = values[i]));
    return body;
  });

describeEachDb('accounts API under random and hostile input', (db) => {
  let app: FastifyInstance;
  let known: Session[] = [];
  beforeAll(async () => {
    app = await createServer({ services: db().services, logger: false });
    known = [await register(app), await register(app), await register(app)];
  });
  afterAll(() => app.close());

  const statuses = new Map<string, Map<number, number>>();
  async function send(url: string, req: Req, headers: Record<string, string> = {}) {
    const res = await app.inject({
      method: 'POST',
      url,
      remoteAddress: req.ip,
      ...(req.raw !== undefined
        ? { payload: req.raw, headers: { ...headers, 'content-type': req.contentType ?? 'application/json' } }
        : { payload: req.payload as object, headers }),
    });
    const byStatus = statuses.get(url) ?? new Map<number, number>();
    byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
    statuses.set(url, byStatus);
    expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
    if (res.statusCode >= 400) expect(res.json().message).toMatch(/\S/);
    return res;
  }

  const knownFields = () => fc.constantFrom(...known.map((k) => ({ username: k.username, password: k.password })));
  const knownTokens = () => fc.constantFrom(...known.map((k) => ({ refreshToken: k.refreshToken })));

  it('POST /auth/register', async () => {
    await fc.assert(
      fc.asyncProperty(requests(['username', 'password', 'passwordConfirm', 'phone', 'email', 'birthDate', 'referral', 'agree'], [nearValidRegistration]), (req) =>
        send('/api/v1/auth/register', req).then(() => undefined),
      ),
      { numRuns: RUNS },
    );
    expect(statuses.get('/api/v1/auth/register')?.get(201) ?? 0).toBeGreaterThan(20);
  }, BUDGET_MS);

  it('POST /auth/login', async () => {
    await fc.assert(
      fc.asyncProperty(requests(['username', 'password', 'app'], [knownFields()], 1), (req) => send('/api/v1/auth/login', req).then(() => undefined)),
      { numRuns: RUNS },
    );
    expect(statuses.get('/api/v1/auth/login')?.get(200) ?? 0).toBeGreaterThan(0);
  }, BUDGET_MS);

  it('POST /auth/refresh', async () => {
    await fc.assert(
      fc.asyncProperty(requests(['refreshToken'], [knownTokens()]), (req) => send('/api/v1/auth/refresh', req).then(() => undefined)),
      { numRuns: RUNS },
    );
  }, BUDGET_MS);

  it('POST /auth/logout', async () => {
    await fc.assert(
      fc.asyncProperty(requests(['refreshToken']), (req) => send('/api/v1/auth/logout', req).then(() => undefined)),
      { numRuns: RUNS },
    );
  }, BUDGET_MS);

  it('POST /me/password/check (signed in)', async () => {
    const m = await register(app);
    const candidates = fc.record({ password: fc.oneof(fc.constant(m.password), scalar) });
    await fc.assert(
      fc.asyncProperty(requests(['password'], [candidates]), (req) => send('/api/v1/me/password/check', req, bearer(m.accessToken)).then(() => undefined)),
      { numRuns: RUNS },
    );
  }, BUDGET_MS);

  it('POST /me/password (signed in)', async () => {
    const registered = await register(app);
    // One deliberate, valid change first: the random run below may lock the username (10 wrong old
    // passwords per 15 minutes) before it happens to produce a valid change of its own.
    const changed = await send(
      '/api/v1/me/password',
      { payload: { oldPassword: registered.password, password: 'Baru12345', passwordConfirm: 'Baru12345' }, ip: '198.51.100.9' },
      bearer(registered.accessToken),
    );
    expect(changed.statusCode).toBe(204);
    const m = { ...registered, password: 'Baru12345' };
    const changes = fc
      .tuple(fc.oneof(fc.constant(m.password), scalar), fc.stringMatching(/^[a-zA-Z0-9]{5,13}$/), fc.boolean())
      .map(([oldPassword, password, same]) => ({ oldPassword, password, passwordConfirm: same ? password : `${password}x` }));
    await fc.assert(
      fc.asyncProperty(requests(['oldPassword', 'password', 'passwordConfirm'], [changes]), (req) => send('/api/v1/me/password', req, bearer(m.accessToken)).then(() => undefined)),
      { numRuns: RUNS },
    );
    expect(statuses.get('/api/v1/me/password')?.get(204) ?? 0).toBeGreaterThan(0);
  }, BUDGET_MS);

  it('leaves no member in the database that breaks a registration rule', async () => {
    const rows = await db().database.db.select().from(members);
    expect(rows.length).toBeGreaterThan(20);
    const today = todayWib();
    const ids = new Set(rows.map((r) => r.id));
    for (const m of rows) {
      expect(m.username, m.username).toMatch(/^[a-z0-9]{6,12}$/);
      expect(m.username).not.toMatch(/^[0-9]+$/);
      expect(m.phone, m.username).toMatch(/^08[0-9]{7,13}$/);
      expect(m.email.length, m.username).toBeLessThanOrEqual(50);
      expect(m.email, m.username).toMatch(/^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/);
      expect(ageOn(m.birthDate, today), m.username).toBeGreaterThanOrEqual(18);
      expect(m.birthDate >= '1900-01-01').toBe(true);
      expect(m.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      if (m.referrerId !== null) expect(ids.has(m.referrerId)).toBe(true);
    }
  });
});
