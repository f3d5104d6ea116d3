import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpException,
  HttpStatus,
  Inject,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ZSecondFactorConfirmRequest,
  ZSecondFactorVerifyRequest,
  type TOpsDashboard,
  type TOpsSession,
  type TSecondFactorConfirmed,
  type TSecondFactorConfirmRequest,
  type TSecondFactorSetup,
  type TSecondFactorVerified,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { CurrentUser, GetAccount, RequestId, type SessionUser } from '../../identity/index.js';
import { Dashboard } from '../application/dashboard.js';
import { SecondFactor, TooManySecondFactorAttemptsError } from '../application/second-factor.js';
import { BeforeSecondFactor, OperatorGuard } from './operator.guard.js';
import { hasPassedSecondFactor, markSecondFactorPassed } from './ops-session.js';

/** The only part of the answer object used: both express and Fastify answers have `header(name, value)`. */
interface HeaderSetter {
  header(name: string, value: string): unknown;
}

/**
 * The operators' console API. OperatorGuard answers 404 to everyone but operators, and keeps all but
 * the second-factor routes closed until this session passed it (ops-session.ts).
 */
@Controller('ops')
@UseGuards(OperatorGuard)
export class OpsController {
  constructor(
    @Inject(SecondFactor) private readonly secondFactor: SecondFactor,
    @Inject(Dashboard) private readonly dashboard: Dashboard,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get('session')
  @BeforeSecondFactor()
  async session(@CurrentUser() user: SessionUser, @Req() request: unknown): Promise<TOpsSession> {
    const { state } = await this.secondFactor.state(user.id);
    if (!state.enrolled) return { secondFactor: 'enrol' };
    return { secondFactor: hasPassedSecondFactor(request, user.id, state.grants) ? 'passed' : 'verify' };
  }

  @Post('second-factor/setup')
  @HttpCode(200)
  @BeforeSecondFactor()
  async setup(@CurrentUser() user: SessionUser): Promise<TSecondFactorSetup> {
    const account = await this.queries.execute(new GetAccount(user.id));
    return this.secondFactor.setup(user.id, account?.email ?? user.id);
  }

  /** Confirms the authenticator; this session has passed, and the recovery codes are shown this once. */
  @Post('second-factor/confirm')
  @HttpCode(200)
  @BeforeSecondFactor()
  async confirm(
    @CurrentUser() user: SessionUser,
    @Body(new ZodValidationPipe(ZSecondFactorConfirmRequest)) body: TSecondFactorConfirmRequest,
    @Req() request: unknown,
    @Res({ passthrough: true }) response: HeaderSetter,
    @RequestId() requestId: string | undefined,
  ): Promise<TSecondFactorConfirmed> {
    const recoveryCodes = await limited(response, () => this.secondFactor.confirm(user.id, body.code, requestId));
    const { state } = await this.secondFactor.state(user.id);
    markSecondFactorPassed(request, user.id, state.grants);
    return { recoveryCodes };
  }

  @Post('second-factor/verify')
  @HttpCode(200)
  @BeforeSecondFactor()
  async verify(
    @CurrentUser() user: SessionUser,
    @Body(new ZodValidationPipe(ZSecondFactorVerifyRequest)) body: { code: string } | { recoveryCode: string },
    @Req() request: unknown,
    @Res({ passthrough: true }) response: HeaderSetter,
    @RequestId() requestId: string | undefined,
  ): Promise<TSecondFactorVerified> {
    const verified = await limited(response, () => this.secondFactor.verify(user.id, body, requestId));
    const { state } = await this.secondFactor.state(user.id);
    markSecondFactorPassed(request, user.id, state.grants);
    return verified;
  }

  @Get('dashboard')
  dashboardData(): Promise<TOpsDashboard> {
    return this.dashboard.read();
  }
}

/** Too many wrong codes: 429 with Retry-After, like the account routes' rate limits. */
async function limited<T>(response: HeaderSetter, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof TooManySecondFactorAttemptsError)) throw error;
    response.header('Retry-After', String(error.retryAfterSeconds));
    throw new HttpException(error.message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
