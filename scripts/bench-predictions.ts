// npm run bench:predictions: what the daily refit costs. Fits one model per league of the embedded
// data (every league file, the Champions League and the World Cups included), cold and then warm
// from the first fit, as of the day after the latest result, and predicts every fixture of each
// league's latest season scheduled from that day on (the service also forecasts a running season's
// postponed and unscored fixtures: a few more of the same cost).
import fs from 'node:fs/promises';
import path from 'node:path';
import * as config from '../src/lib/server/config.ts';
import { fromProjectRoot } from '../src/lib/server/project-root.ts';
import { addDays } from '../src/lib/server/predictions/dates.ts';
import { type Model, fit, predict } from '../src/lib/server/predictions/model.ts';
import * as openfootball from '../src/lib/server/predictions/openfootball.ts';
import type { MatchResult } from '../src/lib/server/predictions/types.ts';

const dataDir = fromProjectRoot(config.load().FOOTBALL_DATA_DIR);
const readStarted = performance.now();
const seasons = await openfootball.listSeasons(dataDir);
const byLeague = new Map<string, { season: string; fixtures: openfootball.Fixture[] }[]>();
for (const season of seasons) {
  for (const file of await fs.readdir(path.join(dataDir, 'openfootball', 'football.json', season))) {
    if (!file.endsWith('.json')) continue;
    const league = file.slice(0, -'.json'.length);
    const fixtures = (await openfootball.readSeason(dataDir, league, season))!;
    if (!byLeague.has(league)) byLeague.set(league, []);
    byLeague.get(league)!.push({ season, fixtures });
  }
}
const worldCups = [];
for (const year of [2018, 2022, 2026]) worldCups.push({ season: String(year), fixtures: await openfootball.readWorldCup(dataDir, year) });
byLeague.set('worldcup', worldCups);
const readMs = performance.now() - readStarted;

const results = (league: string) => (byLeague.get(league) ?? []).flatMap((f) => openfootball.results(f.fixtures));
const all: MatchResult[] = [...byLeague.keys()].flatMap(results);
const asOf = addDays(all.reduce((max, m) => (m.date > max ? m.date : max), all[0]!.date), 1);

interface Job {
  league: string;
  matches: MatchResult[];
  season: string;
  teams: string[];
  upcoming: openfootball.Fixture[];
}
const jobs: Job[] = [...byLeague.keys()].sort().map((league) => {
  const files = byLeague.get(league)!;
  const latest = files.at(-1)!;
  const linked = (openfootball.LINKED_LEAGUES[league] ?? []).flatMap(results);
  return {
    league,
    matches: [...results(league), ...linked],
    season: latest.season,
    teams: league === 'worldcup' ? [] : [...new Set(latest.fixtures.flatMap((f) => [f.homeKey, f.awayKey]))],
    upcoming: latest.fixtures.filter((f) => f.status === 'scheduled' && f.date >= asOf),
  };
});

const run = (warm?: Map<string, Model>) => {
  const models = new Map<string, Model>();
  const times: string[] = [];
  let longest = { league: '', ms: 0 };
  let predictions = 0;
  const started = performance.now();
  for (const job of jobs) {
    const t = performance.now();
    const previous = warm?.get(job.league);
    const model = fit(job.matches, {
      asOf,
      league: job.league,
      season: job.season,
      ...(job.teams.length ? { teams: job.teams } : {}),
      ...(previous ? { warmStart: previous } : {}),
    });
    for (const f of job.upcoming) {
      predict(model, f.homeKey, f.awayKey, { neutral: f.neutral });
      predictions++;
    }
    models.set(job.league, model);
    const ms = performance.now() - t;
    if (ms > longest.ms) longest = { league: job.league, ms };
    times.push(`${job.league} ${ms.toFixed(0)} ms (${model.fit.matches} matches, ${Object.keys(model.teams).length} teams, ${model.fit.iterations} steps)`);
  }
  return { models, ms: performance.now() - started, times, longest, predictions };
};

const cold = run();
const warm = run(cold.models);
console.log(`read ${all.length} results of ${jobs.length} leagues in ${(readMs / 1000).toFixed(2)} s; fits as of ${asOf}`);
console.log(`cold: ${cold.times.join('; ')}`);
console.log(
  `fit all ${jobs.length} leagues and predict ${cold.predictions} upcoming fixtures: cold ${(cold.ms / 1000).toFixed(2)} s, ` +
    `warm (daily refit) ${(warm.ms / 1000).toFixed(2)} s — budget 10 s (process CPU so far ${(process.cpuUsage().user / 1e6).toFixed(2)} s)`,
);
// The service yields to the event loop between leagues, so this is the longest the server stops
// answering during a refit while it serves traffic (the cold fit runs at boot, before it listens).
console.log(`longest single league fit, warm: ${warm.longest.league} ${warm.longest.ms.toFixed(0)} ms (cold: ${cold.longest.league} ${cold.longest.ms.toFixed(0)} ms)`);
