import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { BAD_PAGE_URL, isBadPageRequest, routedTarget } from '../../src/api/request-target.ts';

const request = (url: string, method = 'GET') => ({ url, method }) as IncomingMessage;

describe('the request target the router sees', () => {
  it('routes an absolute-form target by its path and query, escapes kept as sent', () => {
    expect(routedTarget(request('http://localhost:4321/prediksi?liga=152'), true)).toBe('/prediksi?liga=152');
    expect(routedTarget(request('HTTPS://gelora.example/api/v1/memos/%ff'), true)).toBe('/api/v1/memos/%ff');
    expect(routedTarget(request('http://localhost'), false)).toBe('/');
  });

  it('leaves an origin-form target and the asterisk of OPTIONS alone', () => {
    for (const url of ['/', '/match/24901', '/prediksi?liga=%20', '*', '//jahat.example/x']) {
      expect(routedTarget(request(url, url === '*' ? 'OPTIONS' : 'GET'), true)).toBe(url);
    }
  });

  it('sends a page address that cannot be read to the 400 screen, and marks that request only', () => {
    for (const url of ['/match/%ff', '/%e0%a4', '/%zz', '/prediksi?liga=%00', '/match/1%00', 'http://localhost/match/%FF']) {
      const req = request(url);
      expect(routedTarget(req, true), url).toBe(BAD_PAGE_URL);
      expect(isBadPageRequest(req), url).toBe(true);
    }
    const fine = request('/match/%E2%82%AC?x=%ff');
    expect(routedTarget(fine, true)).toBe('/match/%E2%82%AC?x=%ff');
    expect(isBadPageRequest(fine)).toBe(false);
  });

  it('leaves the API, other methods and a server without pages to their JSON answers', () => {
    for (const [url, method, pages] of [
      ['/api/v1/memos/%ff', 'GET', true],
      ['/api?x=%00', 'GET', true],
      ['/match/%ff', 'POST', true],
      ['/match/%ff', 'GET', false],
    ] as const) {
      const req = request(url, method);
      expect(routedTarget(req, pages), `${method} ${url}`).toBe(url);
      expect(isBadPageRequest(req)).toBe(false);
    }
  });
});
