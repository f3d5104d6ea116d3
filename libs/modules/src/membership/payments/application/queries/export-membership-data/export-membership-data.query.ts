import { Query } from '@nestjs/cqrs';
import type { DataExportSections, Queryable } from '@app/platform';

/**
 * The member's payments, monthly membership and identity check, for their data export; read on `db`,
 * the export's snapshot.
 */
export class ExportMembershipData extends Query<DataExportSections> {
  constructor(
    readonly userId: string,
    readonly db: Queryable,
  ) {
    super();
  }
}
