import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PassportModule } from '@nestjs/passport';
import { CreateAccountHandler } from './application/commands/create-account/create-account.handler.js';
import { RequestPasswordResetHandler } from './application/commands/request-password-reset/request-password-reset.handler.js';
import { ResetPasswordHandler } from './application/commands/reset-password/reset-password.handler.js';
import { GetAuthUserHandler } from './application/queries/get-auth-user/get-auth-user.handler.js';
import { AuthenticateUser } from './application/services/authenticate-user.js';
import { PasswordHasher } from './application/services/password-hasher.js';
import { UserRepository } from './application/services/user-repository.js';
import { AccountController } from './http/account.controller.js';
import { LocalLoginGuard, SignedInGuard } from './http/guards.js';
import { LocalInboxController } from './http/local-inbox.controller.js';
import { LocalStrategy } from './http/local.strategy.js';
import { RateLimitGuard } from './http/rate-limit.js';
import { SessionSerializer } from './http/session.serializer.js';

/** Accounts, sessions and password resets (the api side). Needs EventStore, EmailOutbox and CSRF_TOKENS. */
@Module({
  imports: [CqrsModule, PassportModule.register({ session: true })],
  controllers: [AccountController, LocalInboxController],
  providers: [
    PasswordHasher,
    UserRepository,
    AuthenticateUser,
    LocalStrategy,
    SessionSerializer,
    LocalLoginGuard,
    SignedInGuard,
    RateLimitGuard,
    CreateAccountHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    GetAuthUserHandler,
  ],
  exports: [SignedInGuard, UserRepository],
})
export class IdentityModule {}
