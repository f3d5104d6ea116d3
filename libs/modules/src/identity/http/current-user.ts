import { createParamDecorator, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionUser } from '../application/queries/check-credentials/check-credentials.query.js';

/**
 * The signed-in user of the request, as the session says (never a body's userId). Use it behind
 * SignedInGuard; without a session it answers 401 rather than hand a handler an undefined user.
 * `@CurrentUser('optional')` gives null instead, for routes anyone may call.
 */
export const CurrentUser = createParamDecorator(
  (mode: 'optional' | undefined, context: ExecutionContext): SessionUser | null => {
    const request = context.switchToHttp().getRequest<Request>();
    const user = request.isAuthenticated() ? (request.user as SessionUser | undefined) : undefined;
    if (user?.id) return { id: user.id };
    if (mode === 'optional') return null;
    throw new UnauthorizedException('You must be logged in to access this page.');
  },
);

/** The caller's `X-Request-Id`, recorded in event metadata to trace a request through the log. */
export const RequestId = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const header = context.switchToHttp().getRequest<Request>().headers['x-request-id'];
  return typeof header === 'string' ? header.slice(0, 100) : undefined;
});
