import { readFileSync } from 'node:fs';
import { contentSecurityPolicyHeader } from './security-headers.js';

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
});
