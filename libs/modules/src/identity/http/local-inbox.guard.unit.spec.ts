import type { IncomingHttpHeaders } from 'node:http';
import { NotFoundException, type ExecutionContext } from '@nestjs/common';
import type { AppConfig } from '@app/platform';
import { isLoopbackAddress, LocalInboxGuard, localInboxAnswers } from './local-inbox.guard.js';

const localMode = { SMTP_URL: undefined, NODE_ENV: 'development' } as const;
const request = (remoteAddress: string | undefined, headers: IncomingHttpHeaders = {}) => ({
  headers,
  socket: { remoteAddress },
});

describe('local inbox guard', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:127.1.2.3'])(
    'treats %s as this machine',
    (address) => expect(isLoopbackAddress(address)).toBe(true),
  );

  it.each([
    '192.0.2.2',
    '10.0.0.5',
    '::ffff:192.168.1.20',
    'fd00::2',
    'fe80::1',
    '0.0.0.0',
    '::',
    '128.0.0.1',
    'localhost',
    '',
    undefined,
  ])('treats %s as another machine', (address) => expect(isLoopbackAddress(address)).toBe(false));

  it('answers a loopback socket while email is in its local test mode', () => {
    expect(localInboxAnswers(localMode, request('127.0.0.1'))).toBe(true);
    expect(localInboxAnswers({ ...localMode, NODE_ENV: 'test' }, request('::ffff:127.0.0.1'))).toBe(true);
  });

  it('refuses a non-loopback socket whatever its headers claim', () => {
    expect(localInboxAnswers(localMode, request('192.0.2.2'))).toBe(false);
    expect(localInboxAnswers(localMode, request('192.0.2.2', { 'x-forwarded-for': '127.0.0.1' }))).toBe(false);
    expect(localInboxAnswers(localMode, request(undefined))).toBe(false);
  });

  it('refuses when email is delivered for real or in production, even from loopback', () => {
    expect(localInboxAnswers({ ...localMode, SMTP_URL: 'smtp://mail:1025' }, request('127.0.0.1'))).toBe(false);
    expect(localInboxAnswers({ ...localMode, NODE_ENV: 'production' }, request('127.0.0.1'))).toBe(false);
  });

  it('refuses what a proxy on this machine relays for another machine, and answers what it relays for this one', () => {
    const via = (headers: IncomingHttpHeaders) => localInboxAnswers(localMode, request('127.0.0.1', headers));
    // The nearest proxy appends the address it saw last; whatever a client wrote before it is forgeable.
    expect(via({ 'x-forwarded-for': '127.0.0.1, 192.0.2.7' })).toBe(false);
    expect(via({ 'x-forwarded-for': '192.0.2.7, 127.0.0.1' })).toBe(true);
    expect(via({ 'x-forwarded-for': '::1' })).toBe(true);
    expect(via({ 'x-real-ip': '192.0.2.7' })).toBe(false);
    expect(via({ 'x-real-ip': '127.0.0.1' })).toBe(true);
    expect(via({ forwarded: 'for=127.0.0.1, for="[2001:db8:cafe::17]:4711"' })).toBe(false);
    expect(via({ forwarded: 'for=192.0.2.7;proto=http, for="[::1]:4711";by=127.0.0.1' })).toBe(true);
    expect(via({ forwarded: 'for=unknown' })).toBe(false);
    expect(via({ via: '1.1 tunnel' })).toBe(false);
    expect(via({ 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '192.0.2.7' })).toBe(false);
  });

  it('answers 404 through the Nest guard when it refuses', () => {
    const context = (remoteAddress: string) =>
      ({ switchToHttp: () => ({ getRequest: () => request(remoteAddress) }) }) as unknown as ExecutionContext;
    const guard = new LocalInboxGuard(localMode as unknown as AppConfig);
    expect(guard.canActivate(context('::1'))).toBe(true);
    expect(() => guard.canActivate(context('192.0.2.2'))).toThrow(NotFoundException);
  });
});
