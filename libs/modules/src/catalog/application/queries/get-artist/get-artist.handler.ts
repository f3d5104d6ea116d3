import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TArtist } from '@app/contracts';
import { InjectPool, preparedStatement, type Pool } from '@app/platform';
import { ArtistNotFoundError } from '../../../domain/artist.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { ARTIST_FLAGS_SQL, ARTIST_PROFILE_SQL, artistUserFields, toArtist, type ArtistRow } from '../artist-rows.js';
import { CatalogReadCache, PROFILE_CACHE_CAPACITY } from '../catalog-read-cache.js';
import { GetArtist } from './get-artist.query.js';

@QueryHandler(GetArtist)
export class GetArtistHandler implements IQueryHandler<GetArtist> {
  private readonly cache: CatalogReadCache<TArtist, null>;

  constructor(@InjectPool() private readonly pool: Pool) {
    this.cache = new CatalogReadCache(pool, {
      flagsSql: ARTIST_FLAGS_SQL,
      userFields: artistUserFields,
      capacity: PROFILE_CACHE_CAPACITY,
    });
  }

  async execute({ artistId, userId }: GetArtist): Promise<TArtist> {
    if (!isCatalogId(artistId)) throw new ArtistNotFoundError();
    const { entries } = await this.cache.read(artistId, userId, async () => {
      const { rows } = await this.pool.query<ArtistRow>(preparedStatement(ARTIST_PROFILE_SQL, [userId, artistId]));
      return { entries: rows.map(toArtist), meta: null, revision: rows[0]?.revision ?? null };
    });
    if (!entries[0]) throw new ArtistNotFoundError();
    return entries[0];
  }
}
