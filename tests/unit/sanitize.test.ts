import { describe, expect, it } from 'vitest';
import * as sanitize from '../../src/lib/server/sanitize.ts';

describe('rich text sanitising', () => {
  it('keeps the allowed formatting', () => {
    const html = '<h2>Judul</h2><p>Teks <strong>tebal</strong> dan <em>miring</em></p><ul><li>satu</li></ul>';
    expect(sanitize.richText(html)).toBe(html);
  });
  it('keeps safe links and marks them noopener', () => {
    expect(sanitize.richText('<a href="https://example.org">x</a>')).toBe(
      '<a href="https://example.org" rel="noopener noreferrer nofollow">x</a>',
    );
  });
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<svg onload="alert(1)"><circle/></svg>', ''],
    ['<a href="//jahat.example/x">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="https://example.org" style="position:fixed;inset:0">x</a>', '<a href="https://example.org" rel="noopener noreferrer nofollow">x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zy8+" alt="x">', '<img alt="x" />'],
    ['<img src="//jahat.example/pixel.gif">', '<img />'],
    // The pages' CSP would block it (img-src 'self' data: https:).
    ['<img src="http://cdn.example/promo.png" alt="x">', '<img alt="x" />'],
  ])('removes %s', (input, expected) => {
    expect(sanitize.richText(input)).toBe(expected);
  });
  it.each([
    ['<img src="https://cdn.example/promo.png" alt="x">', '<img src="https://cdn.example/promo.png" alt="x" />'],
    ['<img src="/promo/promo-1.svg" alt="x">', '<img src="/promo/promo-1.svg" alt="x" />'],
  ])('keeps %s', (input, expected) => {
    expect(sanitize.richText(input)).toBe(expected);
  });
});

describe('meta tag sanitising', () => {
  it('keeps name/property meta tags', () => {
    const html = '<meta name="keywords" content="bola" /><meta property="og:title" content="Gelora" />';
    expect(sanitize.metaTags(html)).toBe(html);
  });
  it('drops http-equiv (refresh redirects, CSP could be loosened), scripts and loose text', () => {
    expect(sanitize.metaTags('<meta http-equiv="refresh" content="0;url=https://evil.example">')).toBe('');
    expect(sanitize.metaTags('<meta name="a" content="b"><script>alert(1)</script>teks')).toBe('<meta name="a" content="b" />');
    expect(sanitize.metaTags('<meta name="x" content="1" onload="alert(1)">')).toBe('<meta name="x" content="1" />');
    expect(sanitize.metaTags('<meta name="a" content="b">Teks di head<meta name="c" content="d">')).toBe('<meta name="a" content="b" /><meta name="c" content="d" />');
  });
  it('drops a referrer policy, which would override the Referrer-Policy header, however it is written', () => {
    for (const name of ['referrer', 'Referrer', ' REFERRER ']) {
      expect(sanitize.metaTags(`<meta name="${name}" content="unsafe-url"><meta name="author" content="Gelora">`)).toBe(
        '<meta name="author" content="Gelora" />',
      );
    }
  });
  it('drops a second viewport, which could take zooming away from every page', () => {
    expect(sanitize.metaTags('<meta name=" Viewport " content="width=device-width, user-scalable=no"><meta name="author" content="Gelora">')).toBe(
      '<meta name="author" content="Gelora" />',
    );
  });
  it("drops a description, which every page writes for itself (a second one on each page)", () => {
    expect(sanitize.metaTags('<meta name="Description" content="Situs bola"><meta property="og:site_name" content="Gelora">')).toBe(
      '<meta property="og:site_name" content="Gelora" />',
    );
  });
  it('drops robots and a crawler\'s own robots tag (one noindex here would unlist every page), and a second theme colour; keeps a site verification', () => {
    const refused = ['robots', ' ROBOTS', 'googlebot', 'Googlebot-News', 'adsbot-google-mobile', 'bingbot', 'yandex', 'baiduspider', 'slurp', 'theme-color'];
    for (const name of refused) {
      expect(sanitize.metaTags(`<meta name="${name}" content="noindex, nofollow"><meta name="author" content="Gelora">`), name).toBe('<meta name="author" content="Gelora" />');
    }
    const verification = '<meta name="google-site-verification" content="abc123" />';
    expect(sanitize.metaTags(verification)).toBe(verification);
  });
  it('escapes quotes inside content so they cannot break out of the attribute', () => {
    expect(sanitize.metaTags('<meta name="d" content=\'"><script>alert(1)</script>\'>')).toBe(
      '<meta name="d" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />',
    );
  });
});
