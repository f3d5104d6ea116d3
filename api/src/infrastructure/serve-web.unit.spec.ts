import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import supertest from 'supertest';
import { securityHeaders } from './security-headers.js';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, serveWebApp } from './serve-web.js';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes on the wire, not decompressed. */
  body: Buffer;
}

const script = Buffer.from(`export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`);
const html = Buffer.from(
  `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<div></div>'.repeat(50)}</body></html>\n`,
);

describe('serving the web app', () => {
  let dist: string;
  let server: http.Server;
  let port: number;

  const get = (urlPath: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<RawResponse>((resolve, reject) => {
      const request = http.request({ port, path: urlPath, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'payola-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    // What vite-plugin-compression2 writes: each file, plus a .br and a .gz copy next to it.
    for (const [file, content] of [
      ['assets/app-abc123.js', script],
      ['index.html', html],
    ] as const) {
      writeFileSync(path.join(dist, file), content);
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(content));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(content));
    }
    // Composed as in create-api-app.ts: security headers first, then the web app.
    const app = express();
    app.use(securityHeaders('http://localhost:3000'));
    expect(serveWebApp(app, dist)).toBe(true);
    app.use((_req, res) => {
      res.status(404).send('not the web app');
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli copy of a hashed asset to a browser that accepts br, cached for a year', async () => {
    const response = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body.equals(brotliCompressSync(script))).toBe(true);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('sends the gzip copy to a browser that accepts gzip only', async () => {
    const response = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.body.equals(gzipSync(script))).toBe(true);
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('prefers brotli whatever order the browser lists them in', async () => {
    const response = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip;q=1.0, deflate, br;q=0.8' });
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('sends the plain file without Accept-Encoding, or when the browser refuses both', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of refusals) {
      const response = await get('/assets/app-abc123.js', headers);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.equals(script)).toBe(true);
      expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    }
  });

  it('answers a client-side route with index.html, compressed, never cached without revalidation', async () => {
    const compressed = await get('/payola', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-type']).toMatch(/^text\/html/);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.body.equals(brotliCompressSync(html))).toBe(true);
    expect(compressed.headers['cache-control']).toBe(REVALIDATE_CACHE);

    const plain = await get('/artist/42');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(html)).toBe(true);
    expect(plain.headers['cache-control']).toBe(REVALIDATE_CACHE);

    for (const urlPath of ['/', '/index.html']) {
      const response = await get(urlPath, { 'Accept-Encoding': 'gzip' });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.body.equals(gzipSync(html))).toBe(true);
      expect(response.headers['cache-control']).toBe(REVALIDATE_CACHE);
    }
  });

  it('keeps the security headers on every response it serves', async () => {
    for (const urlPath of ['/assets/app-abc123.js', '/payola']) {
      const response = await get(urlPath, { 'Accept-Encoding': 'br' });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('leaves /api and non-GET requests to the api', async () => {
    expect((await get('/api/health')).body.toString()).toBe('not the web app');
    expect((await get('/api')).body.toString()).toBe('not the web app');
    const post = await get('/payola', {}, 'POST');
    expect(post.status).toBe(404);
    expect(post.body.toString()).toBe('not the web app');
  });

  it('serves nothing when the app is not built', () => {
    const app = express();
    expect(serveWebApp(app, path.join(dist, 'missing'))).toBe(false);
  });
});

describe('source maps', () => {
  it('are served by default (development) and answer 404 when turned off (production)', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'payola-web-maps-'));
    try {
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, 'index.html'), html);
      writeFileSync(path.join(dist, 'assets/app-abc123.js'), script);
      writeFileSync(path.join(dist, 'assets/app-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
      const served = (sourceMaps?: boolean) => {
        const app = express();
        serveWebApp(app, dist, sourceMaps === undefined ? {} : { sourceMaps });
        return supertest(app);
      };
      expect((await served().get('/assets/app-abc123.js.map')).status).toBe(200);
      const hidden = await served(false).get('/assets/app-abc123.js.map');
      expect(hidden.status).toBe(404);
      expect(hidden.text).not.toContain('secret');
      expect((await served(false).get('/assets/app-abc123.js')).status).toBe(200);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
