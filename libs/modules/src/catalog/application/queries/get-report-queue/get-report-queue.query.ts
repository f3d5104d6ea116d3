import { Query } from '@nestjs/cqrs';
import type { TOpsReportQueue } from '@app/contracts';

/** A page of the operators' reports queue. */
export class GetReportQueue extends Query<TOpsReportQueue> {
  constructor(
    readonly status: 'open' | 'dismissed',
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
