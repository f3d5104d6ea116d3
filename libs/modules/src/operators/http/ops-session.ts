/**
 * The mark a session carries once it passed the second factor, kept in the session itself: a new
 * sign-in gets a new session (the id is regenerated at login) and so must pass again, and a logout
 * ends it. The mark names the user and the grant it was passed under, so a session that passed before
 * a revoke does not open the console after a new grant.
 *
 * Only this file knows how the session object is reached (express-session's `request.session`
 * properties, or a `get`/`set` pair as @fastify/session also offers), so a change of HTTP adapter
 * touches one place.
 */
interface SessionLike {
  get?: (key: string) => unknown;
  set?: (key: string, value: unknown) => void;
  [key: string]: unknown;
}

const KEY = 'opsSecondFactor';

function sessionOf(request: unknown): SessionLike | null {
  const session = typeof request === 'object' && request !== null && 'session' in request ? request.session : null;
  return typeof session === 'object' && session !== null ? (session as SessionLike) : null;
}

function mark(userId: string, grant: number): string {
  return `${userId}#${grant}`;
}

export function hasPassedSecondFactor(request: unknown, userId: string, grant: number): boolean {
  const session = sessionOf(request);
  if (!session) return false;
  const value = typeof session.get === 'function' ? session.get(KEY) : session[KEY];
  return value === mark(userId, grant);
}

export function markSecondFactorPassed(request: unknown, userId: string, grant: number): void {
  const session = sessionOf(request);
  if (!session) throw new Error('The operators console needs a session');
  if (typeof session.set === 'function') session.set(KEY, mark(userId, grant));
  else session[KEY] = mark(userId, grant);
}

/** The signed-in user's id as passport put it on the request (the same source as @CurrentUser). */
export function signedInUserId(request: unknown): string | null {
  if (typeof request !== 'object' || request === null) return null;
  const authenticated =
    'isAuthenticated' in request && typeof request.isAuthenticated === 'function'
      ? Boolean((request.isAuthenticated as () => boolean).call(request))
      : false;
  const user = authenticated && 'user' in request ? request.user : null;
  return typeof user === 'object' && user !== null && 'id' in user && typeof user.id === 'string' ? user.id : null;
}
