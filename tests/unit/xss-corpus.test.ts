import { describe, expect, it } from 'vitest';
import * as sanitize from '../../src/lib/server/sanitize.ts';
import { corpus, findUnsafe, RICH_TEXT_TAGS } from '../support/xss.ts';

const payloads = corpus();
const META_ONLY = new Set(['meta']);

describe('XSS corpus', () => {
  it('has a few dozen classic vectors', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(40);
  });

  it('the judge is not blind: it flags every payload before sanitising', () => {
    const missed = payloads.filter((p) => findUnsafe(p, RICH_TEXT_TAGS).length === 0);
    // A few vectors aimed at old or broken parsers are inert to an HTML5 parser already (a
    // backtick-quoted src, a quote inside an attribute); they stay for the Chromium run.
    expect(missed.length).toBeLessThanOrEqual(3);
  });

  it.each(payloads.map((p) => [p]))('rich text removes %s', (payload) => {
    const once = sanitize.richText(payload);
    expect(findUnsafe(once, RICH_TEXT_TAGS)).toEqual([]);
    // Sanitised on save and again on render: the second pass must not change a thing.
    expect(sanitize.richText(once)).toBe(once);
  });

  it.each(payloads.map((p) => [p]))('meta tags remove %s', (payload) => {
    const once = sanitize.metaTags(payload);
    expect(findUnsafe(once, META_ONLY)).toEqual([]);
    expect(sanitize.metaTags(once)).toBe(once);
  });

  it('payloads hidden among allowed markup are removed and the markup stays', () => {
    const html = `<h2>Judul</h2>${payloads.join('<p>pemisah</p>')}<p><strong>akhir</strong></p>`;
    const out = sanitize.richText(html);
    expect(findUnsafe(out, RICH_TEXT_TAGS)).toEqual([]);
    expect(out.startsWith('<h2>Judul</h2>')).toBe(true);
    expect(out).toContain('<p><strong>akhir</strong></p>');
  });
});

describe('allowed markup survives', () => {
  it('keeps headings, lists, emphasis, links, images and tables', () => {
    const html = [
      '<h3>Syarat</h3>',
      '<p>Teks <strong>tebal</strong>, <em>miring</em>, <u>garis</u>, <s>coret</s>, <mark>tanda</mark> dan <small>kecil</small>.</p>',
      '<ol><li>satu</li><li>dua</li></ol>',
      '<blockquote>kutipan</blockquote>',
      '<img src="https://example.org/promo.png" alt="Promo" width="600" height="300" />',
      '<table><thead><tr><th colspan="2">Tabel</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>',
      '<figure><img src="https://example.org/a.png" alt="a" /><figcaption>keterangan</figcaption></figure>',
    ].join('');
    expect(sanitize.richText(html)).toBe(html);
    expect(sanitize.richText('<p><a href="mailto:admin@gelora.example">email</a> <a href="tel:+62800">telepon</a></p>')).toBe(
      '<p><a href="mailto:admin@gelora.example" rel="noopener noreferrer nofollow">email</a> <a href="tel:+62800" rel="noopener noreferrer nofollow">telepon</a></p>',
    );
  });
  it('keeps Open Graph and name meta tags', () => {
    const meta = '<meta name="keywords" content="Skor &amp; klasemen" /><meta property="og:title" content="Gelora" />';
    expect(sanitize.metaTags(meta)).toBe(meta);
  });
});
