// PostgreSQL's statement timeout: a query stuck behind another session's lock gives its pool
// connection back instead of holding it until the lock goes, and the API says the server is busy;
// it says the same when the database ends a session mid-query, cannot be reached at all, or refuses
// new sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { bearer, register } from '../support/accounts.ts';
import { adminQuery, openTestDb } from '../support/db.ts';
import { createServer } from '../../src/api/server.ts';
import { createServices } from '../../src/lib/server/context.ts';
import * as dbClient from '../../src/lib/server/db/client.ts';

const TIMEOUT_MS = 300;

/** The API's busy answer: 503, the Indonesian message, and when to try again. */
function expectBusy(res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }): void {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ message: 'Server sedang sibuk. Silahkan coba lagi sebentar lagi.' });
  expect(res.headers['retry-after']).toBe('5');
}

describe.runIf(process.env['DATABASE_URL'])('PostgreSQL slow or unavailable', () => {
  let test: Awaited<ReturnType<typeof openTestDb>>;
  let url: string;
  let database: dbClient.Database;
  let app: FastifyInstance;
  /** A database with ALLOW_CONNECTIONS false. */
  let closedDatabase = '';
  beforeAll(async () => {
    test = await openTestDb('postgres');
    url = test.services.config.DATABASE_URL!;
    closedDatabase = `${new URL(url).pathname.slice(1)}_closed`;
    await adminQuery(url, `CREATE DATABASE "${closedDatabase}" ALLOW_CONNECTIONS false`);
    database = await dbClient.open({ databaseUrl: url, pgliteDir: 'memory://', poolSize: 2, statementTimeoutMs: TIMEOUT_MS });
    app = await createServer({ services: createServices(test.services.config, database), logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await test?.close();
    if (closedDatabase) await adminQuery(url, `DROP DATABASE IF EXISTS "${closedDatabase}"`);
  });

  /** Runs `fn` while another session holds an exclusive lock on members, as a stuck transaction would. */
  async function whileMembersLocked(fn: (blocker: pg.Client) => Promise<void>): Promise<void> {
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table members in access exclusive mode');
      await fn(blocker);
      await blocker.query('commit');
    } finally {
      await blocker.end();
    }
  }

  it('answers 503 in Indonesian when a query waits on a lock past the timeout, and serves the next request', async () => {
    const member = await register(app);
    await whileMembersLocked(async () => {
      const started = performance.now();
      const busy = await app.inject({ url: '/api/v1/me', headers: bearer(member.accessToken) });
      expectBusy(busy);
      expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS);
    });
    // Both pool connections still work once the lock is gone.
    const [a, b] = await Promise.all([
      app.inject({ url: '/api/v1/me', headers: bearer(member.accessToken) }),
      app.inject({ url: '/api/v1/me', headers: bearer(member.accessToken) }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().username).toBe(member.username);
  });

  it('answers 503 in Indonesian when the database ends the session mid-query, and serves the next request', async () => {
    const member = await register(app);
    await whileMembersLocked(async (blocker) => {
      const pending = app.inject({ url: '/api/v1/me', headers: bearer(member.accessToken) });
      // The request's backend waits on the lock; end it as an operator (or a restart) would: 57P01.
      let ended = 0;
      for (let i = 0; i < 50 && !ended; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const { rows } = await blocker.query<{ n: string }>(
          `select count(pg_terminate_backend(pid)) as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        );
        ended = Number(rows[0]!.n);
      }
      expect(ended).toBe(1);
      const res = await pending;
      expectBusy(res);
    });
    const again = await app.inject({ url: '/api/v1/me', headers: bearer(member.accessToken) });
    expect(again.statusCode).toBe(200);
  });

  it('answers 503 in Indonesian when no database server listens', async () => {
    // A port nothing listens on: every connection is refused.
    const gone = await dbClient.open({ databaseUrl: 'postgres://postgres@127.0.0.1:1/gelora', pgliteDir: 'memory://', poolSize: 1 });
    const down = await createServer({ services: createServices(test.services.config, gone), logger: false });
    try {
      const res = await down.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'pemain01', password: 'rahasia123' },
      });
      expectBusy(res);
    } finally {
      await down.close();
      await gone.close();
    }
  });

  /** `url` with another database or role, on the same server. */
  function elsewhere(change: { database?: string; user?: string }): string {
    const other = new URL(url);
    if (change.database) other.pathname = `/${change.database}`;
    if (change.user) other.username = change.user;
    return other.href;
  }

  // New connections refused while the server runs (the pool's open ones keep working): the database
  // renamed or dropped (3D000), its connections switched off (55000), the role gone (28000).
  it.each([
    ['the database no longer exists', () => elsewhere({ database: `${new URL(url).pathname.slice(1)}_renamed` })],
    ['the database does not allow connections', () => elsewhere({ database: closedDatabase })],
    ['the role no longer exists', () => elsewhere({ user: 'gelora_dropped_role' })],
  ])('answers 503 in Indonesian when %s', async (_name, target) => {
    const refused = await dbClient.open({ databaseUrl: target(), pgliteDir: 'memory://', poolSize: 1 });
    const down = await createServer({ services: createServices(test.services.config, refused), logger: false });
    try {
      const res = await down.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: 'pemain01', password: 'rahasia123' } });
      expectBusy(res);
    } finally {
      await down.close();
      await refused.close();
    }
  });

  it("lets the start lock wait out another process's start, however long it takes", async () => {
    const other = await dbClient.open({ databaseUrl: url, pgliteDir: 'memory://', poolSize: 2, statementTimeoutMs: TIMEOUT_MS });
    try {
      const order: string[] = [];
      const first = database.exclusive(async () => {
        order.push('first starts');
        await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 4));
        order.push('first ends');
      });
      // The second asks once the first holds the lock.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = other.exclusive(async () => {
        order.push('second starts');
      });
      await Promise.all([first, second]);
      expect(order).toEqual(['first starts', 'first ends', 'second starts']);
    } finally {
      await other.close();
    }
  });
});
