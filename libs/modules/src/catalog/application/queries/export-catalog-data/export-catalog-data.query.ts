import { Query } from '@nestjs/cqrs';
import type { DataExportSections, Queryable } from '@app/platform';

/**
 * The artists and venues the member added, verified or confirmed, and their votes and favourites, for
 * their data export; read on `db`, the export's snapshot.
 */
export class ExportCatalogData extends Query<DataExportSections> {
  constructor(
    readonly userId: string,
    readonly db: Queryable,
  ) {
    super();
  }
}
