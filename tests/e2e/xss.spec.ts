import type { Page } from '@playwright/test';
import { test, expect, signedIn, api } from './support/site.ts';
import { corpus } from '../support/xss.ts';

// Every payload of the corpus goes in through the admin API, as an admin would paste it (article,
// meta tags, running text, promotion title and description), and comes out on the public pages in
// Chromium. Nothing may run: no dialog, no CSP violation (which would mean the sanitiser let
// something through and only the CSP stopped it), and no dangerous element or attribute in the DOM.
test.describe.configure({ mode: 'serial' });

const payloads = corpus();
const CHUNK = 17;
const chunks = Array.from({ length: Math.ceil(payloads.length / CHUNK) }, (_, i) => payloads.slice(i * CHUNK, (i + 1) * CHUNK));

/** Dangerous things in the parts of the page that show admin content. */
function scanDom(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const roots = [...document.querySelectorAll('.article, .promo-body, .promo summary, .running-text p'), document.head];
    const BAD = 'script, iframe, frame, object, embed, svg, math, style:not([data-astro-cid]), link:not([rel="icon"]):not([rel="manifest"]):not([rel="canonical"]), base, form, input, button, textarea, template, video, audio, source, marquee, details details';
    for (const root of roots) {
      for (const el of root.querySelectorAll('*')) {
        if (root === document.head) {
          if (el.tagName === 'META' && el.hasAttribute('http-equiv') && el.getAttribute('http-equiv')!.toLowerCase() !== 'content-security-policy') found.push('meta http-equiv');
          continue;
        }
        if (el.matches(BAD)) found.push(`<${el.tagName.toLowerCase()}>`);
        for (const attr of el.getAttributeNames()) {
          if (attr.startsWith('on')) found.push(`${attr} on <${el.tagName.toLowerCase()}>`);
          if (attr === 'style' || attr === 'srcdoc' || attr === 'formaction') found.push(`${attr} on <${el.tagName.toLowerCase()}>`);
        }
        for (const attr of ['href', 'src', 'action', 'background']) {
          const v = (el as HTMLElement & Record<string, unknown>)[attr];
          if (typeof v === 'string' && /^(javascript|vbscript|data):/i.test(v)) found.push(`${attr}=${v} on <${el.tagName.toLowerCase()}>`);
        }
      }
    }
    return found;
  });
}

for (const [index, chunk] of chunks.entries()) {
  test(`XSS corpus part ${index + 1}/${chunks.length}: nothing runs on the public pages`, async ({ browser, site }) => {
    test.setTimeout(180_000);
    const { context, page: admin } = await signedIn(browser, site, 'owner');
    await admin.goto('/admin');
    const settings = (await api(admin, 'GET', '/api/v1/admin/settings')).json.item as Record<string, unknown>;
    let [promo] = (await api(admin, 'GET', '/api/v1/admin/promotions')).json.items as { id: number; slot: number }[];
    if (!promo) {
      promo = (await api(admin, 'POST', '/api/v1/admin/promotions', { slot: 1, imageUrl: '', title: 'Uji', descriptionHtml: '' })).json.item as { id: number; slot: number };
    }

    const visitorContext = await browser.newContext({ baseURL: site.origin });
    const visitor = await visitorContext.newPage();
    const dialogs: string[] = [];
    visitor.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await visitor.addInitScript(() => {
      const w = window as Window & { __csp?: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp!.push(`${e.violatedDirective} ${e.blockedURI}`));
    });

    for (const payload of chunk) {
      const saved = await api(admin, 'PUT', '/api/v1/admin/settings', {
        ...settings,
        runningText: payload.slice(0, 500),
        articleHtml: `<p>awal</p>${payload}<p>akhir</p>`,
        metaTagsHtml: payload,
      });
      expect(saved.status, payload).toBe(200);
      const promoSaved = await api(admin, 'PUT', `/api/v1/admin/promotions/${promo.id}`, {
        slot: promo.slot,
        imageUrl: '',
        title: payload.slice(0, 100),
        descriptionHtml: payload,
      });
      expect(promoSaved.status, payload).toBe(200);

      await visitor.goto('/');
      await visitor.locator('.article summary').click();
      await visitor.locator('.article').hover();
      expect(await scanDom(visitor), payload).toEqual([]);
      await visitor.goto('/promosihome');
      await visitor.locator('details.promo summary').first().click();
      await visitor.locator('.promo-body').first().hover();
      expect(await scanDom(visitor), payload).toEqual([]);
      expect(await visitor.evaluate(() => (window as Window & { __csp?: string[] }).__csp), payload).toEqual([]);
      expect(dialogs, payload).toEqual([]);
    }

    await api(admin, 'PUT', '/api/v1/admin/settings', settings);
    await visitorContext.close();
    await context.close();
  });
}
