import type { NextFunction, Request, Response } from 'express';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { SUSPENDED_SESSION_KEY } from '../application/services/member-suspensions.js';

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];
/** What a marked browser may still post: signing in (as anyone, which replaces the session) and out. */
const OPEN_PATHS = ['/api/login', '/api/logout'];

/**
 * A session a suspension ended (member-suspensions.ts) signs nobody in, so reads go on as a visitor's;
 * a write from it is answered with the suspension message (403), before the CSRF check would refuse
 * it with a misleading "session expired". Runs after the session middleware, before the CSRF check.
 */
export function refuseSuspendedWrites(req: Request, res: Response, next: NextFunction): void {
  const marked = (req.session as unknown as Record<string, unknown> | undefined)?.[SUSPENDED_SESSION_KEY];
  const [path = ''] = req.originalUrl.split('?');
  if (typeof marked !== 'string' || SAFE_METHODS.includes(req.method) || OPEN_PATHS.includes(path)) return next();
  const message = ACCOUNT_MESSAGES.accountSuspended;
  res.status(403).json({ statusCode: 403, error: message, message });
}
