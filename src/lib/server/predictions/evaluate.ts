// The honest replay of a held-out season: for every match day (calendar date with matches), every
// forecaster is refitted on the results strictly before that date and predicts that day's matches.
// Nothing from the day itself or later can leak into its forecasts.
import { type EloOptions, fitElo, predictElo } from './elo.ts';
import { fitFrequency } from './frequency.ts';
import { type FitOptions, type Model, fit, predict } from './model.ts';
import { type Fixture, isLeagueFixture } from './openfootball.ts';
import type { Forecast, MatchResult } from './types.ts';

export interface ReplayInput {
  league: string;
  season: string;
  /**
   * Every result the forecasters may learn from (any season; the replay cuts by date): the league's,
   * and for the goals model those of linked leagues (MatchResult.league tells them apart). Elo and the
   * frequencies use the league's own results only.
   */
  history: readonly MatchResult[];
  /** The held-out season's fixtures; those with a result and in the league table are forecast. */
  fixtures: readonly Fixture[];
  model?: Partial<FitOptions>;
  elo?: Partial<EloOptions>;
}

export interface Prediction {
  fixture: Fixture;
  model: Forecast;
  elo: Forecast;
  frequency: Forecast;
}

export interface ReplayResult {
  predictions: Prediction[];
  /** Number of Dixon–Coles fits and the time they took. */
  fits: number;
  fitMs: number;
}

export function replay(input: ReplayInput): ReplayResult {
  const targets = input.fixtures.filter((f) => f.status === 'played' && f.fullTime && isLeagueFixture(f));
  const teams = [...new Set(input.fixtures.flatMap((f) => [f.homeKey, f.awayKey]))];
  const days = [...new Set(targets.map((f) => f.date))].sort();
  const predictions: Prediction[] = [];
  let warm: Model | undefined;
  let fitMs = 0;
  for (const day of days) {
    const before = input.history.filter((m) => m.date < day);
    const own = before.filter((m) => m.league === undefined || m.league === input.league);
    const context = { asOf: day, season: input.season, teams };
    const started = performance.now();
    const model = fit(before, { ...input.model, ...context, league: input.league, ...(warm ? { warmStart: warm } : {}) });
    fitMs += performance.now() - started;
    warm = model;
    const elo = fitElo(own, { ...input.elo, ...context });
    const frequency = fitFrequency(own).forecast;
    for (const f of targets) {
      if (f.date !== day) continue;
      const markets = predict(model, f.homeKey, f.awayKey, { neutral: f.neutral });
      predictions.push({
        fixture: f,
        model: { oneXTwo: markets.oneXTwo, over25: markets.overUnder['2.5'].over },
        elo: predictElo(elo, f.homeKey, f.awayKey, { neutral: f.neutral }),
        frequency,
      });
    }
  }
  return { predictions, fits: days.length, fitMs };
}
