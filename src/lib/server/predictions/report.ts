// Plain-text tables for the evaluation command.
import type { Prediction } from './evaluate.ts';
import { type Scores, type Sums, type Tally, encompassing, pairedDifference, scoreOne } from './metrics.ts';

export interface Forecasters {
  model: Tally;
  elo: Tally;
  frequency: Tally;
}

const NAMES: Record<keyof Forecasters, string> = { model: 'Gelora DC', elo: 'Elo', frequency: 'Frequency' };

export function formatTable(rows: readonly { label: string; history: number; tallies: Forecasters }[]): string {
  const header = ['league', 'hist', 'n', 'forecaster', 'RPS 1X2', 'LL 1X2', 'Brier 1X2', 'RPS O/U2.5', 'LL O/U2.5', 'Brier O/U2.5'];
  const lines: string[][] = [header];
  for (const row of rows) {
    for (const key of ['model', 'elo', 'frequency'] as const) {
      const s = row.tallies[key].mean();
      lines.push([
        key === 'model' ? row.label : '',
        key === 'model' && Number.isFinite(row.history) ? String(row.history) : '',
        key === 'model' ? String(s.count) : '',
        NAMES[key],
        f(s.rps1x2),
        f(s.logLoss1x2),
        f(s.brier1x2),
        f(s.rpsOu25),
        f(s.logLossOu25),
        f(s.brierOu25),
      ]);
    }
  }
  const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  const render = (l: string[]) => `| ${l.map((c, i) => (i < 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i < 4 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [render(header), rule, ...lines.slice(1).map(render)].join('\n') +
    '\n(hist = earlier seasons of the league in the data; Brier sums (p − o)² over the outcomes, so for the two-way O/U 2.5 it is twice its RPS)';
}

function f(x: number): string {
  return Number.isFinite(x) ? x.toFixed(4) : '—';
}

type Metric = keyof Pick<Scores, 'rps1x2' | 'logLoss1x2' | 'rpsOu25' | 'logLossOu25'>;

function beats(t: Forecasters, metric: Metric): boolean {
  const m = t.model.mean()[metric];
  return m < t.elo.mean()[metric] && m < t.frequency.mean()[metric];
}

export function verdict(label: string, history: number, t: Forecasters): string {
  const mark = (ok: boolean) => (ok ? 'beats both' : 'does NOT beat both');
  return (
    `${label} (${history} earlier seasons): 1X2 RPS ${mark(beats(t, 'rps1x2'))}, log-loss ${mark(beats(t, 'logLoss1x2'))}; ` +
    `O/U 2.5 RPS ${mark(beats(t, 'rpsOu25'))}, log-loss ${mark(beats(t, 'logLossOu25'))}`
  );
}

/**
 * Per league: the model's score minus Elo's on the same matches, ± one standard error of that mean
 * difference (negative: the model is better). Tells a real lead from noise: with a few hundred
 * matches a difference of ±0.001 in RPS is usually within one standard error.
 */
export function formatPaired(groups: readonly { label: string; predictions: readonly Prediction[] }[]): string {
  const lines = ['model − Elo on the same matches (negative: the model is better), ± 1 standard error:'];
  for (const { label, predictions } of groups) {
    // Scored as the table scores them (Tally.add), match by match.
    const scores = (pick: (p: Prediction) => Prediction['model']) =>
      predictions.map((p) => scoreOne(pick(p).oneXTwo, pick(p).over25, p.fixture.fullTime!.home, p.fixture.fullTime!.away));
    const m = scores((p) => p.model);
    const e = scores((p) => p.elo);
    const d = (k: keyof Sums) => {
      const { mean, se } = pairedDifference(
        m.map((s) => s[k]),
        e.map((s) => s[k]),
      );
      return `${mean >= 0 ? '+' : '−'}${Math.abs(mean).toFixed(4)} ± ${se.toFixed(4)}`;
    };
    lines.push(
      `${label.padEnd(8)} 1X2 RPS ${d('rps1x2')}, log-loss ${d('logLoss1x2')}; O/U 2.5 RPS ${d('rpsOu25')}, log-loss ${d('logLossOu25')}`,
    );
  }
  return lines.join('\n');
}

/**
 * Per league: does Elo know something about Over 2.5 that the model does not? The weights of both
 * forecasters' log-odds in one logistic regression of what happened (see metrics.encompassing).
 * A ranking of mean scores can flip with the sample; a weight of Elo within about two standard
 * errors of 0 says that, on these matches, its forecasts add nothing to the model's.
 */
export function formatEncompassing(groups: readonly { label: string; predictions: readonly Prediction[] }[]): string {
  const lines = ['O/U 2.5 encompassing: weights of the model and of Elo in one logistic regression of what happened, ± 1 standard error:'];
  for (const { label, predictions } of groups) {
    const over = predictions.map((p) => p.fixture.fullTime!.home + p.fixture.fullTime!.away > 2.5);
    let w: ReturnType<typeof encompassing>;
    try {
      w = encompassing(
        predictions.map((p) => p.model.over25),
        predictions.map((p) => p.elo.over25),
        over,
      );
    } catch (e) {
      // A forecaster that says the same for every match (or repeats the other) has no weight to estimate.
      if (!(e instanceof RangeError)) throw e;
      lines.push(`${label.padEnd(8)} — (a forecaster does not vary over these matches)`);
      continue;
    }
    const show = (x: { coef: number; se: number }) => `${x.coef < 0 ? '−' : ''}${Math.abs(x.coef).toFixed(2)} ± ${x.se.toFixed(2)}`;
    lines.push(`${label.padEnd(8)} model ${show(w.a)}, Elo ${show(w.b)}`);
  }
  return lines.join('\n');
}
