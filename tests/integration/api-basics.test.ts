import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '../support/db.ts';
import { createServer } from '../../src/api/server.ts';

describeEachDb('API basics', (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createServer({ services: db().services, logger: false });
  });
  afterAll(() => app.close());

  it('reports health with the database driver', async () => {
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: db().driver });
  });

  it('serves public site settings without HTML fields', async () => {
    const res = await app.inject('/api/v1/site');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.siteName).toBe('Gelora');
    expect(body).not.toHaveProperty('articleHtml');
    expect(res.headers['cache-control']).toMatch(/public/);
  });

  it('answers an unknown API path with an Indonesian JSON 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/tidak-ada', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Data tidak ditemukan.' });
  });

  it('answers malformed JSON with a 400 in Indonesian, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"rusak": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Format data tidak valid.');
  });

  it('sends the security headers', async () => {
    const res = await app.inject('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    // Data, never a document: nothing may load or run if one is opened as a page.
    for (const url of ['/api/health', '/api/v1/tidak-ada', '/api/v1/me']) {
      expect((await app.inject(url)).headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'self'");
    }
  });

  it('sends server-rendered pages as UTF-8 (Astro names no charset) and leaves other types and a named charset as they are', async () => {
    // A stand-in for Astro's handler, which writes its headers through writeHead.
    const types: Record<string, string> = { '/halaman': 'text/html', '/sitemap-football.xml': 'application/xml', '/latin': 'text/html; charset=iso-8859-1' };
    const withPages = await createServer({
      services: db().services,
      logger: false,
      pages: { handler: (req, res) => res.writeHead(200, { 'content-type': types[req.url ?? ''] ?? 'text/plain' }).end('<p>Halo</p>') },
    });
    try {
      expect((await withPages.inject('/halaman')).headers['content-type']).toBe('text/html; charset=utf-8');
      expect((await withPages.inject('/sitemap-football.xml')).headers['content-type']).toBe('application/xml');
      expect((await withPages.inject('/latin')).headers['content-type']).toBe('text/html; charset=iso-8859-1');
    } finally {
      await withPages.close();
    }
  });

  it("gives a page's status its own text (Astro's Response says 'OK' whatever the status)", async () => {
    // A stand-in for Astro's node handler, which sets statusMessage from the Response's statusText.
    const withPages = await createServer({
      services: db().services,
      logger: false,
      pages: {
        handler: (req, res) => {
          res.statusMessage = 'OK';
          const status = Number(req.url?.slice(1));
          res.writeHead(status, { 'content-type': 'text/html' }).end('<p>Halo</p>');
        },
      },
    });
    try {
      for (const [status, text] of [[403, 'Forbidden'], [400, 'Bad Request'], [200, 'OK']] as const) {
        expect((await withPages.inject(`/${status}`)).statusMessage, String(status)).toBe(text);
      }
    } finally {
      await withPages.close();
    }
  });

  it('lets a static file opened on its own load nothing, but leaves pages and scripts their own policies', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gelora-static-'));
    fs.writeFileSync(path.join(dir, 'gambar.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dir, 'offline.html'), '<!doctype html><p>Offline</p>');
    const withFiles = await createServer({ services: db().services, logger: false, pages: { handler: (_req, res) => res.end('halaman'), clientDir: dir } });
    try {
      const svg = await withFiles.inject('/gambar.svg');
      expect(svg.statusCode).toBe(200);
      expect(svg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; object-src 'none'; base-uri 'self'");
      for (const url of ['/sw.js', '/offline']) {
        const res = await withFiles.inject(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-security-policy'], url).toBe("frame-ancestors 'self'; object-src 'none'; base-uri 'self'");
      }
    } finally {
      await withFiles.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends Strict-Transport-Security over HTTPS only (here: as a trusted proxy says)', async () => {
    expect((await app.inject('/api/health')).headers).not.toHaveProperty('strict-transport-security');
    const proxied = await createServer({ services: { ...db().services, config: { ...db().services.config, TRUST_PROXY: '127.0.0.1' } }, logger: false });
    try {
      const https = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers).not.toHaveProperty('strict-transport-security');
    } finally {
      await proxied.close();
    }
    // An untrusted client cannot claim HTTPS.
    const claimed = await app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers).not.toHaveProperty('strict-transport-security');
  });
});
