// The Prediksi tab: asks for the match's prediction when the tab is first shown ('Loading...'),
// then shows 1X2, Double Chance and Over/Under 1.5/2.5/3.5 as whole percentages that add up
// (shownPrediction), with the spec's badge colours, and who made the prediction.
import { useEffect, useState } from 'react';
import { fetchPrediction } from '../lib/client/football.ts';
import { percent, shownPrediction, threeWayColours, twoWayColours, type BadgeColour } from '../lib/shared/football/present.ts';
import type { Prediction } from '../lib/shared/football/types.ts';
import { matchPage } from '../lib/shared/messages/football.ts';
import { predictions as labels } from '../lib/shared/messages/predictions.ts';

const t = matchPage.prediction;

type State = { status: 'loading' } | { status: 'ready'; prediction: Prediction | null };

function Market({ title, cells }: { title: string; cells: { label: string; value: number; colour: BadgeColour }[] }) {
  return (
    <tr>
      <th scope="row">{title}</th>
      {cells.map((c) => (
        <td key={c.label}>
          <span className="fb-market-label">{c.label}</span>
          <span className={`fb-pill ${c.colour}`}>{percent(c.value)}</span>
        </td>
      ))}
    </tr>
  );
}

function three(title: string, labels: [string, string, string], values: [number, number, number]) {
  const colours = threeWayColours(values);
  return <Market title={title} cells={values.map((value, i) => ({ label: labels[i]!, value, colour: colours[i]! }))} />;
}

function two(title: string, [over, under]: [number, number]) {
  const [a, b] = twoWayColours(over, under);
  return (
    <Market
      title={title}
      cells={[
        { label: t.over, value: over, colour: a },
        { label: t.under, value: under, colour: b },
      ]}
    />
  );
}

export default function MatchPrediction({ matchId }: { matchId: number }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const ctrl = new AbortController();
    fetchPrediction(matchId, ctrl.signal)
      .then((prediction) => setState({ status: 'ready', prediction }))
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setState({ status: 'ready', prediction: null });
      });
    return () => ctrl.abort();
  }, [matchId]);

  if (state.status === 'loading') return <p className="fb-empty">{t.loading}</p>;
  const p = state.prediction;
  if (!p) return <p className="fb-empty">{t.empty}</p>;
  const shown = shownPrediction(p);
  return (
    <div>
      <table className="fb-table fb-markets">
        <tbody>
          {three(t.oneXTwo, ['1', 'X', '2'], shown.oneXTwo)}
          {three(t.doubleChance, ['1X', '2X', '12'], shown.doubleChance)}
          {two(t.overUnder('1.5'), shown.overUnder['1.5'])}
          {two(t.overUnder('2.5'), shown.overUnder['2.5'])}
          {two(t.overUnder('3.5'), shown.overUnder['3.5'])}
        </tbody>
      </table>
      <p className="fb-note">{labels.source(p.source)}</p>
    </div>
  );
}
