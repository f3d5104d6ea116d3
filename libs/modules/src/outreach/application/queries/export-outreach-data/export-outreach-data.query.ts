import { Query } from '@nestjs/cqrs';
import type { DataExportSections, Queryable } from '@app/platform';

/**
 * The waitlist sign-up made with the member's account email, for their data export; read on `db`, the
 * export's snapshot.
 */
export class ExportOutreachData extends Query<DataExportSections> {
  constructor(
    readonly email: string,
    readonly db: Queryable,
  ) {
    super();
  }
}
