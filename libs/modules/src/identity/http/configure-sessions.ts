import { randomBytes } from 'node:crypto';
import connectPgSimple from 'connect-pg-simple';
import cookieParser from 'cookie-parser';
import { doubleCsrf } from 'csrf-csrf';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import signature from 'cookie-signature';
import passport from 'passport';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import type { AppConfig, Logger, Pool } from '@app/platform';
import type { SessionCache } from '../application/services/session-cache.js';
import { refuseSuspendedWrites } from './suspended-sessions.js';

const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];
const SESSION_COOKIE = 'payola.sid';
const CSRF_COOKIE = 'XSRF-TOKEN';
/** How many verified cookie values each memo below keeps; the oldest goes first. */
const MEMO_CAPACITY = 50_000;

/** A set of at most `capacity` strings that forgets the oldest first (the memos of verified cookies). */
class RecentStrings<V = true> {
  private readonly values = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    return this.values.get(key);
  }

  set(key: string, value: V): void {
    this.values.set(key, value);
    // A Map keeps insertion order: the first key is the oldest.
    if (this.values.size > this.capacity) {
      const oldest = this.values.keys().next();
      if (!oldest.done) this.values.delete(oldest.value);
    }
  }
}
/** A random id per anonymous browser: what its CSRF token is bound to before it signs in. */
const VISITOR_COOKIE = 'payola.vid';
const VISITOR_ID = /^[A-Za-z0-9_-]{24}$/;

/** The anonymous browser's id, set as a cookie when it has none yet (or a malformed one). */
function ensureVisitorId(req: Request, res: Response, secure: boolean): void {
  const current: unknown = req.cookies?.[VISITOR_COOKIE];
  if (typeof current === 'string' && VISITOR_ID.test(current)) return;
  const id = randomBytes(18).toString('base64url');
  res.cookie(VISITOR_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_MAX_AGE_MS });
  req.cookies = { ...req.cookies, [VISITOR_COOKIE]: id };
}

/** What a CSRF token is bound to: the session once signed in, the visitor cookie before. */
/** The path asked for, without its query string. */
function pathOf(req: Request): string {
  const [path = ''] = req.originalUrl.split('?');
  return path;
}

function csrfIdentifier(req: Request): string {
  if (req.isAuthenticated?.()) return req.session.id;
  const visitor: unknown = req.cookies?.[VISITOR_COOKIE];
  return typeof visitor === 'string' && VISITOR_ID.test(visitor) ? `visitor:${visitor}` : '';
}

export interface CsrfTokens {
  /** Issues a token bound to the current session; `overwrite` after the session id changed. */
  issue(req: Request, res: Response, options?: { overwrite: boolean }): string;
  /** Issues tokens on safe API calls and checks them on every other one (a handler, used unbound). */
  middleware: (req: Request, res: Response, next: NextFunction) => void;
}

/**
 * Double-submit CSRF protection: every API GET gets an `XSRF-TOKEN` cookie bound to the session
 * (signed in) or to a visitor cookie (anonymous), and every state-changing call must echo it in
 * `X-XSRF-TOKEN`. Anonymous visitors get no session row: only signing in stores one. Paths in
 * `exempt` (signed webhooks) skip the check; GETs of paths in `tokenless` (health probes) get no token.
 */
export function createCsrfTokens(
  config: AppConfig,
  exempt: readonly string[] = [],
  tokenless: readonly string[] = [],
): CsrfTokens {
  const secure = config.PUBLIC_URL.startsWith('https://');
  const { generateCsrfToken, doubleCsrfProtection } = doubleCsrf({
    getSecret: () => config.SESSION_SECRET,
    getSessionIdentifier: csrfIdentifier,
    cookieName: CSRF_COOKIE,
    // The web app reads this cookie and echoes it in a header; that is the double submit.
    cookieOptions: { sameSite: 'lax', path: '/', secure, httpOnly: false },
    getCsrfTokenFromRequest: (req) => {
      const header = req.headers['x-xsrf-token'];
      return Array.isArray(header) ? header[0] : header;
    },
    skipCsrfProtection: (req) => exempt.includes(pathOf(req)),
  });
  // Tokens this process has seen valid, with what they are bound to. The token's HMAC depends on nothing
  // else (the secret is fixed per process), so a pair once valid stays valid: a GET that brings one back
  // needs neither the HMAC again nor the cookie sent back to it (~200 bytes on every API read).
  const confirmed = new RecentStrings(MEMO_CAPACITY);
  return {
    issue(req, res, options) {
      return generateCsrfToken(req, res, { overwrite: options?.overwrite ?? false });
    },
    middleware(req, res, next) {
      if (SAFE_METHODS.includes(req.method)) {
        if (tokenless.includes(pathOf(req))) return next();
        if (!req.isAuthenticated()) ensureVisitorId(req, res, secure);
        const held: unknown = req.cookies?.[CSRF_COOKIE];
        const binding = typeof held === 'string' ? `${csrfIdentifier(req)}\n${held}` : null;
        if (binding !== null && confirmed.get(binding)) return next();
        // Validates the token the cookie holds and gives it back if it is valid, else a new one.
        const issued = generateCsrfToken(req, res);
        if (binding !== null && issued === held) confirmed.set(binding, true);
        return next();
      }
      doubleCsrfProtection(req, res, (error?: unknown) => {
        if (!error) return next();
        res
          .status(403)
          .json({ statusCode: 403, error: ACCOUNT_MESSAGES.csrfInvalid, message: ACCOUNT_MESSAGES.csrfInvalid });
      });
    },
  };
}

/** How often one api process moves a session's expiry forward while it is in use. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;
const TOUCHED_CAPACITY = 50_000;

/**
 * Sessions in PostgreSQL that do not cost a query on every API request: reads go through SessionCache,
 * and the rolling expiry is written at most once an hour per session and process (a 30-day session
 * loses at most an hour of its life to this) instead of an UPDATE and a commit per call.
 */
function cachedPgStore(PgStore: ReturnType<typeof connectPgSimple>, cache: SessionCache) {
  return class CachedPgSessionStore extends PgStore {
    private readonly touched = new Map<string, number>();

    override get(sid: string, done: (err: unknown, session?: session.SessionData | null) => void): void {
      const cached = cache.get(sid);
      if (cached !== undefined) return done(null, cached);
      super.get(sid, (error: unknown, found?: session.SessionData | null) => {
        if (!error) cache.remember(sid, found ?? null);
        done(error, found);
      });
    }

    override set(sid: string, sess: session.SessionData, done?: (err?: unknown) => void): void {
      cache.forget([sid]);
      super.set(sid, sess, done);
    }

    override touch(sid: string, sess: session.SessionData, done?: (err?: unknown) => void): void {
      const now = Date.now();
      const last = this.touched.get(sid);
      if (last !== undefined && now - last < TOUCH_INTERVAL_MS) {
        done?.();
        return;
      }
      // A Map keeps insertion order: the oldest entries go first when it is full.
      this.touched.delete(sid);
      this.touched.set(sid, now);
      if (this.touched.size > TOUCHED_CAPACITY) {
        const oldest = this.touched.keys().next();
        if (!oldest.done) this.touched.delete(oldest.value);
      }
      super.touch(sid, sess, done);
    }

    override destroy(sid: string, done?: (err?: unknown) => void): void {
      this.touched.delete(sid);
      cache.forget([sid]);
      super.destroy(sid, done);
    }
  };
}

/**
 * A read (GET or HEAD) with a session this process read in the last SESSION_CACHE_MS gets it here,
 * without express-session's per-request work: its cookie parsed again and its signature checked with an
 * HMAC, the session hashed before and after the handler to see whether to save it, and res.end wrapped.
 * The signature of each cookie value is checked once per process, and the session comes from the cache
 * (a copy) as express-session would have made it. Reads never change a session (signing in and out and
 * the console's second factor are POSTs), so there is nothing to save. express-session skips a request
 * that already has one; anything else (a write, no cookie, a session not in the cache) goes through it,
 * which every session in use does at least once per SESSION_CACHE_MS: that keeps moving its expiry
 * forward (at most once an hour, cachedPgStore).
 */
function cachedSessionReads(store: session.Store, secret: string, cache: SessionCache): RequestHandler {
  const verified = new RecentStrings<string>(MEMO_CAPACITY);
  return (req, _res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const raw = (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
    if (typeof raw !== 'string' || !raw.startsWith('s:')) return next();
    let sid = verified.get(raw);
    if (sid === undefined) {
      const unsigned = signature.unsign(raw.slice(2), secret);
      if (unsigned === false) return next();
      sid = unsigned;
      verified.set(raw, sid);
    }
    const stored = cache.get(sid);
    if (!stored) return next();
    // express-session gives the store its `generate` when it is set up, before any request.
    req.sessionStore = store as Request['sessionStore'];
    req.sessionID = sid;
    store.createSession(req, stored);
    next();
  };
}

/**
 * Sessions in PostgreSQL (the spec's `session` table), passport on top, a suspended member's writes refused,
 * then CSRF checks: the handlers, in
 * order, for the api's /api requests only (static files and pages are served without touching the store).
 * The api runs them in its one middleware chain (api/src/infrastructure/middleware-chain.ts).
 */
export function sessionMiddleware(
  config: AppConfig,
  pool: Pool,
  csrf: CsrfTokens,
  cache: SessionCache,
  logger: Logger,
): RequestHandler[] {
  const PgStore = cachedPgStore(connectPgSimple(session), cache);
  const store = new PgStore({
    pool,
    tableName: 'session',
    createTableIfMissing: false,
    pruneSessionInterval: 15 * 60,
    // Into the structured log, not console.error. Its prune timer outlives an app closed before it fires
    // (tests close many in one process); that prune then fails on the ended pool, which is harmless.
    errorLog: (message: string, error?: unknown) => logger.warn({ err: error }, message),
  });
  return [
    // First: the cookies, parsed once for the session reads and the CSRF check below.
    cookieParser(),
    cachedSessionReads(store, config.SESSION_SECRET, cache),
    session({
      store,
      name: SESSION_COOKIE,
      secret: config.SESSION_SECRET,
      resave: false,
      saveUninitialized: false,
      proxy: true,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.PUBLIC_URL.startsWith('https://'),
        maxAge: SESSION_MAX_AGE_MS,
      },
    }),
    passport.initialize(),
    // @types/passport types the session middleware as `any` (its default framework); it is express's.
    passport.session() as RequestHandler,
    refuseSuspendedWrites,
    csrf.middleware,
  ];
}
