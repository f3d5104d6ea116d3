import { Query } from '@nestjs/cqrs';
import type { DataExportSections, Queryable } from '@app/platform';

/** The member's redemptions (with their codes) and the offers they made, for their data export; read on `db`, the export's snapshot. */
export class ExportShopData extends Query<DataExportSections> {
  constructor(
    readonly userId: string,
    readonly db: Queryable,
  ) {
    super();
  }
}
