import {
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SecondFactor } from '../application/second-factor.js';
import { hasPassedSecondFactor, signedInUserId } from './ops-session.js';

const BEFORE_SECOND_FACTOR = 'ops-before-second-factor';
/** The routes an operator uses to pass the second factor: every other /api/ops route needs it passed. */
export const BeforeSecondFactor = () => SetMetadata(BEFORE_SECOND_FACTOR, true);

export const OPS_SECOND_FACTOR_REQUIRED = 'Confirm it is you with your authenticator code first.';

/**
 * Every /api/ops route: anyone who is not an operator (signed out, a member, a revoked operator) gets
 * the same 404 an unknown route gets, so the console's existence tells nobody anything. An operator
 * whose session has not passed the second factor reaches only the second-factor routes.
 */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(SecondFactor) private readonly secondFactor: SecondFactor,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<{ method?: string; url?: string; originalUrl?: string }>();
    const userId = signedInUserId(request);
    const { state } = userId ? await this.secondFactor.state(userId) : { state: null };
    if (!userId || !state?.operator) {
      // Nest's own answer for a route it does not know, word for word.
      throw new NotFoundException(`Cannot ${request.method ?? 'GET'} ${request.originalUrl ?? request.url ?? ''}`);
    }
    if (this.reflector.get<boolean | undefined>(BEFORE_SECOND_FACTOR, context.getHandler())) return true;
    if (!state.enrolled || !hasPassedSecondFactor(request, userId, state.grants)) {
      throw new ForbiddenException(OPS_SECOND_FACTOR_REQUIRED);
    }
    return true;
  }
}
