import { readFileSync } from 'node:fs';
import express from 'express';
import supertest from 'supertest';
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicyHeader, securityHeaders } from './security-headers.js';

describe('security headers', () => {
  it('nginx sends the same content security policy as the api', () => {
    const conf = readFileSync(new URL('../../../deploy/docker/security-headers.conf', import.meta.url), 'utf8');
    const nginxPolicy = /add_header Content-Security-Policy "([^"]+)" always;/.exec(conf)?.[1];
    expect(nginxPolicy).toBe(contentSecurityPolicyHeader());
  });

  it('keeps the policy strict where it matters', () => {
    const policy = contentSecurityPolicyHeader();
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it("lets browsers reach object storage on another origin (npm start's s3rver), and only there", async () => {
    const policyFor = async (storageUrl: string) => {
      const app = express().use(securityHeaders('http://localhost:3000', storageUrl));
      app.get('/', (_req, res) => res.send('ok'));
      return (await supertest(app).get('/')).headers['content-security-policy'] as string;
    };
    const local = await policyFor('http://127.0.0.1:4568');
    for (const directive of ['connect-src', 'img-src', 'media-src']) {
      expect(local).toMatch(new RegExp(`${directive} [^;]*http://127\\.0\\.0\\.1:4568`));
    }
    expect(local).not.toMatch(/script-src[^;]*4568/);
    expect(await policyFor('http://localhost:3000')).toBe(contentSecurityPolicyHeader().replaceAll('; ', ';'));
  });

  describe('on /api answers', () => {
    const app = express().use(securityHeaders('http://localhost:3000'));
    app.get('/api/things', (_req, res) => res.json({ things: [] }));
    app.get('/api/page', (_req, res) => res.type('html').send('<!doctype html><title>A page</title>'));
    app.get('/api/own', (_req, res) => res.set('Content-Security-Policy', "default-src 'self'").json({}));
    app.get('/', (_req, res) => res.type('html').send('<!doctype html><title>The app</title>'));
    const pagePolicy = contentSecurityPolicyHeader().replaceAll('; ', ';');

    it('a JSON answer gets the API policy and the headers an answer needs, none of a document', async () => {
      const { headers } = await supertest(app).get('/api/things').expect(200);
      expect(headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
        expect(headers[documentOnly]).toBeUndefined();
      }
    });

    it("a page served under /api gets the pages' headers, as the app's pages do", async () => {
      const page = await supertest(app).get('/api/page').expect(200);
      const app_ = await supertest(app).get('/').expect(200);
      expect(page.headers['content-security-policy']).toBe(pagePolicy);
      expect(app_.headers['content-security-policy']).toBe(pagePolicy);
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    });

    it("keeps an answer's own policy", async () => {
      const { headers } = await supertest(app).get('/api/own').expect(200);
      expect(headers['content-security-policy']).toBe("default-src 'self'");
    });

    it('adds HSTS over https, to answers and pages alike', async () => {
      const secure = express().use(securityHeaders('https://payola.example'));
      secure.get('/api/things', (_req, res) => res.json({}));
      secure.get('/', (_req, res) => res.type('html').send('<!doctype html>'));
      for (const path of ['/api/things', '/']) {
        const { headers } = await supertest(secure).get(path).expect(200);
        expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    });
  });
});
