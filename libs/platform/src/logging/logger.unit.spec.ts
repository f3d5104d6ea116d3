import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import { acceptedRequestId, censorSecrets, createLogger, requestContext } from './logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('test', 'info', { destination }) };
}

describe('logger', () => {
  it('censors passwords, tokens, cookies and credentials wherever they sit, without touching the logged object', () => {
    const { lines, logger } = capture();
    const body = {
      email: 'ada@example.com',
      password: 'hunter2 hunter2',
      nested: { newPassword: 'n3w', token: 't0k' },
    };
    logger.info(
      {
        body,
        headers: { Cookie: 'payola.sid=s%3Aabc', authorization: 'Bearer xyz', 'x-xsrf-token': 'csrf' },
        list: [{ secret: 's' }],
      },
      'signing in',
    );
    expect(lines[0]).toMatchObject({
      body: {
        email: 'ada@example.com',
        password: '[redacted]',
        nested: { newPassword: '[redacted]', token: '[redacted]' },
      },
      headers: { Cookie: '[redacted]', authorization: '[redacted]', 'x-xsrf-token': '[redacted]' },
      list: [{ secret: '[redacted]' }],
    });
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|n3w|t0k|abc|xyz|csrf/);
    expect(body.password).toBe('hunter2 hunter2');
    expect(censorSecrets(body)).not.toBe(body);
    const clean = { a: { b: 1 } };
    expect(censorSecrets(clean)).toBe(clean);
  });

  it('shows a request or response logged whole by method, path and status only: no headers, no query', () => {
    const { lines, logger } = capture();
    const req = new IncomingMessage(new Socket());
    req.method = 'POST';
    req.url = '/api/login?token=abc';
    req.headers = { cookie: 'payola.sid=s%3Asecret', authorization: 'Basic dXNlcg==' };
    const res = new ServerResponse(req);
    res.setHeader('set-cookie', 'payola.sid=s%3Asecret');
    res.statusCode = 200;
    logger.info({ req, res }, 'whole request');
    expect(lines[0]).toMatchObject({ req: { method: 'POST', path: '/api/login' }, res: { statusCode: 200 } });
    expect(JSON.stringify(lines[0])).not.toMatch(/secret|dXNlcg|token=abc/);
  });

  it("adds the running request's id to every line, and none outside a request", async () => {
    const { lines, logger } = capture();
    logger.info('outside');
    await requestContext.run('req-1', async () => {
      await Promise.resolve();
      logger.info('inside');
      requestContext.run(undefined, () => logger.info('on behalf of no request'));
    });
    expect(lines.map((line) => line.requestId)).toEqual([undefined, 'req-1', undefined]);
  });

  it('accepts plausible incoming request ids only', () => {
    for (const id of ['0f8c7a5e-3b4d-4a8e-9c1f-2b3c4d5e6f70', 'Root=1-67891233-abcdef', 'abc.def:123_x/y+z']) {
      expect(acceptedRequestId(id)).toBe(id);
    }
    for (const id of [undefined, '', ' lead', 'two words', 'line\nbreak', '<b>', '"quote"', 'x'.repeat(129), ['a']]) {
      expect(acceptedRequestId(id)).toBeUndefined();
    }
  });
});
