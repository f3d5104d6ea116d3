import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PassportModule } from '@nestjs/passport';
import { ConfirmSignUpEmailHandler } from './application/commands/confirm-sign-up-email/confirm-sign-up-email.handler.js';
import { ResendSignUpConfirmationHandler } from './application/commands/resend-sign-up-confirmation/resend-sign-up-confirmation.handler.js';
import { CreateAccountHandler } from './application/commands/create-account/create-account.handler.js';
import { RequestPasswordResetHandler } from './application/commands/request-password-reset/request-password-reset.handler.js';
import { ResetPasswordHandler } from './application/commands/reset-password/reset-password.handler.js';
import { UpdateProfileHandler } from './application/commands/update-profile/update-profile.handler.js';
import { ChangePasswordHandler } from './application/commands/change-password/change-password.handler.js';
import { ConfirmEmailChangeHandler } from './application/commands/confirm-email-change/confirm-email-change.handler.js';
import { RequestEmailChangeHandler } from './application/commands/request-email-change/request-email-change.handler.js';
import { UserSessions } from './application/services/user-sessions.js';
import { MemberSuspensions } from './application/services/member-suspensions.js';
import { CheckUsernameHandler } from './application/queries/check-username/check-username.handler.js';
import { UsernameReservations } from './application/services/username-reservations.js';
import { UsersController } from './http/users.controller.js';
import { EraseAccountHandler } from './application/commands/erase-account/erase-account.handler.js';
import { AccountDeletionController } from './http/account-deletion.controller.js';
import { GetAuthUserHandler } from './application/queries/get-auth-user/get-auth-user.handler.js';
import { CheckCredentialsHandler } from './application/queries/check-credentials/check-credentials.handler.js';
import { PasswordHasher } from './application/services/password-hasher.js';
import { EmailReservations } from './application/services/email-reservations.js';
import { SessionCache } from './application/services/session-cache.js';
import { ExportAccountDataHandler } from './application/queries/export-account-data/export-account-data.handler.js';
import { MemberDataExport } from './application/services/member-data-export.js';
import { DataExportController } from './http/data-export.controller.js';
import { GetAccountHandler } from './application/queries/get-account/get-account.handler.js';
import { AccountController } from './http/account.controller.js';
import { LocalLoginGuard, SignedInGuard } from './http/guards.js';
import { LocalInboxController } from './http/local-inbox.controller.js';
import { LocalStrategy } from './http/local.strategy.js';
import { RateLimitGuard } from './http/rate-limit.js';
import { SessionSerializer } from './http/session.serializer.js';

/** Accounts, sessions, password resets and sign-in detail changes (the api side). Needs EventStore, EmailOutbox and CSRF_TOKENS. */
@Module({
  imports: [CqrsModule, PassportModule.register({ session: true })],
  controllers: [
    AccountController,
    UsersController,
    LocalInboxController,
    DataExportController,
    AccountDeletionController,
  ],
  providers: [
    PasswordHasher,
    EmailReservations,
    UsernameReservations,
    SessionCache,
    UserSessions,
    MemberSuspensions,
    CheckCredentialsHandler,
    LocalStrategy,
    SessionSerializer,
    LocalLoginGuard,
    SignedInGuard,
    RateLimitGuard,
    CreateAccountHandler,
    ConfirmSignUpEmailHandler,
    ResendSignUpConfirmationHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    GetAuthUserHandler,
    GetAccountHandler,
    UpdateProfileHandler,
    RequestEmailChangeHandler,
    ConfirmEmailChangeHandler,
    ChangePasswordHandler,
    EraseAccountHandler,
    CheckUsernameHandler,
    ExportAccountDataHandler,
    MemberDataExport,
  ],
  exports: [SignedInGuard, SessionCache, RateLimitGuard, MemberSuspensions],
})
export class IdentityModule {}
