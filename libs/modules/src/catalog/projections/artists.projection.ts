import type { StoredEvent } from '@app/event-store';
import type { EventOfType } from '@app/contracts';
import { MIN_TYPO_WORD_LENGTH } from '@app/domain';
import { ARTISTS } from '../kinds/artists.js';
import { defineCatalogProjection, type EntryChange } from './catalog-projection.js';
import { MERGED_INTO_MIGRATION, mergeChange, type MergedFans } from './entry-merge.js';
import { HIDDEN_REASON_MIGRATION, visibilityChange } from './entry-visibility.js';
import { memberErasedChange } from './member-erased.js';

type ArtistEvent = EventOfType<
  | 'ArtistAdded'
  | 'ArtistLinksAdded'
  | 'ArtistVerified'
  | 'ArtistDetailsEdited'
  | 'ArtistHidden'
  | 'ArtistRestored'
  | 'ArtistMerged'
  | 'MemberErased'
>;

/**
 * The artist lists, search and profiles (catalog-projection.ts); an artist's fans are the fan who added
 * it (#1) and those who verified it, numbered (`fan_count` counts them).
 */
export const artistsProjection = defineCatalogProjection(ARTISTS, {
  entryEventTypes: [
    'ArtistAdded',
    'ArtistLinksAdded',
    'ArtistVerified',
    'ArtistDetailsEdited',
    'ArtistHidden',
    'ArtistRestored',
    'ArtistMerged',
    'MemberErased',
  ],
  migrations: ({ entryTables, wordIndexSql, revision, wordPositions, countRoom }) => [
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
    { version: 6, ...countRoom },
    {
      version: 7,
      description: HIDDEN_REASON_MIGRATION.description,
      sql: HIDDEN_REASON_MIGRATION.sql('catalog_artist'),
    },
    { version: 8, description: MERGED_INTO_MIGRATION.description, sql: MERGED_INTO_MIGRATION.sql('catalog_artist') },
  ],
  columns: {
    entry: [
      { name: 'artist_type', type: 'text' },
      { name: 'genre', type: 'text' },
      { name: 'secondary_genre', type: 'text' },
      { name: 'record_label', type: 'text' },
      { name: 'bio', type: 'text' },
      { name: 'links', type: 'jsonb' },
    ],
    fan: [{ name: 'fan_number', type: 'integer' }],
    vouchCount: 'fan_count',
    // The claimant's edit (ArtistDetailsEdited): the details the add form has, links aside.
    replaced: [
      { name: 'artist_type', type: 'text' },
      { name: 'genre', type: 'text' },
      { name: 'secondary_genre', type: 'text' },
      { name: 'record_label', type: 'text' },
      { name: 'bio', type: 'text' },
    ],
  },
  entryChange: artistChange,
  barrierEventTypes: ['ArtistMerged'],
});

/** A merged duplicate's fans keep their number among its fans; all of them count as the survivor's. */
export const ARTIST_FANS: MergedFans = {
  columns: ['fan_number'],
  values: ['f.fan_number'],
  vouchCount: 'fan_count',
  vouched: 'true',
};

function artistChange(event: StoredEvent<ArtistEvent>): EntryChange {
  switch (event.type) {
    case 'ArtistAdded': {
      const artist = event.data;
      return {
        change: 'added',
        entryId: artist.artistId,
        name: artist.name,
        addedBy: artist.addedBy,
        addedByFanNumber: artist.addedByFoundingFanNumber,
        values: [
          artist.artistType,
          artist.genre,
          artist.secondaryGenre,
          artist.recordLabel,
          artist.bio,
          JSON.stringify(artist.links),
        ],
        adderFan: [1],
      };
    }
    case 'ArtistLinksAdded': {
      // Rare (a fan who verifies brings links the artist lacks): appended to the list, a run of them in one statement.
      const { artistId, links } = event.data;
      return { change: 'linksAdded', entryId: artistId, links };
    }
    case 'ArtistDetailsEdited': {
      // The claimant saved the details again: the row and its words replaced (the batch's last edit wins).
      const artist = event.data;
      return {
        change: 'replaced',
        entryId: artist.artistId,
        name: artist.name,
        values: [artist.artistType, artist.genre, artist.secondaryGenre, artist.recordLabel, artist.bio],
      };
    }
    case 'ArtistVerified':
      return {
        change: 'vouched',
        entryId: event.data.artistId,
        userId: event.data.userId,
        fan: [event.data.fanNumber],
      };
    case 'ArtistHidden':
      return visibilityChange('catalog_artist', event.data.artistId, event.data.reason);
    case 'ArtistRestored':
      return visibilityChange('catalog_artist', event.data.artistId, null);
    case 'ArtistMerged':
      return mergeChange(ARTISTS, ARTIST_FANS, event.data.artistId, event.data.survivorId);
    case 'MemberErased':
      return memberErasedChange('catalog_artist', event.data.userId);
  }
}
