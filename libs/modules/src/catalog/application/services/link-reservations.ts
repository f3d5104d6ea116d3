import { Injectable } from '@nestjs/common';
import type { CanonicalLink } from '@app/domain';
import type { Queryable } from '@app/platform';
import { LinkBelongsToAnotherArtistError } from '../../domain/artist.js';

/**
 * A link names one artist: a row per (platform, key), inserted in the transaction that appends the
 * artist's events, so two artists can never hold the same Spotify id, Bandcamp page or handle.
 */
@Injectable()
export class LinkReservations {
  async reserve(tx: Queryable, artistId: string, artistName: string, links: readonly CanonicalLink[]): Promise<void> {
    if (links.length === 0) return;
    const { rows } = await tx.query<{ platform: CanonicalLink['platform']; artist_id: string; artist_name: string }>(
      `with wanted as (
         select * from unnest($1::text[], $2::text[]) as w(platform, key)
       ), inserted as (
         insert into artist_link_keys (platform, key, artist_id, artist_name)
         select platform, key, $3, $4 from wanted
         on conflict (platform, key) do nothing
         returning platform, key
       )
       select k.platform, k.artist_id, k.artist_name from wanted w
       join artist_link_keys k using (platform, key)
       where not exists (select 1 from inserted i where i.platform = w.platform and i.key = w.key)`,
      [links.map((l) => l.platform), links.map((l) => l.key), artistId, artistName],
    );
    const taken = rows.find((row) => row.artist_id !== artistId);
    if (taken) throw new LinkBelongsToAnotherArtistError(taken.platform, taken.artist_name);
  }
}
