// What the service stores: the model's markets as percentages that add up to exactly 100 per market.
import { describe, expect, it } from 'vitest';
import { fit, predict } from '../../src/lib/server/predictions/model.ts';
import { toPercentages } from '../../src/lib/server/predictions/service.ts';
import type { MatchResult } from '../../src/lib/server/predictions/types.ts';

const results: MatchResult[] = [];
for (let d = 1; d <= 28; d++) {
  const date = `2024-02-${String(d).padStart(2, '0')}`;
  results.push({ date, home: 'a', away: 'b', homeGoals: d % 4, awayGoals: d % 3 });
  results.push({ date, home: 'c', away: 'a', homeGoals: d % 2, awayGoals: (d + 1) % 3 });
  results.push({ date, home: 'b', away: 'c', homeGoals: (d + 2) % 4, awayGoals: 1 });
}

describe('toPercentages', () => {
  const model = fit(results, { asOf: '2024-03-01' });
  for (const [home, away, neutral] of [['a', 'b', false], ['c', 'a', true], ['b', 'newcomer', false]] as const) {
    it(`keeps every market at 100 % (${home}–${away}${neutral ? ', neutral' : ''})`, () => {
      const m = predict(model, home, away, { neutral });
      const p = toPercentages(m);
      expect(p.probHomeWin + p.probDraw + p.probAwayWin).toBeCloseTo(100, 9);
      expect(p.probOver15 + p.probUnder15).toBeCloseTo(100, 9);
      expect(p.probOver25 + p.probUnder25).toBeCloseTo(100, 9);
      expect(p.probOver35 + p.probUnder35).toBeCloseTo(100, 9);
      expect(p.probHomeOrDraw).toBeCloseTo(100 - p.probAwayWin, 9);
      expect(p.probAwayOrDraw).toBeCloseTo(100 - p.probHomeWin, 9);
      expect(p.probHomeOrAway).toBeCloseTo(100 - p.probDraw, 9);
      // Rounded to hundredths of a percent, within rounding of the model's probabilities: half a
      // hundredth where rounded, a whole one where a complement takes up two roundings.
      expect(Math.abs(p.probHomeWin - m.oneXTwo.home * 100)).toBeLessThanOrEqual(0.005 + 1e-9);
      expect(Math.abs(p.probOver25 - m.overUnder['2.5'].over * 100)).toBeLessThanOrEqual(0.005 + 1e-9);
      const stored: [number, number][] = [
        [p.probDraw, m.oneXTwo.draw],
        [p.probAwayWin, m.oneXTwo.away],
        [p.probHomeOrDraw, m.doubleChance.homeOrDraw],
        [p.probAwayOrDraw, m.doubleChance.drawOrAway],
        [p.probHomeOrAway, m.doubleChance.homeOrAway],
        [p.probOver15, m.overUnder['1.5'].over],
        [p.probUnder15, m.overUnder['1.5'].under],
        [p.probUnder25, m.overUnder['2.5'].under],
        [p.probOver35, m.overUnder['3.5'].over],
        [p.probUnder35, m.overUnder['3.5'].under],
      ];
      for (const [percent, probability] of stored) expect(Math.abs(percent - probability * 100)).toBeLessThanOrEqual(0.01 + 1e-9);
    });
  }
});
