import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KycProviderError, KycWebhookSignatureError } from './kyc-provider.js';
import { testModeSecret } from '../test-mode-secrets.js';
import { TestModeKycProvider } from './test-mode-kyc-provider.js';
import { VeriffKycProvider } from './veriff-kyc-provider.js';

const SECRET = 'veriff-shared-secret-for-tests';

interface Received {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function hmac(body: Buffer | string, secret = SECRET): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

describe('VeriffKycProvider', () => {
  let server: Server;
  let baseUrl: string;
  let received: Received[];
  let answer: { status: number; body: string };

  beforeAll(async () => {
    // A local stand-in for Veriff's API.
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received = [];
    answer = {
      status: 201,
      body: JSON.stringify({
        status: 'success',
        verification: {
          id: 'f04bdb47-d3be-4b28-b028-a652feb060b5',
          url: 'https://alchemy.veriff.com/v/abc',
          status: 'created',
        },
      }),
    };
  });

  const provider = () =>
    new VeriffKycProvider({
      apiKey: 'veriff-api-key',
      sharedSecret: SECRET,
      baseUrl: `${baseUrl}/`,
      callbackUrl: 'https://payola.example/kyc-launch',
    });

  it('creates a session with the API key and an HMAC of the exact body sent', async () => {
    const session = await provider().createSession({
      userId: '7d7c1b0e-6a4c-4c57-9d5e-0f1e2d3c4b5a',
      email: 'fan@example.com',
      firstName: 'Fan',
      lastName: 'Example',
    });

    expect(session).toEqual({
      sessionId: 'f04bdb47-d3be-4b28-b028-a652feb060b5',
      url: 'https://alchemy.veriff.com/v/abc',
    });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/sessions');
    expect(request!.headers['x-auth-client']).toBe('veriff-api-key');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-hmac-signature']).toBe(hmac(request!.body));
    expect(JSON.parse(request!.body.toString())).toEqual({
      verification: {
        callback: 'https://payola.example/kyc-launch',
        vendorData: '7d7c1b0e-6a4c-4c57-9d5e-0f1e2d3c4b5a',
        endUserId: '7d7c1b0e-6a4c-4c57-9d5e-0f1e2d3c4b5a',
        person: { firstName: 'Fan', lastName: 'Example' },
      },
    });
  });

  it('reports an error answer or an answer without a session as a provider error', async () => {
    answer = { status: 401, body: JSON.stringify({ status: 'fail', message: 'Mandatory X-AUTH-CLIENT header' }) };
    await expect(
      provider().createSession({ userId: 'u', email: 'e@example.com', firstName: 'F', lastName: 'L' }),
    ).rejects.toThrow(KycProviderError);
    answer = { status: 201, body: JSON.stringify({ status: 'success', verification: {} }) };
    await expect(
      provider().createSession({ userId: 'u', email: 'e@example.com', firstName: 'F', lastName: 'L' }),
    ).rejects.toThrow(KycProviderError);
  });

  describe('verifyWebhook', () => {
    const body = Buffer.from(
      JSON.stringify({
        status: 'success',
        verification: {
          id: 'session-1',
          vendorData: 'user-1',
          status: 'approved',
          decisionTime: '2026-03-01T10:20:30.123Z',
          person: { firstName: 'Fan', lastName: 'Example' },
        },
      }),
    );
    const decision = {
      sessionId: 'session-1',
      vendorData: 'user-1',
      status: 'approved',
      decisionTime: '2026-03-01T10:20:30.123Z',
      firstName: 'Fan',
      lastName: 'Example',
    };

    it('accepts the signature in x-hmac-signature or vrf-hmac-signature', () => {
      expect(provider().verifyWebhook(body, { 'x-hmac-signature': hmac(body) })).toEqual(decision);
      expect(provider().verifyWebhook(body, { 'vrf-hmac-signature': hmac(body).toUpperCase() })).toEqual(decision);
    });

    it('rejects a missing, malformed or wrong signature, a tampered body and another secret', () => {
      const tampered = Buffer.from(body.toString().replace('approved', 'declined'));
      const bad: [Buffer, IncomingHttpHeaders][] = [
        [body, {}],
        [body, { 'x-hmac-signature': 'not-hex' }],
        [body, { 'x-hmac-signature': hmac(body).slice(0, 40) }],
        [body, { 'x-hmac-signature': hmac(body, 'another secret') }],
        [tampered, { 'x-hmac-signature': hmac(body) }],
      ];
      for (const [raw, headers] of bad)
        expect(() => provider().verifyWebhook(raw, headers)).toThrow(KycWebhookSignatureError);
    });

    it('reads a signed body that is not a decision as nothing to do', () => {
      const event = Buffer.from(JSON.stringify({ id: 'session-1', action: 'submitted', code: 7002 }));
      expect(provider().verifyWebhook(event, { 'x-hmac-signature': hmac(event) })).toBeNull();
    });
  });
});

describe('TestModeKycProvider', () => {
  it('derives its secret from SESSION_SECRET, so no two deployments share it', () => {
    const one = testModeSecret('first-session-secret-of-32-characters!!', 'veriff-webhook');
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(testModeSecret('second-session-secret-of-32-characters!', 'veriff-webhook')).not.toBe(one);
    expect(testModeSecret('first-session-secret-of-32-characters!!', 'stripe-webhook')).toMatch(/^whsec_/);
  });

  it('opens sessions without a network and signs decisions with its own secret only', async () => {
    const secret = testModeSecret('a-session-secret-of-at-least-32-characters', 'veriff-webhook');
    const provider = new TestModeKycProvider(secret);
    const session = await provider.createSession();
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.url).toBeNull();

    const body = Buffer.from(JSON.stringify({ verification: { id: session.sessionId, status: 'declined' } }));
    expect(provider.sign(body)).toBe(hmac(body, secret));
    expect(provider.verifyWebhook(body, { 'x-hmac-signature': provider.sign(body) })).toMatchObject({
      sessionId: session.sessionId,
      status: 'declined',
      vendorData: null,
    });
    expect(() => provider.verifyWebhook(body, { 'x-hmac-signature': hmac(body) })).toThrow(KycWebhookSignatureError);
  });
});
