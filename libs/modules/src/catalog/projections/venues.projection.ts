import type { EventOfType, EventPayload } from '@app/contracts';
import { foldName, nameSearchKey } from '@app/domain';
import type { StoredEvent } from '@app/event-store';
import type { Queryable } from '@app/platform';
import { VENUES } from '../kinds/venues.js';
import { defineCatalogProjection, listed } from './catalog-projection.js';
import { indexNameWords } from './word-index.js';

type VenueEvent = EventOfType<'VenueAdded' | 'VenueUpdated' | 'VenueDuplicateConfirmed'>;

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

/**
 * The venue lists, search and profiles (catalog-projection.ts); a venue's fans are the fan who added it
 * (`added`) and those who confirmed it as the venue they were about to add. An update rewrites its details.
 */
export const venuesProjection = defineCatalogProjection(VENUES, {
  entryEventTypes: ['VenueAdded', 'VenueUpdated', 'VenueDuplicateConfirmed'],
  migrations: ({ entryTables, wordIndexSql, revision, wordPositions }) => [
    {
      version: 1,
      description: 'venues with counts, the fans who added or confirmed them, votes, favourites, a word index',
      sql: `${entryTables({
        columns: `venue_type text not null,
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
              links jsonb not null`,
        counts: 'confirmed_count integer not null default 0',
        fanColumns: 'added boolean not null',
        indexes: `create index catalog_venues_type on catalog_venues (venue_type, position desc) where is_public;
            create index catalog_venues_age on catalog_venues (age_restriction, position desc) where is_public;`,
        votesByUser: true,
      })}
            ${wordIndexSql}`,
    },
    { version: 2, ...revision },
    { version: 3, ...wordPositions },
  ],
  handleEntry: handleVenueEvent,
});

async function handleVenueEvent(event: StoredEvent<VenueEvent>, db: Queryable): Promise<void> {
  switch (event.type) {
    case 'VenueAdded': {
      const venue = event.data;
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
      if (inserted.rowCount === 0) return;
      await db.query(
        `insert into catalog_venue_fans (venue_id, user_id, added, position) values ($1, $2, true, $3)
         on conflict do nothing`,
        [venue.venueId, venue.addedBy, event.globalPosition],
      );
      await listed(db, VENUES, venue.venueId, venue.name);
      return;
    }
    case 'VenueUpdated': {
      const assignments = DETAIL_COLUMNS.map((column, index) => `${column} = $${index + 2}`).join(', ');
      await db.query(`update catalog_venues set ${assignments} where id = $1`, [
        event.data.venueId,
        ...detailValues(event.data),
      ]);
      await indexNameWords(db, VENUES.tables, event.data.venueId, event.data.name);
      return;
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
      return;
    }
  }
}
