import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ZEntryKindParam,
  ZMergeRequest,
  ZModerationRequest,
  ZOpsReportQueueQuery,
  type TEntryKind,
  type TMergeReason,
  type TModerationReason,
  type TModerationResult,
  type TOpsReportQueue,
  type TOpsReportQueueFilters,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import {
  catalogKindNamed,
  GetReportQueue,
  MergeEntry,
  ModerateEntry,
  type ModerationDecision,
} from '../../catalog/index.js';
import { CurrentUser, RequestId, type SessionUser } from '../../identity/index.js';
import { OperatorGuard } from './operator.guard.js';

/**
 * The console's Reports screen: the queue of reported entries (newest report first, a page at a time),
 * and the operator's decisions on an entry: hide, restore, dismiss its reports. The catalogue decides
 * and records each as an event naming the operator (from the session, never the body) and the reason.
 */
@Controller('ops')
@UseGuards(OperatorGuard)
export class ReportsController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Get('reports')
  queue(
    @Query(new ZodValidationPipe(ZOpsReportQueueQuery))
    query: TOpsReportQueueFilters,
  ): Promise<TOpsReportQueue> {
    return this.queries.execute(new GetReportQueue(query.status, query.cursor, query.limit));
  }

  @Post('entries/:kind/:id/hide')
  @HttpCode(200)
  hide(
    @CurrentUser() operator: SessionUser,
    @Param('kind', new ZodValidationPipe(ZEntryKindParam)) kind: TEntryKind,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZModerationRequest)) { reason }: TModerationReason,
    @RequestId() requestId: string | undefined,
  ): Promise<TModerationResult> {
    return this.decide('hide', operator, kind, id, reason, requestId);
  }

  @Post('entries/:kind/:id/restore')
  @HttpCode(200)
  restore(
    @CurrentUser() operator: SessionUser,
    @Param('kind', new ZodValidationPipe(ZEntryKindParam)) kind: TEntryKind,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZModerationRequest)) { reason }: TModerationReason,
    @RequestId() requestId: string | undefined,
  ): Promise<TModerationResult> {
    return this.decide('restore', operator, kind, id, reason, requestId);
  }

  @Post('entries/:kind/:id/dismiss-reports')
  @HttpCode(200)
  dismiss(
    @CurrentUser() operator: SessionUser,
    @Param('kind', new ZodValidationPipe(ZEntryKindParam)) kind: TEntryKind,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZModerationRequest)) { reason }: TModerationReason,
    @RequestId() requestId: string | undefined,
  ): Promise<TModerationResult> {
    return this.decide('dismiss', operator, kind, id, reason, requestId);
  }

  @Post('entries/:kind/:id/merge')
  @HttpCode(200)
  async merge(
    @CurrentUser() operator: SessionUser,
    @Param('kind', new ZodValidationPipe(ZEntryKindParam)) kind: TEntryKind,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZMergeRequest)) { survivorId, reason }: TMergeReason,
    @RequestId() requestId: string | undefined,
  ): Promise<TModerationResult> {
    await this.commands.execute(new MergeEntry(catalogKindNamed(kind), id, survivorId, operator.id, reason, requestId));
    return { kind, entryId: id, action: 'merge' };
  }

  private async decide(
    action: ModerationDecision,
    operator: SessionUser,
    kind: TEntryKind,
    id: string,
    reason: string,
    requestId: string | undefined,
  ): Promise<TModerationResult> {
    await this.commands.execute(new ModerateEntry(catalogKindNamed(kind), id, operator.id, action, reason, requestId));
    return { kind, entryId: id, action };
  }
}
