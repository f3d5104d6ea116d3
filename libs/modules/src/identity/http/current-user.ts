import { createParamDecorator, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { requestContext } from '@app/platform';
import type { SessionUser } from '../application/queries/check-credentials/check-credentials.query.js';

/**
 * The signed-in user of the request, as the session says (never a body's userId). Use it behind
 * SignedInGuard; without a session it answers 401 rather than hand a handler an undefined user.
 * `@CurrentUser('optional')` gives null instead, for routes anyone may call.
 */
export const CurrentUser = createParamDecorator(
  (mode: 'optional' | undefined, context: ExecutionContext): SessionUser | null => {
    const request = context.switchToHttp().getRequest<Request>();
    const user = request.isAuthenticated() ? request.user : undefined;
    if (user?.id) return { id: user.id };
    if (mode === 'optional') return null;
    throw new UnauthorizedException('You must be logged in to access this page.');
  },
);

/**
 * The request's id: the caller's `X-Request-Id` when the api accepted it, else the one it made (the api's
 * request-logging.ts). The same id is on the answer, the access log line and every event the request appends.
 */
export const RequestId = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const request = context.switchToHttp().getRequest<Request>();
  const id = 'id' in request ? request.id : undefined;
  return typeof id === 'string' ? id : requestContext.requestId();
});
