import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { InjectPool, preparedStatement, type Pool } from '@app/platform';
import type { CatalogEntry, CatalogKind, EntryRow } from '../../../catalog-kind.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { KindCaches, PROFILE_CACHE_CAPACITY } from '../catalog-read-cache.js';
import { GetEntry } from './get-entry.query.js';

/** One entry by id (`$2`) with the flags of the user `$1`. */
export function profileSql(kind: Pick<CatalogKind, 'columns' | 'tables'>): string {
  return `select ${kind.columns} from ${kind.tables}s e where e.id = $2`;
}

@QueryHandler(GetEntry)
export class GetEntryHandler implements IQueryHandler<GetEntry<CatalogEntry>> {
  private readonly caches: KindCaches<null>;

  constructor(@InjectPool() private readonly pool: Pool) {
    this.caches = new KindCaches(pool, PROFILE_CACHE_CAPACITY);
  }

  async execute({ kind, entryId, userId }: GetEntry<CatalogEntry>): Promise<CatalogEntry> {
    if (!isCatalogId(entryId)) throw kind.notFound();
    const { entries } = await this.caches.of(kind).read(entryId, userId, async () => {
      const { rows } = await this.pool.query<EntryRow>(preparedStatement(profileSql(kind), [userId, entryId]));
      return { entries: rows.map((row) => kind.toEntry(row, userId)), meta: null, revision: rows[0]?.revision ?? null };
    });
    const entry = entries[0];
    if (!entry) throw kind.notFound();
    if (!entry.isPublic && !(await this.isAdder(kind, entryId, userId))) {
      // Hidden by the operators: gone for everyone but the fan who added it, who sees why.
      throw kind.notFound();
    }
    return entry;
  }

  private async isAdder(kind: Pick<CatalogKind, 'tables'>, entryId: string, userId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(`select 1 from ${kind.tables}s where id = $1 and added_by = $2`, [
      entryId,
      userId,
    ]);
    return rowCount === 1;
  }
}
