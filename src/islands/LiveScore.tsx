// LIVE SCORE: the LIVE / INCOMING toggle. Each toggle reloads its list (skeleton meanwhile); the
// live list refreshes itself every 30 seconds while the page is visible, without a reload.
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchMatches, type LiveScoreView } from '../lib/client/football.ts';
import { formatDateLong } from '../lib/shared/format.ts';
import { badgeOf, DEFAULT_TEAM_IMAGE, groupByDay, groupByLeague, kickoffTime, scoreText, statusText } from '../lib/shared/football/present.ts';
import type { MatchSummary } from '../lib/shared/football/types.ts';
import { liveScorePage as t } from '../lib/shared/messages/football.ts';

export const LIVE_REFRESH_MS = 30_000;

interface Props {
  initialView: LiveScoreView;
  initialMatches: MatchSummary[];
}

function Row({ m }: { m: MatchSummary }) {
  const live = m.state === 'live';
  return (
    <li>
      <a className="fb-row" href={`/match/${m.id}`} data-match-id={m.id}>
        <span className={live ? 'when live' : 'when'}>{m.state === 'upcoming' ? kickoffTime(m) : statusText(m)}</span>
        <span className="home">
          {m.home.name}
          <img className="fb-badge" src={badgeOf(m.home)} data-fallback={DEFAULT_TEAM_IMAGE} alt="" width={24} height={24} loading="lazy" />
        </span>
        <span className="score" aria-label={m.score ? undefined : statusText(m)}>{scoreText(m.score)}</span>
        <span className="away">
          <img className="fb-badge" src={badgeOf(m.away)} data-fallback={DEFAULT_TEAM_IMAGE} alt="" width={24} height={24} loading="lazy" />
          {m.away.name}
        </span>
      </a>
    </li>
  );
}

function Leagues({ matches }: { matches: MatchSummary[] }) {
  return (
    <>
      {groupByLeague(matches).map((g) => (
        <section className="fb-league" key={g.league.id}>
          <h3>
            {g.league.name} <span className="country">{g.league.country}</span>
          </h3>
          <ul className="fb-rows">
            {g.items.map((m) => (
              <Row key={m.id} m={m} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

export default function LiveScore({ initialView, initialMatches }: Props) {
  const [view, setView] = useState<LiveScoreView>(initialView);
  const [matches, setMatches] = useState<MatchSummary[]>(initialMatches);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const request = useRef<AbortController | null>(null);

  const load = useCallback(async (next: LiveScoreView, quiet: boolean) => {
    request.current?.abort();
    const ctrl = new AbortController();
    request.current = ctrl;
    if (!quiet) setLoading(true);
    try {
      const list = await fetchMatches(next, ctrl.signal);
      setMatches(list);
      setFailed(false);
    } catch (err) {
      if ((err as Error).name !== 'AbortError' && !quiet) setFailed(true);
    } finally {
      if (request.current === ctrl) setLoading(false);
    }
  }, []);

  const choose = (next: LiveScoreView) => {
    if (next === view && !failed) return;
    setView(next);
    void load(next, false);
  };

  useEffect(() => {
    if (view !== 'live') return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load('live', true);
    }, LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [view, load]);

  useEffect(() => () => request.current?.abort(), []);

  return (
    <div className="fb-livescore">
      <div className="fb-toggle" role="group" aria-label={t.toggle}>
        <button type="button" aria-pressed={view === 'live'} onClick={() => choose('live')}>
          {t.live}
        </button>
        <button type="button" aria-pressed={view === 'incoming'} onClick={() => choose('incoming')}>
          {t.incoming}
        </button>
      </div>
      <div className="fb-live-body" aria-live="polite" aria-busy={loading}>
        {loading ? (
          <ul className="fb-skeleton" aria-label={t.loading}>
            {[0, 1, 2, 3, 4].map((i) => (
              <li key={i} />
            ))}
          </ul>
        ) : failed ? (
          <p className="fb-empty">{t.failed}</p>
        ) : matches.length === 0 ? (
          <p className="fb-empty">{view === 'live' ? t.empty : t.emptyIncoming}</p>
        ) : view === 'live' ? (
          <Leagues matches={matches} />
        ) : (
          groupByDay(matches).map((d) => (
            <section key={d.day} aria-label={formatDateLong(d.kickoff)}>
              <h2 className="fb-day">{formatDateLong(d.kickoff)}</h2>
              <Leagues matches={d.leagues.flatMap((g) => g.items)} />
            </section>
          ))
        )}
      </div>
    </div>
  );
}
