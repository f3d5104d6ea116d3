import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ZOpsClaimDecision, ZOpsClaimsQuery, type TOpsClaim, type TOpsClaimsPage } from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { DecideClaim, ListClaims } from '../../catalog/index.js';
import { CurrentUser, RequestId, type SessionUser } from '../../identity/index.js';
import { OperatorGuard } from './operator.guard.js';

/**
 * The console's Claims screen: pending claims with their code and the link the member chose (the
 * operator opens it and looks for the code: the server cannot fetch the web), approved or refused with
 * a reason. The catalogue decides and records each as an event naming the operator (from the session).
 */
@Controller('ops/claims')
@UseGuards(OperatorGuard)
export class ClaimsController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Get()
  list(
    @Query(new ZodValidationPipe(ZOpsClaimsQuery)) query: z.output<typeof ZOpsClaimsQuery>,
  ): Promise<TOpsClaimsPage> {
    return this.queries.execute(new ListClaims(query));
  }

  @Post(':claimId/approve')
  @HttpCode(200)
  approve(
    @CurrentUser() operator: SessionUser,
    @Param('claimId') claimId: string,
    @Body(new ZodValidationPipe(ZOpsClaimDecision)) { reason }: z.output<typeof ZOpsClaimDecision>,
    @RequestId() requestId: string | undefined,
  ): Promise<TOpsClaim> {
    return this.commands.execute(new DecideClaim(claimId, operator.id, true, reason, requestId));
  }

  @Post(':claimId/refuse')
  @HttpCode(200)
  refuse(
    @CurrentUser() operator: SessionUser,
    @Param('claimId') claimId: string,
    @Body(new ZodValidationPipe(ZOpsClaimDecision)) { reason }: z.output<typeof ZOpsClaimDecision>,
    @RequestId() requestId: string | undefined,
  ): Promise<TOpsClaim> {
    return this.commands.execute(new DecideClaim(claimId, operator.id, false, reason, requestId));
  }
}
