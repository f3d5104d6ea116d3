import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TArtist } from '@app/contracts';
import { InjectPool, preparedStatement, type Pool } from '@app/platform';
import { ArtistNotFoundError } from '../../../domain/artist.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { ARTIST_PROFILE_SQL, toArtist, type ArtistRow } from '../artist-rows.js';
import { GetArtist } from './get-artist.query.js';

@QueryHandler(GetArtist)
export class GetArtistHandler implements IQueryHandler<GetArtist> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ artistId, userId }: GetArtist): Promise<TArtist> {
    if (!isCatalogId(artistId)) throw new ArtistNotFoundError();
    const { rows } = await this.pool.query<ArtistRow>(preparedStatement(ARTIST_PROFILE_SQL, [userId, artistId]));
    if (!rows[0]) throw new ArtistNotFoundError();
    return toArtist(rows[0]);
  }
}
