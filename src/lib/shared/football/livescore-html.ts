// The live score list as HTML, from one function the server (first paint) and the browser (after
// a toggle or a refresh) both use, so the two can never drift apart. Every text is escaped.
import { formatDateLong } from '../format.ts';
import { liveScorePage as t, untimedDateNote } from '../messages/football.ts';
import { awaitingTime, badgeOf, DEFAULT_TEAM_IMAGE, groupByDay, groupByLeague, kickoffTime, scoreText, shootoutText, statusText } from './present.ts';
import type { MatchSummary } from './types.ts';

export type LiveScoreView = 'live' | 'incoming';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string | number) => String(s).replace(/[&<>"']/g, (c) => ESC[c]!);

function badge(team: { badge: string }): string {
  return `<img class="fb-badge" src="${esc(badgeOf(team))}" data-fallback="${DEFAULT_TEAM_IMAGE}" alt="" width="24" height="24" loading="lazy">`;
}

/** Under the score of a match a shoot-out decided: who went through. */
function shootout(m: MatchSummary): string {
  const text = shootoutText(m);
  return text && `<span class="shootout">${esc(text)}</span>`;
}

function row(m: MatchSummary): string {
  const live = m.state === 'live';
  const when = m.state === 'upcoming' ? kickoffTime(m) : statusText(m);
  return (
    `<li><a class="fb-row" href="/match/${m.id}" data-match-id="${m.id}">` +
    `<span class="${live ? 'when live' : 'when'}">${esc(when)}</span>` +
    `<span class="home"><span class="name">${esc(m.home.name)}</span>${badge(m.home)}</span>` +
    `<span class="score">${esc(scoreText(m.score))}${shootout(m)}</span>` +
    `<span class="away">${badge(m.away)}<span class="name">${esc(m.away.name)}</span></span>` +
    `</a></li>`
  );
}

/** A league's heading is one level under what holds it: the page's h1 (live) or a day's h2 (incoming). */
function leagues(matches: MatchSummary[], heading: 'h2' | 'h3'): string {
  return groupByLeague(matches)
    .map(
      (g) =>
        `<section class="fb-league"><${heading}>${esc(g.league.name)} <span class="country">${esc(g.league.country)}</span></${heading}>` +
        `<ul class="fb-rows">${g.items.map(row).join('')}</ul></section>`,
    )
    .join('');
}

/** The list for a view: grouped by league (live) or by WIB day then league (incoming). */
export function listHtml(view: LiveScoreView, matches: MatchSummary[]): string {
  if (matches.length === 0) return `<p class="fb-empty">${esc(view === 'live' ? t.empty : t.emptyIncoming)}</p>`;
  if (view === 'live') return leagues(matches, 'h2');
  // Above the days: an untimed fixture's day heading is its schedule's date (England's, in the open
  // data), which may be WIB's yesterday.
  const note = matches.some(awaitingTime) ? `<p class="fb-note">${esc(untimedDateNote)}</p>` : '';
  return (
    note +
    groupByDay(matches)
      .map((d) => {
        const title = esc(formatDateLong(d.kickoff));
        return `<section aria-label="${title}"><h2 class="fb-day">${title}</h2>${leagues(d.leagues.flatMap((g) => g.items), 'h3')}</section>`;
      })
      .join('')
  );
}

export function skeletonHtml(): string {
  return `<ul class="fb-skeleton" aria-label="${esc(t.loading)}">${'<li></li>'.repeat(5)}</ul>`;
}

export function failedHtml(): string {
  return `<p class="fb-empty fb-failed">${esc(t.failed)}</p>`;
}

/** What a refresh compares to tell whether a score changed: each match's id and score. */
export function scoresKey(matches: readonly MatchSummary[]): string {
  return JSON.stringify(matches.map((m) => [m.id, m.score]));
}
