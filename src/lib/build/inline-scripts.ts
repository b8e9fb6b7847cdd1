// Scripts that must run inline, before anything else on the page, and so cannot go through Astro's
// script bundling (which hashes bundled scripts for the CSP by itself). Their hashes are added to
// the CSP in astro.config.mjs.
import crypto from 'node:crypto';
import { REFERRAL_FOREIGN_CLASS, SHELL_TAPS_GLOBAL, STORAGE_KEYS } from '../shared/constants.ts';

/** Broken images fall back to their data-fallback: listening in the capture phase from <head> on. */
export const IMG_FALLBACK =
  "addEventListener('error',function(e){var t=e.target;if(t&&t.tagName==='IMG'&&t.dataset.fallback&&t.getAttribute('src')!==t.dataset.fallback)t.src=t.dataset.fallback},true);";

/**
 * Pages a visitor and a member share (/prediksi, /match/{id}, /kontak: 001 §2 lists them among the
 * member routes) carry both headers; a stored session (session.ts's keys) shows the member shell
 * before the first paint, so a member never sees the public header flash.
 */
export const MEMBER_CLASS = `try{if(localStorage.getItem('${STORAGE_KEYS.refreshToken}')&&localStorage.getItem('${STORAGE_KEYS.accessToken}'))document.documentElement.classList.add('is-member')}catch(e){}`;

/**
 * Sets `p` to the stored session's access-token payload, or null: the test of stored-session.ts (a
 * refresh token, and an access token whose payload names a username and an expiry), in the ES5 an
 * inline script is written in (inside a function: no globals). It may throw (storage blocked, a token
 * that is not one): the scripts below catch that as no session.
 */
const READ_SESSION = `var r=localStorage.getItem('${STORAGE_KEYS.refreshToken}'),t=localStorage.getItem('${STORAGE_KEYS.accessToken}'),p=r&&t?JSON.parse(atob(t.split('.')[1].replace(/-/g,'+').replace(/_/g,'/'))):null;if(!p||typeof p.username!=='string'||typeof p.exp!=='number')p=null;`;

/**
 * /referral/{code} (001 §2): a member who opened another member's code is told so before the first
 * paint. The server cannot see whose session it is (it is in localStorage), so it renders both the
 * form and the message, and this marks the page for the CSS to show the one that applies (the form,
 * shown and then taken away by the island, moved the page up): a session whose username is not the
 * code, as the island tests it.
 */
export const REFERRAL_FOREIGN = `(function(){try{${READ_SESSION}if(p&&p.username!==decodeURIComponent(location.pathname.split('/')[2]||'').toLowerCase())document.documentElement.classList.add('${REFERRAL_FOREIGN_CLASS}')}catch(e){}})();`;

/**
 * Every member page (001 §2): a visitor without a stored session goes to / before the page loads
 * anything more. The bundled guard (MemberGuard.astro) made the same check only once the page's
 * scripts had loaded: 13 to 24 requests before the visitor left, 4 to 7 now (`npm run bench:pages`
 * measures it).
 * `stop()` first ends the page's own loading (called after the redirect, it would cancel that too).
 */
export const MEMBER_GUARD = `(function(){try{${READ_SESSION}if(p)return}catch(e){}stop();location.replace('/')})();`;

/** The inline scripts a page may ask the layout for, by name (their hashes are in the CSP). */
export const HEAD_SCRIPTS = { 'member-guard': MEMBER_GUARD, [REFERRAL_FOREIGN_CLASS]: REFERRAL_FOREIGN } as const;
export type HeadScript = keyof typeof HEAD_SCRIPTS;

/**
 * Right after the cookie banner (CookieBanner.astro): shows it unless consent was given (stored
 * 'true') or refused in this browser session, with the first paint. As a module script it ran only
 * after the page's other modules, and the banner, the largest text on a short page, painted late
 * (/login's LCP 2.2 s against a first paint of 0.8 s on a throttled phone).
 */
export const COOKIE_BANNER = `(function(){try{var b=document.currentScript.previousElementSibling,k='${STORAGE_KEYS.cookieConsent}';if(localStorage.getItem(k)!=='true'&&!sessionStorage.getItem(k))b.hidden=false}catch(e){}})();`;

/**
 * Right after the member shell (MemberShell.astro): a tap on the menu button or on the Keluar
 * button of /lobby and /setting before member-shell.ts has loaded (a dynamic import, two or three
 * round trips after the first paint on a slow phone) did nothing. It is held, once per control (a
 * second tap on a menu that did not open means 'open', not 'open and close'), and member-shell.ts
 * carries the held taps out in order once it is listening, then sets `done`, after which taps pass.
 */
export const SHELL_TAPS = `(function(){var q=window.${SHELL_TAPS_GLOBAL}=[];document.addEventListener('click',function(e){var t=!q.done&&e.target.closest&&e.target.closest('[data-menu-toggle],[data-logout]');if(t){e.preventDefault();if(q.indexOf(t)<0)q.push(t)}})})();`;

export const inlineScriptHashes = [IMG_FALLBACK, MEMBER_CLASS, COOKIE_BANNER, SHELL_TAPS, ...Object.values(HEAD_SCRIPTS)].map(
  (s) => `sha256-${crypto.createHash('sha256').update(s).digest('base64')}` as const,
);
