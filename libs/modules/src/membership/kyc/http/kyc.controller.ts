import { Body, Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ZKycTestDecisionRequest,
  type TKycStatusResponse,
  type TKycTestDecisionRequest,
  type TKycTestDecisionResponse,
  type TStartKycSessionResponse,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { CurrentUser, RequestId, SignedInGuard, type SessionUser } from '../../../identity/index.js';
import { StartKycSession } from '../application/commands/start-kyc-session/start-kyc-session.command.js';
import { SubmitTestDecision } from '../application/commands/submit-test-decision/submit-test-decision.command.js';
import { GetKycStatus } from '../application/queries/get-kyc-status/get-kyc-status.query.js';

/** The signed-in user's identity check: always acting as the session's user, never a body's. */
@Controller('kyc')
@UseGuards(SignedInGuard)
export class KycController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post('session')
  @HttpCode(200)
  startSession(
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<TStartKycSessionResponse> {
    return this.commands.execute(new StartKycSession(user.id, requestId));
  }

  @Get('status')
  status(@CurrentUser() user: SessionUser): Promise<TKycStatusResponse> {
    return this.queries.execute(new GetKycStatus(user.id));
  }

  /** Test mode only (404 with Veriff configured). */
  @Post('test-decision')
  @HttpCode(200)
  testDecision(
    @Body(new ZodValidationPipe(ZKycTestDecisionRequest)) body: TKycTestDecisionRequest,
    @CurrentUser() user: SessionUser,
  ): Promise<TKycTestDecisionResponse> {
    return this.commands.execute(new SubmitTestDecision(user.id, body.decision));
  }
}
