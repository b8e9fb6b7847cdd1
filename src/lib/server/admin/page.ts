// The gate every /admin page passes through in its frontmatter. Like the API, each page names its
// own permission; the result says where to send the admin instead, or whether to show the page.
import type { AstroGlobal } from 'astro';
import type { Principal } from './service.ts';
import { nextStep } from './service.ts';
import { can, type Permission } from './permissions.ts';
import * as sessions from './sessions.ts';
import { adminLoginHref } from '../../shared/admin-return.ts';

export type Gate =
  | { kind: 'redirect'; to: string }
  /** allowed false: render the 403 screen (the layout does, with status 403). */
  | { kind: 'page'; admin: Principal; allowed: boolean };

type Stage = 'mfa' | 'password' | 'full';

const NO_STORE = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } as const;

/** Admin pages are never cached and never indexed. */
export function noStore(Astro: AstroGlobal) {
  for (const [name, value] of Object.entries(NO_STORE)) Astro.response.headers.set(name, value);
}

/** A redirect between admin pages, with the same headers (Astro.redirect's answer had neither). */
export function redirect(to: string): Response {
  return new Response(null, { status: 302, headers: { location: to, ...NO_STORE } });
}

/** One page of a back-office list, as the services give it and Pager.astro shows it. */
export interface ListPage {
  page: number;
  /** How many rows this page holds. */
  shown: number;
  total: number;
  pageSize: number;
}

/**
 * A list asked for a page past its last (an old link, a typed number): the redirect to its last
 * page (the first, for a list with nothing in it), keeping `params` (a search term), rather than
 * an empty page that says there is nothing, or 'Halaman 7 / 1'. Null for any other page.
 */
export function pastLastPage(path: string, list: ListPage, params: Record<string, string> = {}): Response | null {
  if (list.shown > 0 || list.page <= 1) return null;
  const last = Math.max(1, Math.ceil(list.total / list.pageSize));
  return redirect(`${path}?${new URLSearchParams({ ...params, page: String(last) })}`);
}

export async function principal(Astro: AstroGlobal): Promise<Principal | null> {
  const services = Astro.locals.services;
  if (!services) return null;
  return services.admin.resolve(sessions.tokenFromCookieHeader(Astro.request.headers.get('cookie') ?? undefined));
}

/**
 * `stage`: which step of signing in the page belongs to (the login page itself uses principal()). 'full' pages also check `permission`.
 * A page at the wrong step redirects to the step the admin is at.
 */
export async function gate(Astro: AstroGlobal, stage: Stage, permission: Permission | null = null): Promise<Gate> {
  noStore(Astro);
  const p = await principal(Astro);
  if (!p) {
    // Signed in again, the admin comes back to this page (the dashboard otherwise).
    const url = new URL(Astro.request.url);
    return { kind: 'redirect', to: adminLoginHref(url.pathname + url.search) };
  }
  const next = nextStep(p);
  if (stage === 'mfa') return p.mfa ? { kind: 'redirect', to: next } : { kind: 'page', admin: p, allowed: true };
  if (stage === 'password') return !p.mfa ? { kind: 'redirect', to: next } : { kind: 'page', admin: p, allowed: true };
  if (next !== '/admin') return { kind: 'redirect', to: next };
  const allowed = permission === null || can(p.role, permission);
  if (!allowed) Astro.response.status = 403;
  return { kind: 'page', admin: p, allowed };
}
