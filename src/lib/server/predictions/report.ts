// Plain-text tables for the evaluation command.
import type { Scores, Tally } from './metrics.ts';

export interface Forecasters {
  model: Tally;
  elo: Tally;
  frequency: Tally;
}

const NAMES: Record<keyof Forecasters, string> = { model: 'Gelora DC', elo: 'Elo', frequency: 'Frequency' };

export function formatTable(rows: readonly { label: string; history: number; tallies: Forecasters }[]): string {
  const header = ['league', 'hist', 'n', 'forecaster', 'RPS 1X2', 'LL 1X2', 'Brier 1X2', 'RPS O/U2.5', 'LL O/U2.5'];
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
      ]);
    }
  }
  const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  const render = (l: string[]) => `| ${l.map((c, i) => (i < 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i < 4 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [render(header), rule, ...lines.slice(1).map(render)].join('\n') +
    '\n(hist = earlier seasons of the league in the data; RPS of the binary O/U 2.5 equals its Brier score)';
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
