import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { TApiError } from '@app/contracts';
import { artistsProjection, venuesProjection } from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { mediaProjection } from '@app/modules/media';
import { payolaLedgerProjection } from '@app/modules/payola';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpMember } from './members.js';

const NUL = '\u0000';
const LONE_SURROGATE = '\uD800';

/** The API's error body for a string PostgreSQL cannot store, naming the field. */
function expectRefused(response: { status: number; body: TApiError }, field: string, what: RegExp) {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 400,
    body: expect.objectContaining({ statusCode: 400, fieldErrors: { [field]: [expect.stringMatching(what)] } }),
  });
  expect(response.body.message.startsWith(`${field}: `)).toBe(true);
}

describe('one rule for every string the api accepts: NUL and lone surrogates are a 400 naming the field', () => {
  let api: ApiHarness;
  let fan: Client;

  beforeAll(async () => {
    api = await startApi([
      usersProjection,
      payolaLedgerProjection,
      artistsProjection,
      venuesProjection,
      mediaProjection,
    ]);
    ({ client: fan } = await signUpMember(api));
  });
  afterAll(() => api.close());

  it.each([
    ['/api/payola/history?search=a%00b', 'search'],
    ['/api/payola/history?category=%00', 'category'],
    ['/api/payola/history?action=x%00', 'action'],
    ['/api/venues/search?q=the%20venue&city=Austin%00', 'city'],
    ['/api/fan-messages?artistId=%00', 'artistId'],
    ['/api/artists/all?q=%00', 'q'],
    ['/api/artists/some-id?userId=%00', 'userId'],
  ])('GET %s is a 400 naming %s', async (path, field) => {
    expectRefused(await fan.get(path), field, /NUL/);
  });

  it.each([
    ['/api/artists/%00', 'id'],
    ['/api/venues/a%00', 'id'],
    ['/api/media/%00/poster', 'id'],
    ['/api/artists/%00/verification/me', 'artistId'],
    ['/api/artists/a/verification/%00', 'userId'],
  ])('a NUL in the path (GET %s) is a 400 naming %s', async (path, field) => {
    expectRefused(await fan.get(path), field, /NUL/);
  });

  it('a NUL in a path id of a write is a 400', async () => {
    expectRefused(await fan.post('/api/objects/%00/complete'), 'id', /NUL/);
    expectRefused(await fan.post('/api/artists/%00/vote', { vote: true }), 'id', /NUL/);
  });

  it.each([
    ['/api/objects/upload', { filename: `clip${NUL}.mp4`, kind: 'profile-photo' }, 'filename'],
    ['/api/objects/upload', { filename: `clip${LONE_SURROGATE}.mp4` }, 'filename'],
    [
      '/api/test-payments/confirm',
      { clientSecret: `pi_1${NUL}`, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
      'clientSecret',
    ],
    [
      '/api/test-payments/confirm',
      { clientSecret: `pi_1${LONE_SURROGATE}`, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
      'clientSecret',
    ],
    ['/api/users/check-username', { username: `a${LONE_SURROGATE}` }, 'username'],
    ['/api/artists/verify', { artistId: 'x', links: { socialUrls: ['ok', `b${NUL}`] } }, 'links.socialUrls.1'],
  ])('POST %s %j is a 400 naming the field', async (path, body, field) => {
    const response = await fan.post(path, body);
    expectRefused(response, field, JSON.stringify(body).includes('\\u0000') ? /NUL/ : /surrogate/);
  });

  it('a NUL in an object key is refused too, and anonymous requests get the same answer', async () => {
    expectRefused(await fan.post('/api/users/check-username', { [`user${NUL}name`]: 'x' }), 'user\\u0000name', /NUL/);
    const anonymous = api.client();
    expectRefused(await anonymous.post('/api/forgot-password', { email: `a${NUL}@example.com` }), 'email', /NUL/);
    expectRefused(
      await anonymous.post('/api/waitlist', { email: 'a@example.com', name: `x${LONE_SURROGATE}` }),
      'name',
      /surrogate/,
    );
  });

  it('__proto__, constructor and prototype keys are a 400 naming them, never silently dropped', async () => {
    const proto = JSON.parse('{"username":"fine","__proto__":{"isAdmin":true}}') as object;
    const refused = await fan.post('/api/users/check-username', proto);
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ ['__proto__']: [expect.stringMatching(/not accepted/)] });
    const nested = await fan.post('/api/artists/verify', {
      artistId: 'x',
      links: { constructor: { prototype: { polluted: true } } },
    });
    expect(nested.status).toBe(400);
    expect(Object.keys(nested.body.fieldErrors)).toEqual(['links.constructor']);
    const query = await fan.get('/api/payola/history?__proto__=2');
    expect(query.status).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('the same strings with nothing wrong still pass', async () => {
    expect((await fan.get('/api/payola/history?search=caf%C3%A9%20%F0%9F%8E%B8')).status).toBe(200);
    expect((await fan.post('/api/users/check-username', { username: 'emoji_ok' })).status).toBe(200);
    // A paired surrogate (an emoji) is fine wherever a string goes.
    expect((await fan.post('/api/objects/upload', { filename: 'guitar 🎸.jpg' })).status).toBe(201);
  });

  it('headers: Node refuses NUL and control characters in any header value before the api sees them', async () => {
    // X-Request-Id reaches event metadata; a header value is bytes (read as latin1), so it never
    // holds a surrogate, and the HTTP parser answers 400 to a NUL or another control character.
    const server = api.app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    for (const value of ['a\u0000b', 'a\u0001b', 'a\u007fb']) {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(
            `GET /api/milestones HTTP/1.1\r\nHost: x\r\nX-Request-Id: ${value}\r\nConnection: close\r\n\r\n`,
          ),
        );
        let data = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk) => (data += chunk));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    }
  });
});
