import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TArtistVerificationStatus } from '@app/contracts';
import type { CanonicalLink } from '@app/domain';
import { InjectPool, type Pool } from '@app/platform';
import { ArtistNotFoundError } from '../../../domain/artist.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { GetArtistVerification } from './get-artist-verification.query.js';

@QueryHandler(GetArtistVerification)
export class GetArtistVerificationHandler implements IQueryHandler<GetArtistVerification> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ artistId, userId }: GetArtistVerification): Promise<TArtistVerificationStatus> {
    if (!isCatalogId(artistId)) throw new ArtistNotFoundError();
    const { rows } = await this.pool.query<{ links: CanonicalLink[]; has_verified: boolean }>(
      `select a.links,
              exists (select 1 from catalog_artist_fans u where u.artist_id = a.id and u.user_id = $2) as has_verified
       from catalog_artists a where a.id = $1`,
      [artistId, userId],
    );
    if (!rows[0]) throw new ArtistNotFoundError();
    return {
      hasVerified: rows[0].has_verified,
      existingLinks: rows[0].links.map(({ platform, url }) => ({ platform, url })),
    };
  }
}
