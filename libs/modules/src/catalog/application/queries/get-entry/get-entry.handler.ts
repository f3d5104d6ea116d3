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

  async execute({ kind, entryId, userId }: GetEntry<CatalogEntry>, depth = 0): Promise<CatalogEntry> {
    if (!isCatalogId(entryId)) throw kind.notFound();
    const { entries } = await this.caches.of(kind).read(entryId, userId, async () => {
      const { rows } = await this.pool.query<EntryRow>(preparedStatement(profileSql(kind), [userId, entryId]));
      return { entries: rows.map((row) => kind.toEntry(row, userId)), meta: null, revision: rows[0]?.revision ?? null };
    });
    const entry = entries[0];
    if (!entry) throw kind.notFound();
    if (entry.isPublic) return entry;
    const { rows } = await this.pool.query<{ added_by: string; merged_into: string | null }>(
      `select added_by, merged_into from ${kind.tables}s where id = $1`,
      [entryId],
    );
    // Merged: the survivor answers (its id tells the client where the old link leads).
    const survivor = rows[0]?.merged_into;
    if (survivor && depth < 8) return this.execute(new GetEntry(kind, survivor, userId), depth + 1);
    // Hidden by the operators: gone for everyone but the fan who added it, who sees why.
    if (rows[0]?.added_by !== userId) throw kind.notFound();
    return entry;
  }
}
