import { Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { ZLoginRequest } from '@app/contracts';
import { RateLimitGuard } from './rate-limit.js';

/** Checks the email and password, then starts a new session (passport regenerates the session id). */
@Injectable()
export class LocalLoginGuard extends AuthGuard('local') {
  constructor(@Inject(RateLimitGuard) private readonly rateLimits: RateLimitGuard) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    // passport-local answers a missing field with a bare 401 before the strategy sees the body.
    const credentials = ZLoginRequest.parse(context.switchToHttp().getRequest<Request>().body ?? {});
    let result: boolean;
    try {
      // AuthGuard's canActivate is declared boolean | Promise | Observable; passport's answers a Promise.
      result = (await super.canActivate(context)) as boolean;
    } catch (error) {
      if (error instanceof UnauthorizedException) await this.rateLimits.recordFailedLogin(credentials.email);
      throw error;
    }
    await super.logIn(context.switchToHttp().getRequest());
    return result;
  }
}

/** Lets only signed-in users through. */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.isAuthenticated()) throw new UnauthorizedException('You must be logged in to access this page.');
    return true;
  }
}
