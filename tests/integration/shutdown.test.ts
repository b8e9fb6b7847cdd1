// Shutting down (main.ts calls app.close() on SIGTERM, then boot.ts's shutdown()): requests already on
// an open connection are still answered, each with Connection: close, so clients drain away instead
// of meeting errors; a refit of the predictions under way finishes before the database closes.
import net from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TEST_FOOTBALL_CLOCK } from '../support/clock.ts';
import { openTestDb } from '../support/db.ts';
import { createServer } from '../../src/api/server.ts';
import { shutdown } from '../../src/lib/server/boot.ts';

describe('shutting down', () => {
  let test: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await openTestDb('pglite', { seed: false });
    app = await createServer({ services: test.services, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await test?.close();
  });

  it('answers a request that arrives on an open connection after the shutdown began, then closes the connection', async () => {
    const port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    // A request under way (its body not yet sent) keeps the connection from being closed as idle.
    const underWay = once(app.server, 'request');
    socket.write('POST /api/v1/tidak-ada HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n');
    await underWay;
    const closed = app.close();
    // The server stops listening once the shutdown has begun.
    while (app.server.listening) await sleep(5);
    // The rest of that request and, behind it on the same connection, the next one.
    socket.write('{}GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await once(socket, 'close');
    await closed;
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((a) => a.slice(0, 12))).toEqual(['HTTP/1.1 404', 'HTTP/1.1 200']);
    expect(answers[1]).toMatch(/\r\nconnection: close\r\n/i);
    expect(answers[1]).toContain('"status":"ok"');
  });
});

describe('shutting down the services', () => {
  it('lets a refit under way finish and store its forecasts before the database closes', async () => {
    const test = await openTestDb('pglite', { seed: false, env: { FOOTBALL_CLOCK: TEST_FOOTBALL_CLOCK } });
    let closed = false;
    try {
      await test.services.football.source.prepare();
      // A refit after an admin's result, say, still fitting when SIGTERM comes.
      const refit = test.services.predictions.refit({ force: true });
      await shutdown(test.services);
      closed = true;
      // Closed under it, its writes failed with 'PGlite is closed'.
      await expect(refit).resolves.toMatchObject({ status: 'fitted' });
      expect((await refit).changed).toBeGreaterThan(0);
    } finally {
      if (!closed) await test.close();
    }
  }, 120_000);
});
