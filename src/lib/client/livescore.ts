// LIVE SCORE behaviour on top of the server-rendered list: the LIVE / INCOMING links (plain links
// without JavaScript) reload only the list (skeleton meanwhile) and keep the view in the address
// (?view=incoming), and the live list refreshes itself every 30 seconds while the page is visible,
// without a reload. A refresh that changes nothing leaves the list alone; one that does keeps the
// keyboard focus on the same link, and a changed score is said once in a status line, with the
// server's time (the list is no live region, which would read every row every 30 seconds). Plain
// DOM, no framework: the page stays light (Lighthouse ≥ 95).
import { replaceSearchParam } from './address.ts';
import { fetchMatches } from './football.ts';
import { failedHtml, listHtml, scoresKey, skeletonHtml, type LiveScoreView } from '../shared/football/livescore-html.ts';
import { formatTime } from '../shared/format.ts';
import { liveScorePage as t } from '../shared/messages/football.ts';

export const LIVE_REFRESH_MS = 30_000;

export function mount(root: HTMLElement): void {
  const body = root.querySelector<HTMLElement>('[data-body]');
  const links = [...root.querySelectorAll<HTMLAnchorElement>('a[data-view]')];
  if (!body || !links.length) return;
  const status = root.querySelector<HTMLElement>('[data-status]');
  let view = (root.dataset['view'] as LiveScoreView | undefined) ?? 'live';
  let request: AbortController | undefined;
  /** The scores the list shows, to tell a refresh that changed one, and the HTML this script put there. */
  let scores = body.dataset['scores'];
  let shown: string | undefined;

  const load = async (next: LiveScoreView, quiet: boolean) => {
    request?.abort();
    const ctrl = new AbortController();
    request = ctrl;
    if (!quiet) {
      body.setAttribute('aria-busy', 'true');
      body.innerHTML = skeletonHtml();
    }
    try {
      const { matches, at } = await fetchMatches(next, ctrl.signal);
      if (request !== ctrl) return;
      const html = listHtml(next, matches);
      const nowScores = scoresKey(matches);
      // The server's time: a phone's clock may be wrong. (An answer without it, cached across a
      // deploy, falls back to the phone's rather than losing the refresh.)
      if (quiet && scores !== undefined && nowScores !== scores && status) status.textContent = t.scoresChanged(formatTime(Number.isFinite(at) ? at : Date.now()));
      scores = nowScores;
      if (quiet && html === shown) return;
      shown = html;
      // The link that has the focus is found again in the new list (by its address) and keeps it.
      const focused = document.activeElement instanceof HTMLAnchorElement && body.contains(document.activeElement) ? document.activeElement.getAttribute('href') : null;
      body.innerHTML = html;
      if (focused) body.querySelector<HTMLAnchorElement>(`a[href="${CSS.escape(focused)}"]`)?.focus();
    } catch (err) {
      if ((err as Error).name === 'AbortError' || quiet) return;
      body.innerHTML = failedHtml();
    } finally {
      if (request === ctrl) body.setAttribute('aria-busy', 'false');
    }
  };

  for (const link of links) {
    link.addEventListener('click', (e) => {
      // A new tab or window (modifier keys, middle click) is the link's own business.
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      // The shown view is not reloaded, unless its last load failed.
      if (link.getAttribute('aria-current') === 'page' && !body.querySelector('.fb-failed')) return;
      view = link.dataset['view'] as LiveScoreView;
      root.dataset['view'] = view;
      // Kept in the address, so Back from a match (or a reload) shows the same view; the server
      // renders it from there.
      replaceSearchParam('view', view === 'incoming' ? 'incoming' : null);
      for (const l of links) {
        if (l === link) l.setAttribute('aria-current', 'page');
        else l.removeAttribute('aria-current');
      }
      void load(view, false);
    });
  }

  setInterval(() => {
    if (view === 'live' && document.visibilityState === 'visible') void load('live', true);
  }, LIVE_REFRESH_MS);
}
