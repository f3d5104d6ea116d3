import { Command } from '@nestjs/cqrs';
import type { ReportReason, TReportResponse } from '@app/contracts';
import type { CatalogKind } from '../../../catalog-kind.js';

/** A member reports an artist or venue (once per entry): what is wrong, in their words. */
export class ReportEntry extends Command<TReportResponse> {
  constructor(
    readonly kind: CatalogKind,
    readonly userId: string,
    readonly entryId: string,
    readonly reason: ReportReason,
    readonly text: string | null,
    readonly requestId?: string,
  ) {
    super();
  }
}
