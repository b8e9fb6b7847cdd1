// LIVE SCORE behaviour on top of the server-rendered list: the LIVE / INCOMING toggle reloads the
// list (skeleton meanwhile) and keeps the view in the address (?view=incoming), and the live list
// refreshes itself every 30 seconds while the page is visible, without a reload. Plain DOM, no
// framework: the page stays light (Lighthouse ≥ 95).
import { replaceSearchParam } from './address.ts';
import { fetchMatches } from './football.ts';
import { failedHtml, listHtml, skeletonHtml, type LiveScoreView } from '../shared/football/livescore-html.ts';

export const LIVE_REFRESH_MS = 30_000;

export function mount(root: HTMLElement): void {
  const body = root.querySelector<HTMLElement>('[data-body]');
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[data-view]')];
  if (!body || !buttons.length) return;
  let view = (root.dataset['view'] as LiveScoreView | undefined) ?? 'live';
  let request: AbortController | undefined;

  const load = async (next: LiveScoreView, quiet: boolean) => {
    request?.abort();
    const ctrl = new AbortController();
    request = ctrl;
    if (!quiet) {
      body.setAttribute('aria-busy', 'true');
      body.innerHTML = skeletonHtml();
    }
    try {
      const matches = await fetchMatches(next, ctrl.signal);
      if (request !== ctrl) return;
      body.innerHTML = listHtml(next, matches);
    } catch (err) {
      if ((err as Error).name === 'AbortError' || quiet) return;
      body.innerHTML = failedHtml();
    } finally {
      if (request === ctrl) body.setAttribute('aria-busy', 'false');
    }
  };

  for (const button of buttons) {
    button.addEventListener('click', () => {
      // The shown view is not reloaded, unless its last load failed.
      if (button.getAttribute('aria-pressed') === 'true' && !body.querySelector('.fb-failed')) return;
      view = button.dataset['view'] as LiveScoreView;
      root.dataset['view'] = view;
      // Kept in the address, so Back from a match (or a reload) shows the same view; the server
      // renders it from there.
      replaceSearchParam('view', view === 'incoming' ? 'incoming' : null);
      for (const b of buttons) b.setAttribute('aria-pressed', String(b === button));
      void load(view, false);
    });
  }

  setInterval(() => {
    if (view === 'live' && document.visibilityState === 'visible') void load('live', true);
  }, LIVE_REFRESH_MS);
}
