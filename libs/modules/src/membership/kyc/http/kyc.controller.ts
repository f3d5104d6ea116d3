import { Body, Controller, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import {
  ZKycTestDecisionRequest,
  type TKycStatusResponse,
  type TKycTestDecisionRequest,
  type TKycTestDecisionResponse,
  type TStartKycSessionResponse,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { SignedInGuard } from '../../../identity/index.js';
import { StartKycSession } from '../application/commands/start-kyc-session/start-kyc-session.command.js';
import { SubmitTestDecision } from '../application/commands/submit-test-decision/submit-test-decision.command.js';
import { GetKycStatus } from '../application/queries/get-kyc-status/get-kyc-status.query.js';

function sessionUserId(req: Request): string {
  return (req.user as { id: string }).id;
}

function requestId(req: Request): string | undefined {
  const header = req.headers['x-request-id'];
  return typeof header === 'string' ? header.slice(0, 100) : undefined;
}

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
  startSession(@Req() req: Request): Promise<TStartKycSessionResponse> {
    return this.commands.execute(new StartKycSession(sessionUserId(req), requestId(req)));
  }

  @Get('status')
  status(@Req() req: Request): Promise<TKycStatusResponse> {
    return this.queries.execute(new GetKycStatus(sessionUserId(req)));
  }

  /** Test mode only (404 with Veriff configured). */
  @Post('test-decision')
  @HttpCode(200)
  testDecision(
    @Body(new ZodValidationPipe(ZKycTestDecisionRequest)) body: TKycTestDecisionRequest,
    @Req() req: Request,
  ): Promise<TKycTestDecisionResponse> {
    return this.commands.execute(new SubmitTestDecision(sessionUserId(req), body.decision));
  }
}
