// A fake apifootball.com on loopback for the adapter tests and the e2e run in provider mode. It
// speaks the real wire format (tests/fixtures/apifootball/*.json): GET ?action=…&APIkey=…, every
// value a string, errors as HTTP 200 objects, H2H as an object. Tests read `requests` to check
// what was asked (timezone=Asia/Jakarta on every call) and change `state` to move a match on.
// With `history`, get_events also serves past seasons of those leagues (fake-apifootball-history.ts).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { generateHistory } from './fake-apifootball-history.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/apifootball');
const WIB_MS = 7 * 3_600_000;

export type WireRow = Record<string, unknown>;

export interface FakeState {
  events: WireRow[];
  leagues: WireRow[];
  standings: Record<string, WireRow[]>;
  h2h: Record<string, { firstTeam_VS_secondTeam: WireRow[]; firstTeam_lastResults: WireRow[]; secondTeam_lastResults: WireRow[] }>;
  predictions: WireRow[];
  /** When set, every call answers with this body (e.g. an error object) and status. */
  failWith?: { status: number; body: unknown } | undefined;
  /** When set and it returns an answer for a call's query, that call fails with it (one window, say). */
  failIf?: ((query: URLSearchParams) => { status: number; body: unknown } | undefined) | undefined;
  /** When set, every answer waits this long (a slow or, with a long wait, a hung provider). */
  delayMs?: number | undefined;
  /** When set and it returns a wait for a call's query, that call's answer waits this long (one slow league, say). */
  delayIf?: ((query: URLSearchParams) => number | undefined) | undefined;
}

export interface FakeOptions {
  key?: string;
  now?: () => Date;
  /** Extra predicted matches for today (premier league fixtures), to page the prediction list. */
  generatedPredictions?: number;
  /** Leagues ('152', '207', '302') whose past seasons get_events serves, up to the day before yesterday. */
  history?: string[];
}

function wibDay(ms: number): string {
  return new Date(ms + WIB_MS).toISOString().slice(0, 10);
}

/** Replaces {{today±n}} and {{now-1h}} with dates and times in Asia/Jakarta. */
export function resolvePlaceholders(text: string, now: Date): string {
  const t = now.getTime();
  return text
    .replace(/\{\{today([+-]\d+)?\}\}/g, (_m, offset: string | undefined) => wibDay(t + Number(offset ?? 0) * 86_400_000))
    .replace(/\{\{now-1h\}\}/g, () => {
      const wib = new Date(t + WIB_MS - 3_600_000);
      // Just after midnight the hour before is yesterday: start the match at 00:00 instead.
      if (wib.toISOString().slice(0, 10) !== wibDay(t)) return '00:00';
      return wib.toISOString().slice(11, 16);
    });
}

function load<T>(file: string, now: Date): T {
  return JSON.parse(resolvePlaceholders(fs.readFileSync(path.join(FIXTURES, file), 'utf8'), now)) as T;
}

export function initialState(now: Date, generated = 0): FakeState {
  const state: FakeState = {
    events: load('events.json', now),
    leagues: load('leagues.json', now),
    standings: load('standings.json', now),
    h2h: load('h2h.json', now),
    predictions: load('predictions.json', now),
  };
  const template = state.predictions.find((p) => p['match_id'] === '900003')!;
  const today = wibDay(now.getTime());
  for (let i = 0; i < generated; i++) {
    // Kick-offs from 23:59 WIB backwards, one a minute: all today, all still to come late in the day.
    const minutes = 23 * 60 + 59 - i;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const id = String(910000 + i);
    const home = String(7000 + 2 * i);
    const away = String(7001 + 2 * i);
    // The double chances are sums of the 1X2 percentages, as in the provider's rows.
    const [hw, d, aw] = [30 + (i % 20), 25, 45 - (i % 20)];
    state.predictions.push({
      ...template,
      match_id: id,
      league_id: '152',
      league_name: 'Premier League',
      country_name: 'England',
      match_date: today,
      match_time: time,
      match_hometeam_id: home,
      match_hometeam_name: `Tim Kandang ${i + 1}`,
      match_awayteam_id: away,
      match_awayteam_name: `Tim Tandang ${i + 1}`,
      prob_HW: hw.toFixed(2),
      prob_D: d.toFixed(2),
      prob_AW: aw.toFixed(2),
      prob_HW_D: (hw + d).toFixed(2),
      prob_AW_D: (aw + d).toFixed(2),
      prob_HW_AW: (hw + aw).toFixed(2),
    });
  }
  return state;
}

const s = (v: unknown) => (typeof v === 'string' ? v : '');

function inRange(row: WireRow, from: string | null, to: string | null): boolean {
  const d = s(row['match_date']);
  return (!from || d >= from) && (!to || d <= to);
}

export async function startFakeApifootball(opts: FakeOptions = {}) {
  const key = opts.key ?? 'kunci-uji';
  const now = opts.now ?? (() => new Date());
  const state: FakeState = initialState(now(), opts.generatedPredictions ?? 0);
  if (opts.history?.length) state.events.push(...generateHistory(now(), opts.history));
  const requests: URL[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url);
    const delay = state.delayIf?.(url.searchParams) ?? state.delayMs;
    if (delay) {
      const timer = setTimeout(() => answer(url, res), delay);
      res.on('close', () => clearTimeout(timer));
    } else answer(url, res);
  });

  function answer(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const send = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const failure = state.failIf?.(q) ?? state.failWith;
    if (failure) return send(failure.body, failure.status);
    // The real service answers a bad key with HTTP 200 and an error object.
    if (q.get('APIkey') !== key) return send({ error: 404, message: 'Authentification failed!' });
    switch (q.get('action')) {
      case 'get_events': {
        if (!q.get('from') && !q.get('match_id')) return send({ error: 201, message: 'Required parameters missing' });
        const rows = state.events.filter(
          (e) =>
            (!q.get('match_id') || e['match_id'] === q.get('match_id')) &&
            (!q.get('league_id') || e['league_id'] === q.get('league_id')) &&
            (!q.get('team_id') || e['match_hometeam_id'] === q.get('team_id') || e['match_awayteam_id'] === q.get('team_id')) &&
            (q.get('match_live') !== '1' || e['match_live'] === '1') &&
            (q.get('match_id') ? true : inRange(e, q.get('from'), q.get('to'))),
        );
        return send(rows.length ? rows : { error: 404, message: 'No event found (please check your plan)!' });
      }
      case 'get_leagues':
        return send(state.leagues);
      case 'get_standings': {
        const rows = state.standings[q.get('league_id') ?? ''];
        return send(rows ?? { error: 404, message: 'No standings found!' });
      }
      case 'get_H2H': {
        const found = state.h2h[`${q.get('firstTeamId')}-${q.get('secondTeamId')}`];
        return send(found ?? { firstTeam_VS_secondTeam: [], firstTeam_lastResults: [], secondTeam_lastResults: [] });
      }
      case 'get_predictions': {
        const rows = state.predictions.filter(
          (p) =>
            (!q.get('match_id') || p['match_id'] === q.get('match_id')) &&
            (!q.get('league_id') || p['league_id'] === q.get('league_id')) &&
            (q.get('match_id') ? true : inRange(p, q.get('from'), q.get('to'))),
        );
        return send(rows.length ? rows : { error: 404, message: 'No event found (please check your plan)!' });
      }
      default:
        return send({ error: 201, message: 'Required parameters missing' });
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    key,
    state,
    requests,
    /** The calls of one action, in order. */
    calls: (action: string) => requests.filter((r) => r.searchParams.get('action') === action),
    event: (id: string) => state.events.find((e) => e['match_id'] === id)!,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A delayed answer may hold its connection: end it rather than wait for it.
        server.closeAllConnections();
      }),
  };
}

export type FakeApifootball = Awaited<ReturnType<typeof startFakeApifootball>>;
