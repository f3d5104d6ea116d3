import { BadRequestException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { ACCOUNT_MESSAGES, ZLoginRequest } from '@app/contracts';
import { AuthenticateUser, type SessionUser } from '../application/services/authenticate-user.js';

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(@Inject(AuthenticateUser) private readonly authenticateUser: AuthenticateUser) {
    super({ usernameField: 'email', passwordField: 'password' });
  }

  async validate(email: string, password: string): Promise<SessionUser> {
    const parsed = ZLoginRequest.safeParse({ email, password });
    if (!parsed.success)
      throw new BadRequestException(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.invalidCredentials);
    const user = await this.authenticateUser.execute(parsed.data.email, parsed.data.password);
    if (!user) throw new UnauthorizedException(ACCOUNT_MESSAGES.invalidCredentials);
    return user;
  }
}
