import type { EventOfType, EventPayload } from '@app/contracts';
import { foldName, nameSearchKey } from '@app/domain';
import { defineProjection } from '@app/event-store';
import { preparing, type Queryable } from '@app/platform';
import { VENUES_PROJECTION } from '../catalog-names.js';
import { revisionTable, revisionTableSql, saveRevision } from './catalog-revision.js';
import { indexNameWords, wordIndexTables, wordIndexTablesSql, wordPositionsSql } from './word-index.js';

/** The venues' word index (search-words.ts): `catalog_venue_words` and `catalog_venue_word_variants`. */
const WORD_INDEX = 'catalog_venue';
/** The revision's table prefix (catalog-revision.ts): `catalog_venue_revision`. */
const REVISION = 'catalog_venue';

const VENUE_READ_EVENTS = [
  'VenueAdded',
  'VenueUpdated',
  'VenueDuplicateConfirmed',
  'VenueVoteCast',
  'VenueVoteWithdrawn',
  'VenueFavorited',
  'VenueUnfavorited',
] as const;

type VenueReadEvent = EventOfType<(typeof VENUE_READ_EVENTS)[number]>;

/** The columns an add and an update both write, in the order of `detailValues`. */
const DETAIL_COLUMNS = [
  'name',
  'search_key',
  'folded_name',
  'venue_type',
  'street_address',
  'city',
  'state',
  'country',
  'capacity',
  'age_restriction',
  'sound_system',
  'bio',
  'phone_number',
  'email',
  'booking_contact',
  'accessibility',
  'parking',
  'links',
] as const;

function detailValues(venue: Omit<EventPayload<'VenueUpdated'>, 'venueId' | 'userId'>): unknown[] {
  return [
    venue.name,
    nameSearchKey(venue.name),
    foldName(venue.name),
    venue.venueType,
    venue.streetAddress,
    venue.city,
    venue.state,
    venue.country,
    venue.capacity,
    venue.ageRestriction,
    venue.soundSystem,
    venue.bio,
    venue.phoneNumber,
    venue.email,
    venue.bookingContact,
    venue.accessibility,
    venue.parking,
    JSON.stringify(venue.links),
  ];
}

async function countChange(db: Queryable, column: 'vote_count' | 'favorite_count', venueId: string, by: number) {
  await db.query(`update catalog_venues set ${column} = ${column} + $2 where id = $1`, [venueId, by]);
}

/**
 * The venue lists, search and profiles: one row per venue with its counts, and the rows behind the
 * per-user flags and tabs (the fans who added or confirmed it, votes, favourites). Positions in the
 * log order every list newest first and are the lists' cursors, as for the artists.
 */
export const venuesProjection = defineProjection<VenueReadEvent>({
  kind: 'projection',
  name: VENUES_PROJECTION,
  eventTypes: VENUE_READ_EVENTS,
  tables: [
    'catalog_venues',
    'catalog_venue_fans',
    'catalog_venue_votes',
    'catalog_venue_favorites',
    'catalog_venue_totals',
    ...wordIndexTables(WORD_INDEX),
    revisionTable(REVISION),
  ],
  migrations: [
    {
      version: 1,
      description: 'venues with counts, the fans who added or confirmed them, votes, favourites, a word index',
      sql: `create table catalog_venues (
              id text primary key,
              name text not null,
              search_key text not null,
              folded_name text not null,
              venue_type text not null,
              street_address text,
              city text not null,
              state text not null,
              country text not null,
              capacity integer,
              age_restriction text,
              sound_system text,
              bio text,
              phone_number text,
              email text,
              booking_contact text,
              accessibility text,
              parking text,
              links jsonb not null,
              added_by text not null,
              added_by_fan_number integer,
              is_public boolean not null,
              created_at timestamptz not null,
              position bigint not null,
              vote_count integer not null default 0,
              favorite_count integer not null default 0,
              confirmed_count integer not null default 0
            );
            create index catalog_venues_recent on catalog_venues (position desc) where is_public;
            create index catalog_venues_type on catalog_venues (venue_type, position desc) where is_public;
            create index catalog_venues_age on catalog_venues (age_restriction, position desc) where is_public;
            create index catalog_venues_folded on catalog_venues (folded_name);
            create table catalog_venue_fans (
              venue_id text not null,
              user_id text not null,
              added boolean not null,
              position bigint not null,
              primary key (venue_id, user_id)
            );
            create index catalog_venue_fans_user on catalog_venue_fans (user_id, position desc);
            create table catalog_venue_votes (
              venue_id text not null,
              user_id text not null,
              created_at timestamptz not null,
              primary key (venue_id, user_id)
            );
            create index catalog_venue_votes_user on catalog_venue_votes (user_id, venue_id);
            create table catalog_venue_favorites (
              venue_id text not null,
              user_id text not null,
              position bigint not null,
              created_at timestamptz not null,
              primary key (venue_id, user_id)
            );
            create index catalog_venue_favorites_user on catalog_venue_favorites (user_id, position desc);
            create table catalog_venue_totals (
              id integer primary key check (id = 1),
              public_count integer not null
            );
            ${wordIndexTablesSql(WORD_INDEX)}`,
    },
    {
      version: 2,
      description: "the catalogue's revision, which tells the api's read cache whether a cached page is current",
      sql: revisionTableSql(REVISION, VENUES_PROJECTION, VENUE_READ_EVENTS),
    },
    {
      version: 3,
      description: 'list positions in the word index, so a search ranks its matches without reading their rows',
      sql: wordPositionsSql(WORD_INDEX),
    },
  ],
  async handle(events, connection) {
    const db = preparing(connection);
    for (const event of events) {
      switch (event.type) {
        case 'VenueAdded': {
          const venue = event.data;
          // Only verified fans add (product-decisions.md): an added venue is public at once.
          const placeholders = DETAIL_COLUMNS.map((_, index) => `$${index + 2}`).join(', ');
          const next = DETAIL_COLUMNS.length + 2;
          const inserted = await db.query(
            `insert into catalog_venues (id, ${DETAIL_COLUMNS.join(', ')}, added_by, added_by_fan_number, is_public,
               created_at, position)
             values ($1, ${placeholders}, $${next}, $${next + 1}, true, $${next + 2}, $${next + 3})
             on conflict (id) do nothing`,
            [
              venue.venueId,
              ...detailValues(venue),
              venue.addedBy,
              venue.addedByFoundingFanNumber,
              event.recordedAt,
              event.globalPosition,
            ],
          );
          if (inserted.rowCount === 0) break;
          await indexNameWords(db, WORD_INDEX, venue.venueId, venue.name);
          await db.query(
            `insert into catalog_venue_fans (venue_id, user_id, added, position) values ($1, $2, true, $3)
             on conflict do nothing`,
            [venue.venueId, venue.addedBy, event.globalPosition],
          );
          await db.query(
            `insert into catalog_venue_totals as t (id, public_count) values (1, 1)
             on conflict (id) do update set public_count = t.public_count + 1`,
          );
          break;
        }
        case 'VenueUpdated': {
          const assignments = DETAIL_COLUMNS.map((column, index) => `${column} = $${index + 2}`).join(', ');
          await db.query(`update catalog_venues set ${assignments} where id = $1`, [
            event.data.venueId,
            ...detailValues(event.data),
          ]);
          await indexNameWords(db, WORD_INDEX, event.data.venueId, event.data.name);
          break;
        }
        case 'VenueDuplicateConfirmed': {
          const inserted = await db.query(
            `insert into catalog_venue_fans (venue_id, user_id, added, position) values ($1, $2, false, $3)
             on conflict do nothing`,
            [event.data.venueId, event.data.userId, event.globalPosition],
          );
          if (inserted.rowCount) {
            await db.query('update catalog_venues set confirmed_count = confirmed_count + 1 where id = $1', [
              event.data.venueId,
            ]);
          }
          break;
        }
        case 'VenueVoteCast':
        case 'VenueVoteWithdrawn': {
          const { venueId, userId } = event.data;
          const changed =
            event.type === 'VenueVoteCast'
              ? await db.query(
                  `insert into catalog_venue_votes (venue_id, user_id, created_at) values ($1, $2, $3)
                   on conflict do nothing`,
                  [venueId, userId, event.recordedAt],
                )
              : await db.query('delete from catalog_venue_votes where venue_id = $1 and user_id = $2', [
                  venueId,
                  userId,
                ]);
          if (changed.rowCount) await countChange(db, 'vote_count', venueId, event.type === 'VenueVoteCast' ? 1 : -1);
          break;
        }
        case 'VenueFavorited':
        case 'VenueUnfavorited': {
          const { venueId, userId } = event.data;
          const changed =
            event.type === 'VenueFavorited'
              ? await db.query(
                  `insert into catalog_venue_favorites (venue_id, user_id, position, created_at)
                   values ($1, $2, $3, $4) on conflict do nothing`,
                  [venueId, userId, event.globalPosition, event.recordedAt],
                )
              : await db.query('delete from catalog_venue_favorites where venue_id = $1 and user_id = $2', [
                  venueId,
                  userId,
                ]);
          if (changed.rowCount) {
            await countChange(db, 'favorite_count', venueId, event.type === 'VenueFavorited' ? 1 : -1);
          }
          break;
        }
      }
    }
    await saveRevision(db, REVISION, events);
  },
});
