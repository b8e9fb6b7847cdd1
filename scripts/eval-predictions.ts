// npm run eval:predictions -- [--league <code[,code…]|all>] [--season <season[,season…]|all>] [--by-season] [--out file.csv]
//
// Replays seasons match day by match day (every forecaster refitted on the results strictly
// before each date) and prints RPS, log-loss and Brier for 1X2 and Over/Under 2.5: Gelora's
// Dixon–Coles model beside (a) the league's historical frequencies and (b) Elo, then per league the
// model − Elo difference with its standard error and the Over/Under 2.5 encompassing weights.
// Defaults: every league, the development seasons 2022-23 and 2023-24 — the only seasons the model's
// parameters were tuned on. Later seasons are for the product owner's held-out measurement: do not tune on them.
//
// Tuning knobs (development seasons only): --half-life <days> --prior <precision> --openness <precision>
// --form <precision> --season-level <precision> --newcomer-shift <x> --elo-k <k> --elo-home <points>.
// --by-season adds a row per league-season to the pooled rows (with one season, the pooled row is it).
// --help prints the usage. Exit codes: 0 done; 1 nothing to evaluate (a season or league the data lacks); 2 a malformed command line.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as config from '../src/lib/server/config.ts';
import { fromProjectRoot } from '../src/lib/server/project-root.ts';
import { type Prediction, replay } from '../src/lib/server/predictions/evaluate.ts';
import { Tally } from '../src/lib/server/predictions/metrics.ts';
import { DEFAULTS } from '../src/lib/server/predictions/model.ts';
import { ELO_DEFAULTS } from '../src/lib/server/predictions/elo.ts';
import * as openfootball from '../src/lib/server/predictions/openfootball.ts';
import { formatEncompassing, formatPaired, formatTable, type Forecasters, verdict } from '../src/lib/server/predictions/report.ts';

const started = performance.now();
const USAGE =
  'usage: npm run eval:predictions -- [--league <code[,code…]|all>] [--season <season[,season…]|all>] [--by-season] [--out file.csv] ' +
  '(see the header of scripts/eval-predictions.ts)';
// A malformed command line gets a one-line message and exit code 2, not a stack trace.
const { values, tokens } = (() => {
  try {
    return parseArgs({
      tokens: true,
      options: {
        league: { type: 'string', default: 'all' },
        season: { type: 'string', default: '2022-23,2023-24' },
        out: { type: 'string' },
        'half-life': { type: 'string' },
        prior: { type: 'string' },
        openness: { type: 'string' },
        form: { type: 'string' },
        'season-level': { type: 'string' },
        'newcomer-shift': { type: 'string' },
        'elo-k': { type: 'string' },
        'elo-home': { type: 'string' },
        'by-season': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: false,
    });
  } catch (err) {
    return usageError((err as Error).message.split('\n')[0]!);
  }
})();

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
// An option given twice would silently keep its last value (a league list is written with commas).
const seen = new Set<string>();
for (const token of tokens) {
  if (token.kind !== 'option') continue;
  if (seen.has(token.name)) usageError(`--${token.name} given twice (a list is one value: --${token.name} a,b)`);
  seen.add(token.name);
}

const num = (name: string, v: string | undefined) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  const signed = name === 'newcomer-shift';
  if (!Number.isFinite(n) || (n <= 0 && !signed)) usageError(`--${name} must be a ${signed ? '' : 'positive '}number (got ${v})`);
  return n;
};

if (values.out !== undefined) {
  // Found out now rather than after the replay has run.
  if (!values.out.trim()) usageError('--out needs a file name');
  const file = path.resolve(values.out);
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) usageError(`--out: ${file} is a folder, not a file`);
  const folder = path.dirname(file);
  try {
    fs.accessSync(folder, fs.constants.W_OK);
  } catch {
    usageError(`--out: cannot write into ${folder}`);
  }
}

const dataDir = fromProjectRoot(config.load().FOOTBALL_DATA_DIR);
const allSeasons = await openfootball.listSeasons(dataDir);
/** A comma list, each item once: a league or season named twice would count its matches twice. */
const list = (v: string) => [...new Set(v.split(',').map((s) => s.trim()))];
const allLeagues = await openfootball.listLeagues(dataDir);
// 'all': the eight evaluated leagues, those the data has.
const leagues = values.league === 'all' ? openfootball.LEAGUES.filter((l) => allLeagues.includes(l)) : list(values.league);
const seasons = values.season === 'all' ? allSeasons : list(values.season);
for (const s of seasons) {
  if (allSeasons.includes(s)) continue;
  console.error(`no season ${s} in ${dataDir} (have ${allSeasons.join(', ')})`);
  process.exit(1);
}
// Checked before any replay: a misspelt code in a list was skipped, and the table left it out silently.
for (const l of leagues) {
  if (allLeagues.includes(l)) continue;
  console.error(`no league ${l} in ${dataDir} (have ${allLeagues.join(', ')})`);
  process.exit(1);
}

const modelOptions = {
  halfLifeDays: num('half-life', values['half-life']) ?? DEFAULTS.halfLifeDays,
  priorPrecision: num('prior', values.prior) ?? DEFAULTS.priorPrecision,
  opennessPrecision: num('openness', values.openness) ?? DEFAULTS.opennessPrecision,
  formPrecision: num('form', values.form) ?? DEFAULTS.formPrecision,
  seasonLevelPrecision: num('season-level', values['season-level']) ?? DEFAULTS.seasonLevelPrecision,
  newcomerShift: num('newcomer-shift', values['newcomer-shift']) ?? DEFAULTS.newcomerShift,
};
const eloOptions = {
  k: num('elo-k', values['elo-k']) ?? ELO_DEFAULTS.k,
  homeAdvantage: num('elo-home', values['elo-home']) ?? ELO_DEFAULTS.homeAdvantage,
};

const rows: { label: string; history: number; tallies: Forecasters }[] = [];
const overall = newTallies();
const all: Prediction[] = [];
let fits = 0;
let fitMs = 0;
for (const league of leagues) {
  const pooled = newTallies();
  let history = Infinity;
  let any = false;
  for (const season of seasons) {
    const files = await openfootball.readLeague(dataDir, league, season);
    const held = files.find((f) => f.season === season);
    if (!held) {
      console.warn(`skipped ${league} ${season}: the data has no such season of this league`);
      continue;
    }
    const earlier = files.filter((f) => f.season < season);
    if (!earlier.length) {
      console.warn(`skipped ${league} ${season}: no earlier season to learn from`);
      continue;
    }
    const linked = [];
    for (const other of openfootball.LINKED_LEAGUES[league] ?? []) linked.push(...(await openfootball.readLeague(dataDir, other, season)));
    const result = replay({
      league,
      season,
      history: [...files, ...linked].flatMap((f) => openfootball.results(f.fixtures)),
      fixtures: held.fixtures,
      model: modelOptions,
      elo: eloOptions,
    });
    fits += result.fits;
    fitMs += result.fitMs;
    if (!result.predictions.length) {
      console.warn(`skipped ${league} ${season}: no played matches`);
      continue;
    }
    all.push(...result.predictions);
    const tallies = tally(result.predictions);
    // With one season the pooled row below is that season's row.
    if (values['by-season'] && seasons.length > 1) rows.push({ label: `${league} ${season}`, history: earlier.length, tallies });
    merge(pooled, tallies);
    history = Math.min(history, earlier.length);
    any = true;
  }
  if (!any) continue;
  rows.push({ label: `${league} ${seasons.length > 1 ? 'pooled' : seasons[0]}`, history, tallies: pooled });
  merge(overall, pooled);
}
if (!all.length) {
  console.error(`no played matches to evaluate for league ${values.league}, season ${values.season} in ${dataDir}`);
  process.exit(1);
}
rows.push({ label: 'overall', history: NaN, tallies: overall });

// The model's settings were chosen on these: a replay of them is not a held-out test.
const development = seasons.filter((s) => s === '2022-23' || s === '2023-24');
const kind = development.length ? `replay (${development.join(' and ')}: development seasons, the settings were chosen on them)` : 'held-out replay';
console.log(`Gelora predictions — ${kind} of ${seasons.join(', ')}; data ${dataDir}`);
console.log(
  `model: Dixon–Coles, half-life ${modelOptions.halfLifeDays} d, prior precision ${modelOptions.priorPrecision}, openness precision ${modelOptions.opennessPrecision}, form precision ${modelOptions.formPrecision}, season-level precision ${modelOptions.seasonLevelPrecision}, newcomer shift ${modelOptions.newcomerShift}; ` +
    `Elo: K ${eloOptions.k}, home ${eloOptions.homeAdvantage}`,
);
console.log('');
console.log(formatTable(rows));
console.log('');
for (const r of rows) if (r.label !== 'overall') console.log(verdict(r.label, r.history, r.tallies));
console.log('');
const perLeague = leagues.map((league) => ({ label: league, predictions: all.filter((p) => p.fixture.league === league) }));
const groups = [...perLeague.filter((g) => g.predictions.length), { label: 'overall', predictions: all }];
console.log(formatPaired(groups));
console.log('');
console.log(formatEncompassing(groups));
if (values.out !== undefined) {
  fs.writeFileSync(values.out, csv(all));
  console.log(`\nwrote ${all.length} rows to ${values.out}`);
}
console.log(
  `\n${all.length} matches; ${fits} Dixon–Coles fits in ${(fitMs / 1000).toFixed(2)} s ` +
    `(${(fitMs / Math.max(fits, 1)).toFixed(1)} ms each); evaluation run time ${((performance.now() - started) / 1000).toFixed(1)} s ` +
    `(process CPU ${cpuSeconds().toFixed(1)} s; wall-clock times grow when other work shares the CPU)`,
);

function usageError(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

function newTallies(): Forecasters {
  return { model: new Tally(), elo: new Tally(), frequency: new Tally() };
}

function merge(into: Forecasters, from: Forecasters): void {
  into.model.merge(from.model);
  into.elo.merge(from.elo);
  into.frequency.merge(from.frequency);
}

function tally(predictions: readonly Prediction[]): Forecasters {
  const t = newTallies();
  for (const p of predictions) {
    const { home, away } = p.fixture.fullTime!;
    t.model.add(p.model.oneXTwo, p.model.over25, home, away);
    t.elo.add(p.elo.oneXTwo, p.elo.over25, home, away);
    t.frequency.add(p.frequency.oneXTwo, p.frequency.over25, home, away);
  }
  return t;
}

function csv(predictions: readonly Prediction[]): string {
  const field = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const p = (x: number) => x.toFixed(6);
  const lines = ['date,league,home,away,home_goals,away_goals,p_home,p_draw,p_away,p_over_2_5'];
  const sorted = [...predictions].sort(
    (a, b) => a.fixture.date.localeCompare(b.fixture.date) || a.fixture.league.localeCompare(b.fixture.league),
  );
  for (const { fixture: f, model: m } of sorted) {
    lines.push(
      [f.date, f.league, field(f.home), field(f.away), f.fullTime!.home, f.fullTime!.away, p(m.oneXTwo.home), p(m.oneXTwo.draw), p(m.oneXTwo.away), p(m.over25)].join(','),
    );
  }
  return lines.join('\n') + '\n';
}
