// Baseline (a): the league's historical frequencies of home win, draw, away win and Over 2.5 in
// every match before the fit date, the same forecast for every fixture. With Laplace smoothing so
// that an empty or tiny history still gives proper probabilities.
import type { Forecast, MatchResult } from './types.ts';

export interface FrequencyModel {
  kind: 'frequency';
  matches: number;
  forecast: Forecast;
}

export function fitFrequency(matches: readonly MatchResult[], opts: { asOf?: string } = {}): FrequencyModel {
  let home = 1;
  let draw = 1;
  let away = 1;
  let over = 1;
  let under = 1;
  let count = 0;
  for (const m of matches) {
    if (opts.asOf !== undefined && m.date >= opts.asOf) continue;
    count++;
    if (m.homeGoals > m.awayGoals) home++;
    else if (m.homeGoals === m.awayGoals) draw++;
    else away++;
    if (m.homeGoals + m.awayGoals > 2) over++;
    else under++;
  }
  const total = home + draw + away;
  return {
    kind: 'frequency',
    matches: count,
    forecast: { oneXTwo: { home: home / total, draw: draw / total, away: away / total }, over25: over / (over + under) },
  };
}
