// Scripts that must run inline, before anything else on the page, and so cannot go through Astro's
// script bundling (which hashes bundled scripts for the CSP by itself). Their hashes are added to
// the CSP in astro.config.mjs.
import crypto from 'node:crypto';
import { STORAGE_KEYS } from '../shared/constants.ts';

/** Broken images fall back to their data-fallback: listening in the capture phase from <head> on. */
export const IMG_FALLBACK =
  "addEventListener('error',function(e){var t=e.target;if(t&&t.tagName==='IMG'&&t.dataset.fallback&&t.getAttribute('src')!==t.dataset.fallback)t.src=t.dataset.fallback},true);";

/**
 * Pages a visitor and a member share (/prediksi, /match/{id}, /kontak: 001 §2 lists them among the
 * member routes) carry both headers; a stored session (session.ts's keys) shows the member shell
 * before the first paint, so a member never sees the public header flash.
 */
export const MEMBER_CLASS = `try{if(localStorage.getItem('${STORAGE_KEYS.refreshToken}')&&localStorage.getItem('${STORAGE_KEYS.accessToken}'))document.documentElement.classList.add('is-member')}catch(e){}`;

export const inlineScriptHashes = [IMG_FALLBACK, MEMBER_CLASS].map(
  (s) => `sha256-${crypto.createHash('sha256').update(s).digest('base64')}` as const,
);
