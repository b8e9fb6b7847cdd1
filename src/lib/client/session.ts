// The member's session in the browser: tokens in nanostores persisted to localStorage (the spec's
// keys accessToken and refreshToken; in webview mode the app token sits in the refreshToken slot),
// shared by every island and tab. Refreshed 3 s after load and every 7,200,000 ms (001 §9), and
// just in time before a member call whose access token is about to expire.
//
// Only browser code changes these stores. During SSR the persistent atoms hold their initial value
// (no localStorage there) and islands read them with useStore(…, { ssr }) so nothing per-user is
// ever rendered on the server.
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { STORAGE_KEYS, TOKEN_FIRST_REFRESH_MS, TOKEN_REFRESH_INTERVAL_MS } from '../shared/constants.ts';
import * as api from './api.ts';
import { decodeAccessToken, type TokenInfo } from './stored-session.ts';

export const $accessToken = persistentAtom<string | undefined>(STORAGE_KEYS.accessToken, undefined);
export const $refreshToken = persistentAtom<string | undefined>(STORAGE_KEYS.refreshToken, undefined);
/** The signed-in member as the client knows it (from the access token's payload), or null. */
export const $session = computed([$accessToken, $refreshToken], (access, refresh): TokenInfo | null =>
  refresh ? decodeAccessToken(access) : null,
);

/** Stores a new token pair. An app (webview) login's apkToken takes the refresh token's place (000 §4). */
export function signIn(tokens: api.Tokens | api.SignedIn): void {
  $refreshToken.set('apkToken' in tokens ? tokens.apkToken : tokens.refreshToken);
  $accessToken.set(tokens.accessToken);
  try {
    localStorage.setItem(STORAGE_KEYS.loginPage, 'apkToken' in tokens ? '/webview' : '/login');
    localStorage.removeItem(STORAGE_KEYS.sessionEndedTo);
  } catch {
    /* storage blocked */
  }
  const username = decodeAccessToken(tokens.accessToken)?.username;
  if ('deviceToken' in tokens && username) keepDeviceToken(username, tokens.deviceToken);
}

/** The most device tokens one browser keeps (one per username that signed in here, newest last). */
const DEVICE_TOKENS_KEPT = 5;

function deviceTokens(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.deviceTokens) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  } catch {
    return {}; // storage blocked, or not ours
  }
}

function keepDeviceToken(username: string, token: string): void {
  const kept = Object.entries(deviceTokens()).filter(([name]) => name !== username);
  const next = Object.fromEntries([...kept.slice(-(DEVICE_TOKENS_KEPT - 1)), [username, token]]);
  try {
    localStorage.setItem(STORAGE_KEYS.deviceTokens, JSON.stringify(next));
  } catch {
    /* storage blocked: logins are counted per username, as without a token */
  }
}

/** The device token an earlier login as `username` (reduced) left in this browser; logout keeps it. */
export function deviceTokenFor(username: string): string | undefined {
  const token = deviceTokens()[username];
  return typeof token === 'string' ? token : undefined;
}

/** The login itself wrote the account activity entry: no history log for this browser session. */
export function markHistoryLogged(): void {
  sessionStorage.setItem(STORAGE_KEYS.historyLog, '1');
}

function storedLoginPage(): '/login' | '/webview' {
  try {
    return localStorage.getItem(STORAGE_KEYS.loginPage) === '/webview' ? '/webview' : '/login';
  } catch {
    return '/login';
  }
}

/** Whether the last session ended without the member signing out (refreshOrLeave); true once. */
export function takeSessionEnded(): boolean {
  try {
    const ended = sessionStorage.getItem(STORAGE_KEYS.sessionEnded) !== null;
    sessionStorage.removeItem(STORAGE_KEYS.sessionEnded);
    return ended;
  } catch {
    return false;
  }
}

function clearLocal(): void {
  $accessToken.set(undefined);
  $refreshToken.set(undefined);
  try {
    localStorage.removeItem(STORAGE_KEYS.apkToken);
    localStorage.removeItem(STORAGE_KEYS.loginPage);
    sessionStorage.removeItem(STORAGE_KEYS.historyLog);
  } catch {
    /* storage blocked */
  }
}

/**
 * Set once this page has ended its own session (signOut): it then leaves as its caller says (Keluar
 * goes on to afterSignOutPage, with a history entry of its own once the server has ended the
 * session), not by the replace meant for a session ended elsewhere (keepAlive's listener, a refresh
 * the server refused).
 * Both at once raced: that replace could land while the logout call was still on its way, and take
 * the member page's place in the history. A page that signed out and comes back from the
 * back-forward cache loads again (MemberShell.astro), so the flag never outlives that page.
 */
let signingOut = false;

/**
 * Where Keluar ends: the app's login page for a session begun there (/webview, whose login keeps
 * the app token), else the home page. Read before signOut, which forgets where the session began.
 */
export function afterSignOutPage(): '/' | '/webview' {
  return storedLoginPage() === '/webview' ? '/webview' : '/';
}

/** Logout (001 §4): local data is cleared, then the server deletes its token. */
export async function signOut(): Promise<void> {
  const token = $refreshToken.get();
  signingOut = true;
  clearLocal();
  if (token) await api.auth.logout(token).catch(() => undefined);
}

export type RefreshOutcome = 'refreshed' | 'rejected' | 'offline';
let inflight: Promise<RefreshOutcome> | null = null;

/**
 * Rotates the refresh token. A used refresh token is dead (and presenting it again revokes the
 * session), so refreshes never overlap: one at a time in this tab (single flight) and across tabs
 * (Web Locks; a tab that waited finds the token already rotated by another and keeps that one).
 */
export function refresh(): Promise<RefreshOutcome> {
  inflight ??= runExclusive(doRefresh).finally(() => {
    inflight = null;
  });
  return inflight;
}

function runExclusive<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('gelora-token-refresh', fn) : fn();
}

async function doRefresh(): Promise<RefreshOutcome> {
  const expected = $refreshToken.get();
  const stored = localStorage.getItem(STORAGE_KEYS.refreshToken) ?? undefined;
  if (!stored) return 'rejected';
  if (stored !== expected) {
    // Another tab rotated while this one waited: adopt its tokens.
    $refreshToken.set(stored);
    $accessToken.set(localStorage.getItem(STORAGE_KEYS.accessToken) ?? undefined);
    return 'refreshed';
  }
  try {
    signIn(await api.auth.refresh(stored));
    return 'refreshed';
  } catch (err) {
    return api.problem(err).status === 0 || api.problem(err).status >= 500 ? 'offline' : 'rejected';
  }
}

/** Set when this page leaves for a login page itself (refreshOrLeave): the token listener then stays still. */
let leaving = false;

/** To the login page `to`, which says once that the session ended ('Token expired', 000 §4). */
function leaveForLogin(to: string): void {
  leaving = true;
  try {
    sessionStorage.setItem(STORAGE_KEYS.sessionEnded, '1');
  } catch {
    /* storage blocked: the login page says nothing */
  }
  location.replace(to);
}

/**
 * Refresh failure logs the member out (001 §4); a network failure does not, the next try may work.
 * Ended elsewhere (a password change on another device, a logout everywhere) or past its lifetime,
 * the session sends this tab and every other open one to the login page it was started from. The
 * mark for the other tabs is written before the tokens are cleared, whose removal they hear.
 */
async function refreshOrLeave(): Promise<boolean> {
  const outcome = await refresh();
  if (outcome === 'rejected') {
    const loginPage = storedLoginPage();
    if (signingOut) {
      clearLocal();
      return false;
    }
    leaving = true;
    try {
      localStorage.setItem(STORAGE_KEYS.sessionEndedTo, loginPage);
    } catch {
      /* storage blocked: the other tabs leave for / */
    }
    clearLocal();
    leaveForLogin(loginPage);
    return false;
  }
  return outcome === 'refreshed';
}

/** Where a tab goes when another ended the session: its login page when a refresh was refused, else / (a logout). */
function endedElsewhereTo(): string {
  try {
    const to = localStorage.getItem(STORAGE_KEYS.sessionEndedTo);
    return to === '/login' || to === '/webview' ? to : '/';
  } catch {
    return '/';
  }
}

const EXPIRY_MARGIN_S = 60;

/** An access token good for at least another minute, refreshing first if needed; null when signed out. */
async function freshAccessToken(): Promise<string | null> {
  const info = decodeAccessToken($accessToken.get());
  if (info && info.exp - EXPIRY_MARGIN_S > Date.now() / 1000) return $accessToken.get() ?? null;
  if (!$refreshToken.get()) return null;
  await refreshOrLeave();
  return $accessToken.get() ?? null;
}

export class SignedOutError extends Error {
  override name = 'SignedOutError';
}

/**
 * Runs a member call with a fresh bearer. A 401 (session revoked meanwhile, clock skew) gets one
 * refresh and one retry; if that fails too, the member is logged out.
 */
export async function asMember<T>(call: (token: string) => Promise<T>): Promise<T> {
  const token = await freshAccessToken();
  if (!token) throw new SignedOutError();
  try {
    return await call(token);
  } catch (err) {
    if (api.problem(err).status !== 401) throw err;
    if (!(await refreshOrLeave())) throw new SignedOutError();
    const again = $accessToken.get();
    if (!again) throw new SignedOutError();
    return call(again);
  }
}

let started = false;

/**
 * Keeps a member page's session alive: the scheduled refreshes, the history log once per browser
 * session, and leaving when the session ends in another tab (for /, or after a refused refresh
 * for the login page).
 */
export function keepAlive(): void {
  if (started) return;
  started = true;
  setTimeout(() => void refreshOrLeave(), TOKEN_FIRST_REFRESH_MS);
  setInterval(() => void refreshOrLeave(), TOKEN_REFRESH_INTERVAL_MS);
  $refreshToken.listen((token) => {
    if (token || signingOut || leaving) return;
    const to = endedElsewhereTo();
    if (to === '/') location.replace('/');
    else leaveForLogin(to);
  });
  if (!sessionStorage.getItem(STORAGE_KEYS.historyLog)) {
    void asMember((t) => api.me.historyLog(t))
      .then(markHistoryLogged)
      .catch(() => undefined);
  }
}
