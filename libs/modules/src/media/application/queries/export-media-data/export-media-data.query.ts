import { Query } from '@nestjs/cqrs';
import type { DataExportSections, Queryable } from '@app/platform';

/** The member's uploads and fan messages, for their data export; read on `db`, the export's snapshot. */
export class ExportMediaData extends Query<DataExportSections> {
  constructor(
    readonly userId: string,
    readonly db: Queryable,
  ) {
    super();
  }
}
