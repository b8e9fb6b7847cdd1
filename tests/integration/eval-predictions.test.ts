// The product owner's measuring tool, run as they run it: `npm run eval:predictions -- --league
// <code> --season <season> --out <file.csv>` on the real data (../shared/data/football). The CSV is
// checked against the data file itself, and the printed scores are recomputed from the CSV, so a
// table that disagrees with the forecasts it claims to score fails here.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { footballDataDir as dataDir } from '../support/football-data.ts';

const run = promisify(execFile);
const script = path.resolve('scripts/eval-predictions.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-eval-'));

function evaluate(args: string[]) {
  return run(process.execPath, [script, ...args], { maxBuffer: 16 * 1024 * 1024 });
}

async function failure(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const err = await evaluate(args).then(
    () => undefined,
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
  expect(err, `expected ${args.join(' ')} to fail`).toBeDefined();
  return { code: err!.code, stdout: err!.stdout, stderr: err!.stderr };
}

/** The played matches of one league-season, straight from the openfootball file. */
function played(league: string, season: string) {
  const file = path.join(dataDir, 'openfootball', 'football.json', season, `${league}.json`);
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    matches: { date: string; team1: string; team2: string; score?: { ft?: [number, number] } }[];
  };
  return json.matches
    .filter((m) => m.score?.ft)
    .map((m) => `${m.date},${m.team1},${m.team2},${m.score!.ft![0]},${m.score!.ft![1]}`)
    .sort();
}

/** A forecaster's row of the printed table: RPS 1X2, LL 1X2, Brier 1X2, RPS O/U 2.5, LL O/U 2.5, Brier O/U 2.5. */
function tableRow(stdout: string, label: string, forecaster: string): number[] {
  const lines = stdout.split('\n');
  const header = lines.find((l) => l.startsWith('| league '));
  expect(header?.split('|').slice(5, 11).map((c) => c.trim())).toEqual(['RPS 1X2', 'LL 1X2', 'Brier 1X2', 'RPS O/U2.5', 'LL O/U2.5', 'Brier O/U2.5']);
  const start = lines.findIndex((l) => l.startsWith(`| ${label} `));
  expect(start, `table row ${label}`).toBeGreaterThanOrEqual(0);
  const row = lines.slice(start, start + 3).find((l) => l.split('|')[4]?.trim() === forecaster);
  expect(row, `${forecaster} row under ${label}`).toBeDefined();
  return row!
    .split('|')
    .slice(5, 11)
    .map((c) => Number(c.trim()));
}

describe('npm run eval:predictions', { timeout: 180_000 }, () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('replays a held-out season, writes one CSV row per played match and prints the scores of those rows', async () => {
    const out = path.join(dir, 'nl.csv');
    const { stdout } = await evaluate(['--league', 'nl.1', '--season', '2023-24', '--out', out]);

    const [header, ...rows] = fs.readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(header).toBe('date,league,home,away,home_goals,away_goals,p_home,p_draw,p_away,p_over_2_5');
    const cells = rows.map((r) => r.split(','));
    // Every played match of the season once, teams named and scores given as in the data file.
    expect(cells.map((c) => [c[0], c[2], c[3], c[4], c[5]].join(',')).sort()).toEqual(played('nl.1', '2023-24'));
    expect(new Set(cells.map((c) => c[1]))).toEqual(new Set(['nl.1']));

    let rps = 0;
    let logLoss = 0;
    let brier = 0;
    let rpsOver = 0;
    let logLossOver = 0;
    let brierOver = 0;
    for (const c of cells) {
      const [home, draw, away, over] = c.slice(6).map(Number) as [number, number, number, number];
      for (const p of [home, draw, away, over]) {
        expect(p).toBeGreaterThan(0);
        expect(p).toBeLessThan(1);
      }
      expect(home + draw + away).toBeCloseTo(1, 5);
      const goals = [Number(c[4]), Number(c[5])] as const;
      const outcome = [goals[0] > goals[1], goals[0] === goals[1], goals[0] < goals[1]].map(Number);
      rps += ((home - outcome[0]!) ** 2 + (home + draw - outcome[0]! - outcome[1]!) ** 2) / 2;
      logLoss -= Math.log([home, draw, away][outcome.indexOf(1)]!);
      brier += (home - outcome[0]!) ** 2 + (draw - outcome[1]!) ** 2 + (away - outcome[2]!) ** 2;
      const wentOver = goals[0] + goals[1] > 2 ? 1 : 0;
      rpsOver += (over - wentOver) ** 2;
      logLossOver -= Math.log(wentOver ? over : 1 - over);
      // Brier summed over both outcomes, Over and Under, as the 1X2 one is over three.
      brierOver += (over - wentOver) ** 2 + (1 - over - (1 - wentOver)) ** 2;
    }
    const n = cells.length;
    const model = tableRow(stdout, 'nl.1 2023-24', 'Gelora DC');
    expect(model[0]).toBeCloseTo(rps / n, 4);
    expect(model[1]).toBeCloseTo(logLoss / n, 4);
    expect(model[2]).toBeCloseTo(brier / n, 4);
    expect(model[3]).toBeCloseTo(rpsOver / n, 4);
    expect(model[4]).toBeCloseTo(logLossOver / n, 4);
    expect(model[5]).toBeCloseTo(brierOver / n, 4);
    // The two baselines are scored beside it, on the same matches.
    for (const baseline of ['Elo', 'Frequency']) {
      const scores = tableRow(stdout, 'nl.1 2023-24', baseline);
      expect(scores).toHaveLength(6);
      for (const s of scores) expect(s).toBeGreaterThan(0);
    }
    expect(stdout).toMatch(/^nl\.1 2023-24 \(5 earlier seasons\): 1X2 RPS (beats both|does NOT beat both)/m);
    expect(stdout).toMatch(new RegExp(`wrote ${n} rows to `));
    // Fit time and run time are printed.
    expect(stdout).toMatch(new RegExp(`${n} matches; \\d+ Dixon–Coles fits in [\\d.]+ s \\([\\d.]+ ms each\\); evaluation run time [\\d.]+ s`));
  });

  it('counts a league or season named twice once', async () => {
    const out = path.join(dir, 'twice.csv');
    const { stdout } = await evaluate(['--league', 'nl.1,nl.1', '--season', '2023-24,2023-24', '--out', out]);
    const n = played('nl.1', '2023-24').length;
    expect(fs.readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(n + 1);
    expect(stdout.split('\n').filter((l) => /^\| nl\.1 2023-24 /.test(l))).toHaveLength(1);
    expect(stdout).toContain(`wrote ${n} rows to `);
  });

  it('with --by-season, adds a row per season to the pooled one, and gives one season one row', async () => {
    const rowsOf = (stdout: string) => stdout.split('\n').filter((l) => /^\| nl\.1 /.test(l)).map((l) => l.split('|')[1]!.trim());
    const two = await evaluate(['--league', 'nl.1', '--season', '2022-23,2023-24', '--by-season']);
    expect(rowsOf(two.stdout)).toEqual(['nl.1 2022-23', 'nl.1 2023-24', 'nl.1 pooled']);
    const one = await evaluate(['--league', 'nl.1', '--season', '2023-24', '--by-season']);
    expect(rowsOf(one.stdout)).toEqual(['nl.1 2023-24']);
    expect(one.stdout.split('\n').filter((l) => l.startsWith('nl.1 2023-24 ('))).toHaveLength(1);
  });

  it('refuses a season the data does not have, naming the seasons it has', async () => {
    const { code, stderr } = await failure(['--league', 'nl.1', '--season', '1999-00']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/no season 1999-00 in .* \(have 2015-16, .*2023-24/);
  });

  it('refuses a league the data does not have, alone or in a list, naming the leagues it has', async () => {
    for (const league of ['xx.9', 'nl.1,xx.9', '../2023-24/nl.1']) {
      const { code, stdout, stderr } = await failure(['--league', league, '--season', '2023-24']);
      expect(code).toBe(1);
      expect(stderr).toMatch(/no league (xx\.9|\.\.\/2023-24\/nl\.1) in .* \(have de\.1, en\.1, en\.2, .*pt\.1/);
      // Refused before the replay: no table of the leagues it has.
      expect(stdout).not.toContain('| nl.1');
    }
  });

  it('refuses a league with no played matches in the seasons asked for', async () => {
    // The Eredivisie's data begins in 2018-19.
    const { code, stderr } = await failure(['--league', 'nl.1', '--season', '2017-18']);
    expect(code).toBe(1);
    expect(stderr).toContain('no played matches to evaluate for league nl.1, season 2017-18');
    // Beside a league that has the season: replayed without it, and the leaving out said.
    const both = await evaluate(['--league', 'de.1,nl.1', '--season', '2017-18']);
    expect(both.stderr).toContain('skipped nl.1 2017-18: the data has no such season of this league');
    expect(both.stdout).toMatch(/^\| de\.1 2017-18 /m);
    expect(both.stdout).not.toMatch(/^\| nl\.1 /m);
  });

  it('answers a malformed command line with one line and exit code 2, before any replay', async () => {
    for (const [args, message] of [
      [['--half-life=-5'], '--half-life must be a positive number (got -5)'],
      [['--prior', 'abc'], '--prior must be a positive number (got abc)'],
      [['--newcomer-shift', 'x'], '--newcomer-shift must be a number (got x)'],
      [['--leage', 'nl.1'], "Unknown option '--leage'"],
      [['--out', path.join(dir, 'missing', 'x.csv')], `--out: cannot write into ${path.join(dir, 'missing')}`],
      [['--out', dir], `--out: ${dir} is a folder, not a file`],
      [['--out', ''], '--out needs a file name'],
      // Asked twice, the last would silently win: nl.1 alone was evaluated as es.1 alone.
      [['--league', 'es.1'], '--league given twice (a list is one value: --league a,b)'],
    ] as const) {
      const { code, stderr } = await failure(['--league', 'nl.1', '--season', '2023-24', ...args]);
      expect(code).toBe(2);
      expect(stderr.split('\n')[0]).toBe(message);
      expect(stderr).toContain('usage: npm run eval:predictions --');
      expect(stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('--help prints the usage and exits 0, evaluating nothing', async () => {
    for (const flag of ['--help', '-h']) {
      const { stdout, stderr } = await evaluate([flag]);
      expect(stdout).toMatch(/^usage: npm run eval:predictions -- \[--league /);
      expect(stdout).not.toContain('RPS');
      expect(stderr).toBe('');
    }
  });
});
