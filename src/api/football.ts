// Football JSON for the islands and anyone else: public, no auth. Thin routes: parse the query
// with the shared schema, make one service call, reply.
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../lib/server/context.ts';
import { DEFAULT_LEAGUE_ID } from '../lib/shared/constants.ts';
import { footballApi } from '../lib/shared/messages/index.ts';
import {
  matchIdSchema,
  matchesQuerySchema,
  predictionsQuerySchema,
  standingsQuerySchema,
} from '../lib/shared/schemas/football.ts';
import { wibDateKey } from '../lib/shared/format.ts';
import { HttpError } from './errors.ts';
import * as validate from './validate.ts';

const cache = (seconds: number) => `public, max-age=${seconds}`;

export const football: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const fb = services.football;

  app.get('/api/v1/football/leagues', async (_req, reply) =>
    reply.header('cache-control', cache(3600)).send({ leagues: fb.catalogue(), defaultLeague: DEFAULT_LEAGUE_ID }),
  );

  /**
   * view=live (now), incoming (coming fixtures; the default without a date) or date (one WIB day,
   * date=YYYY-MM-DD, which alone implies it).
   * `now` is the football clock's instant of the answer: the live score page says when its scores
   * changed by it, not by the phone's own clock, which may be wrong.
   */
  app.get('/api/v1/football/matches', async (req, reply) => {
    const q = validate.query(matchesQuerySchema, req.query);
    const matches =
      q.view === 'live' ? await fb.live(q.league) : q.view === 'date' ? await fb.byDate(q.date!, q.league) : await fb.incoming(q.league);
    return reply
      .header('cache-control', cache(q.view === 'live' ? 15 : 60))
      .send({ view: q.view, today: wibDateKey(fb.now()), now: fb.now().toISOString(), matches });
  });

  app.get('/api/v1/football/matches/:id', async (req, reply) => {
    const { id } = validate.params(matchIdSchema, req.params);
    const match = await fb.match(id);
    if (!match) throw new HttpError(404, footballApi.matchNotFound);
    return reply.header('cache-control', cache(30)).send(match);
  });

  app.get('/api/v1/football/matches/:id/h2h', async (req, reply) => {
    const { id } = validate.params(matchIdSchema, req.params);
    const h2h = await fb.headToHead(id);
    if (!h2h) throw new HttpError(404, footballApi.matchNotFound);
    return reply.header('cache-control', cache(300)).send(h2h);
  });

  app.get('/api/v1/football/matches/:id/prediction', async (req, reply) => {
    const { id } = validate.params(matchIdSchema, req.params);
    const found = await fb.matchPrediction(id);
    if (!found) throw new HttpError(404, footballApi.matchNotFound);
    return reply.header('cache-control', cache(300)).send(found);
  });

  app.get('/api/v1/football/standings', async (req, reply) => {
    const q = validate.query(standingsQuerySchema, req.query);
    const table = await fb.standings(q.league, q.season);
    if (!table) throw new HttpError(404, footballApi.standingsNotFound);
    return reply.header('cache-control', cache(300)).send(table);
  });

  /** Predicted matches between two WIB dates, in catalogue order, paged 50 at a time. */
  app.get('/api/v1/football/predictions', async (req, reply) => {
    const q = validate.query(predictionsQuerySchema, req.query);
    const all = await fb.predictions({ from: q.from, to: q.to, leagueId: q.league });
    return reply
      .header('cache-control', cache(300))
      .send({ total: all.length, offset: q.offset, limit: q.limit, items: all.slice(q.offset, q.offset + q.limit) });
  });

  app.get('/api/v1/football/popular', async (_req, reply) =>
    reply.header('cache-control', cache(600)).send({ matches: await fb.popular() }),
  );
};
