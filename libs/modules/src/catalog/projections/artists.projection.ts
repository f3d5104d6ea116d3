import type { StoredEvent } from '@app/event-store';
import type { EventOfType } from '@app/contracts';
import { foldName, MIN_TYPO_WORD_LENGTH, nameSearchKey } from '@app/domain';
import type { Queryable } from '@app/platform';
import { ARTISTS } from '../kinds/artists.js';
import { defineCatalogProjection, listed } from './catalog-projection.js';

type ArtistEvent = EventOfType<'ArtistAdded' | 'ArtistLinksAdded' | 'ArtistVerified'>;

/**
 * The artist lists, search and profiles (catalog-projection.ts); an artist's fans are the fan who added
 * it (#1) and those who verified it, numbered.
 */
export const artistsProjection = defineCatalogProjection(ARTISTS, {
  entryEventTypes: ['ArtistAdded', 'ArtistLinksAdded', 'ArtistVerified'],
  migrations: ({ entryTables, wordIndexSql, revision, wordPositions }) => [
    {
      version: 1,
      description: 'artists with counts, their fans, votes and favourites, and the public total',
      sql: entryTables({
        columns: `artist_type text not null,
              genre text not null,
              secondary_genre text,
              record_label text,
              bio text,
              links jsonb not null`,
        counts: 'fan_count integer not null default 1',
        fanColumns: 'fan_number integer not null',
        indexes: `create index catalog_artists_genre on catalog_artists (genre, position desc) where is_public;
            create index catalog_artists_type on catalog_artists (artist_type, position desc) where is_public;
            create index catalog_artists_search on catalog_artists using gin (search_key gin_trgm_ops);`,
        votesByUser: false,
      }),
    },
    {
      version: 2,
      description: "votes by user: a list page's 'voted' flags read one user's votes, not every vote",
      sql: 'create index catalog_artist_votes_user on catalog_artist_votes (user_id, artist_id);',
    },
    {
      version: 3,
      description: 'search by a word index (prefix and one-typo lookups) instead of trigram scans of every name',
      // The backfill spells searchWords and typoVariants in SQL for the artists already on file;
      // new ones are indexed by the projection itself.
      sql: `${wordIndexSql}
            insert into catalog_artist_words (word, entity_id)
            select distinct w, id from catalog_artists, regexp_split_to_table(search_key, ' ') as w where w <> '';
            insert into catalog_artist_word_variants (variant, word)
            select distinct word, word from catalog_artist_words
            union
            select left(word, i - 1) || substr(word, i + 1), word
            from (select distinct word from catalog_artist_words) d,
                 generate_series(1, char_length(word)) as i
            where char_length(word) >= ${MIN_TYPO_WORD_LENGTH};
            drop index catalog_artists_search;`,
    },
    { version: 4, ...revision },
    { version: 5, ...wordPositions },
  ],
  handleEntry: handleArtistEvent,
});

async function handleArtistEvent(event: StoredEvent<ArtistEvent>, db: Queryable): Promise<void> {
  switch (event.type) {
    case 'ArtistAdded': {
      const artist = event.data;
      const inserted = await db.query(
        `insert into catalog_artists (id, name, search_key, folded_name, artist_type, genre, secondary_genre,
           record_label, bio, links, added_by, added_by_fan_number, is_public, created_at, position)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, true, $13, $14)
         on conflict (id) do nothing`,
        [
          artist.artistId,
          artist.name,
          nameSearchKey(artist.name),
          foldName(artist.name),
          artist.artistType,
          artist.genre,
          artist.secondaryGenre,
          artist.recordLabel,
          artist.bio,
          JSON.stringify(artist.links),
          artist.addedBy,
          artist.addedByFoundingFanNumber,
          event.recordedAt,
          event.globalPosition,
        ],
      );
      if (inserted.rowCount === 0) return;
      await db.query(
        `insert into catalog_artist_fans (artist_id, user_id, fan_number, position) values ($1, $2, 1, $3)
         on conflict do nothing`,
        [artist.artistId, artist.addedBy, event.globalPosition],
      );
      await listed(db, ARTISTS, artist.artistId, artist.name);
      return;
    }
    case 'ArtistLinksAdded':
      await db.query(`update catalog_artists set links = links || $2::jsonb where id = $1`, [
        event.data.artistId,
        JSON.stringify(event.data.links),
      ]);
      return;
    case 'ArtistVerified': {
      const inserted = await db.query(
        `insert into catalog_artist_fans (artist_id, user_id, fan_number, position) values ($1, $2, $3, $4)
         on conflict do nothing`,
        [event.data.artistId, event.data.userId, event.data.fanNumber, event.globalPosition],
      );
      if (inserted.rowCount) {
        await db.query('update catalog_artists set fan_count = fan_count + 1 where id = $1', [event.data.artistId]);
      }
      return;
    }
  }
}
