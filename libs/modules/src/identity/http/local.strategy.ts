import { BadRequestException, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { ACCOUNT_MESSAGES, ZLoginRequest } from '@app/contracts';
import {
  CheckCredentials,
  type SessionUser,
} from '../application/queries/check-credentials/check-credentials.query.js';
import { MemberSuspensions } from '../application/services/member-suspensions.js';

/** passport-local's adapter to the CheckCredentials query. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(MemberSuspensions) private readonly suspensions: MemberSuspensions,
  ) {
    super({ usernameField: 'email', passwordField: 'password' });
  }

  async validate(email: string, password: string): Promise<SessionUser> {
    const parsed = ZLoginRequest.safeParse({ email, password });
    if (!parsed.success)
      throw new BadRequestException(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.invalidCredentials);
    const user = await this.queries.execute(new CheckCredentials(parsed.data.email, parsed.data.password));
    if (!user) throw new UnauthorizedException(ACCOUNT_MESSAGES.invalidCredentials);
    // Only after the right password: the suspension is nobody else's business.
    if ((await this.suspensions.state(user.id)).suspended)
      throw new ForbiddenException(ACCOUNT_MESSAGES.accountSuspended);
    return user;
  }
}
