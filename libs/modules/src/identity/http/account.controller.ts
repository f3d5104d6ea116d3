import { Body, Controller, Get, HttpCode, Inject, Logger, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import {
  ACCOUNT_MESSAGES,
  LISTENER_MESSAGES,
  ZConfirmEmailRequest,
  ZCreateAccountRequest,
  ZForgotPasswordRequest,
  ZResetPasswordRequest,
  type TAcknowledgement,
  type TAuthCheckResponse,
  type TConfirmEmailRequest,
  type TConfirmEmailResponse,
  type TCreateAccountRequest,
  type TCreateAccountResponse,
  type TForgotPasswordRequest,
  type TLoginResponse,
  type TResetPasswordRequest,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { ConfirmSignUpEmail } from '../application/commands/confirm-sign-up-email/confirm-sign-up-email.command.js';
import { CreateAccount } from '../application/commands/create-account/create-account.command.js';
import { ResendSignUpConfirmation } from '../application/commands/resend-sign-up-confirmation/resend-sign-up-confirmation.command.js';
import { RequestPasswordReset } from '../application/commands/request-password-reset/request-password-reset.command.js';
import { ResetPassword } from '../application/commands/reset-password/reset-password.command.js';
import { GetAuthUser } from '../application/queries/get-auth-user/get-auth-user.query.js';
import type { SessionUser } from '../application/queries/check-credentials/check-credentials.query.js';
import { CSRF_TOKENS } from './csrf-tokens.js';
import { CurrentUser, RequestId } from './current-user.js';
import type { CsrfTokens } from './configure-sessions.js';
import { LocalLoginGuard, SignedInGuard } from './guards.js';
import { RateLimit, RateLimitGuard } from './rate-limit.js';

function logIn(req: Request, user: SessionUser): Promise<void> {
  return new Promise((resolve, reject) =>
    req.logIn(user, (error: unknown) => {
      if (!error) return resolve();
      reject(error instanceof Error ? error : new Error('passport could not sign the user in', { cause: error }));
    }),
  );
}

function endSession(req: Request, res: Response): Promise<void> {
  return new Promise((resolve) => {
    req.logout(() => {
      req.session.destroy(() => {
        res.clearCookie('payola.sid');
        resolve();
      });
    });
  });
}

/** docs/product.md §7: auth/check, logout, create-account, login, forgot-password, reset-password. */
@Controller()
export class AccountController {
  private readonly logger = new Logger('AccountController');

  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CSRF_TOKENS) private readonly csrf: CsrfTokens,
  ) {}

  @Get('auth/check')
  async check(
    @CurrentUser('optional') session: SessionUser | null,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TAuthCheckResponse> {
    const user = session ? await this.queries.execute(new GetAuthUser(session.id)) : null;
    if (!user) {
      res.status(401);
      return { authenticated: false, user: null };
    }
    return { authenticated: true, user };
  }

  @Post('create-account')
  @RateLimit('create-account')
  @UseGuards(RateLimitGuard)
  async createAccount(
    @Body(new ZodValidationPipe(ZCreateAccountRequest)) body: TCreateAccountRequest,
    @RequestId() requestId: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TCreateAccountResponse> {
    const { userId, confirmationSentTo } = await this.commands.execute(new CreateAccount(body, requestId, req.ip));
    try {
      await logIn(req, { id: userId });
      this.csrf.issue(req, res, { overwrite: true });
    } catch (error) {
      // The account exists either way: answer 201, and the web app, finding no session, says
      // 'Account Created but Login Failed' and offers the login page (docs/product.md §4 Onboarding).
      this.logger.warn(`account ${userId} created, but signing it in failed: ${String(error)}`);
    }
    return confirmationSentTo ? { userId, confirmationSentTo } : { userId };
  }

  /** A new Listener's emailed link: the free membership starts (no session needed: the token is the proof). */
  @Post('confirm-sign-up')
  @HttpCode(200)
  async confirmSignUp(
    @Body(new ZodValidationPipe(ZConfirmEmailRequest)) body: TConfirmEmailRequest,
    @RequestId() requestId: string | undefined,
  ): Promise<TConfirmEmailResponse> {
    const { email } = await this.commands.execute(new ConfirmSignUpEmail(body.token, requestId));
    return { ok: true, message: LISTENER_MESSAGES.emailConfirmed, email };
  }

  /** The link again, to the account's own address (a lost or expired one); only the newest works. */
  @Post('confirm-sign-up/resend')
  @HttpCode(200)
  @RateLimit('resend-confirmation')
  @UseGuards(SignedInGuard, RateLimitGuard)
  async resendSignUpConfirmation(
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<TAcknowledgement> {
    const { sent } = await this.commands.execute(new ResendSignUpConfirmation(user.id, requestId));
    return { ok: true, message: sent ? LISTENER_MESSAGES.confirmationResent : LISTENER_MESSAGES.alreadyConfirmed };
  }

  @Post('login')
  @HttpCode(200)
  @RateLimit('login')
  @UseGuards(RateLimitGuard, LocalLoginGuard)
  async login(
    @CurrentUser() session: SessionUser,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TLoginResponse> {
    this.csrf.issue(req, res, { overwrite: true });
    const user = await this.queries.execute(new GetAuthUser(session.id));
    if (!user) throw new Error('Signed-in user has no account');
    return {
      user: {
        id: user.id,
        email: user.email,
        paymentCompleted: user.paymentCompleted,
        role: user.role,
        verified: user.verified,
      },
    };
  }

  /** Browser navigation (docs/product.md §2): ends the session and goes home. */
  @Get('logout')
  async logoutByNavigation(@Req() req: Request, @Res() res: Response): Promise<void> {
    await endSession(req, res);
    res.redirect(303, '/');
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<TAcknowledgement> {
    await endSession(req, res);
    return { ok: true, message: 'Logged out' };
  }

  @Post('forgot-password')
  @HttpCode(200)
  @RateLimit('forgot-password')
  @UseGuards(RateLimitGuard)
  async forgotPassword(
    @Body(new ZodValidationPipe(ZForgotPasswordRequest)) body: TForgotPasswordRequest,
    @RequestId() requestId: string | undefined,
  ): Promise<TAcknowledgement> {
    await this.commands.execute(new RequestPasswordReset(body.email, requestId));
    return { ok: true, message: ACCOUNT_MESSAGES.resetLinkSent };
  }

  @Post('reset-password')
  @HttpCode(200)
  async resetPassword(
    @Body(new ZodValidationPipe(ZResetPasswordRequest)) body: TResetPasswordRequest,
    @RequestId() requestId: string | undefined,
  ): Promise<TAcknowledgement> {
    await this.commands.execute(new ResetPassword(body.token, body.password, requestId));
    return { ok: true, message: ACCOUNT_MESSAGES.passwordReset };
  }
}
