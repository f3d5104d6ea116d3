import { Injectable } from '@nestjs/common';
import type { CanonicalLink } from '@app/domain';
import type { Queryable } from '@app/platform';
import { LinkBelongsToAnotherArtistError } from '../../domain/artist.js';
import { reserveKeys } from './key-reservations.js';

const ARTIST_LINK_KEYS = { table: 'artist_link_keys', idColumn: 'artist_id', nameColumn: 'artist_name' } as const;

/**
 * A link names one artist: a row per (platform, key), inserted in the transaction that appends the
 * artist's events, so two artists can never hold the same Spotify id, Bandcamp page or handle.
 */
@Injectable()
export class LinkReservations {
  async reserve(tx: Queryable, artistId: string, artistName: string, links: readonly CanonicalLink[]): Promise<void> {
    const taken = await reserveKeys(tx, ARTIST_LINK_KEYS, { id: artistId, name: artistName }, links);
    if (taken) throw new LinkBelongsToAnotherArtistError(taken.platform as CanonicalLink['platform'], taken.holder);
  }
}
