import { jest } from '@jest/globals';
import type { SessionData } from 'express-session';
import { SESSION_CACHE_MS, SessionCache } from './session-cache.js';

/** A session row as connect-pg-simple reads it: JSON, the expiry a string. */
const stored = (): SessionData =>
  ({
    cookie: { originalMaxAge: 2_592_000_000, expires: '2026-12-26T10:00:00.000Z', httpOnly: true, path: '/' },
    passport: { user: 'user-1' },
  }) as unknown as SessionData;

describe('the session cache', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a copy of what was read: changing it (as express-session does) leaves the cached session as stored', () => {
    const cache = new SessionCache();
    const read = stored();
    cache.remember('sid', read);
    (read as unknown as { passport: { user?: string } }).passport.user = 'changed after remember';
    const first = cache.get('sid') as unknown as { cookie: object; passport: { user?: string } };
    expect(first).toEqual(stored());
    first.cookie = {};
    delete first.passport.user;
    expect(cache.get('sid')).toEqual(stored());
  });

  it('remembers a missing session as null, and forgets on request or after SESSION_CACHE_MS', () => {
    jest.useFakeTimers({ now: 0 });
    const cache = new SessionCache();
    cache.remember('gone', null);
    cache.remember('sid', stored());
    expect(cache.get('gone')).toBeNull();
    cache.forget(['gone']);
    expect(cache.get('gone')).toBeUndefined();
    jest.setSystemTime(SESSION_CACHE_MS - 1);
    expect(cache.get('sid')).toEqual(stored());
    jest.setSystemTime(SESSION_CACHE_MS);
    expect(cache.get('sid')).toBeUndefined();
  });
});
