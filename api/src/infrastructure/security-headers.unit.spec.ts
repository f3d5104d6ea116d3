import { readFileSync } from 'node:fs';
import express from 'express';
import supertest from 'supertest';
import { contentSecurityPolicyHeader, securityHeaders } from './security-headers.js';

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
});
