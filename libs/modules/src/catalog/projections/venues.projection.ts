import type { EventOfType, EventPayload } from '@app/contracts';
import type { StoredEvent } from '@app/event-store';
import { VENUES } from '../kinds/venues.js';
import { defineCatalogProjection, type EntryChange } from './catalog-projection.js';
import { MERGED_INTO_MIGRATION, mergeChange, type MergedFans } from './entry-merge.js';
import { HIDDEN_REASON_MIGRATION, visibilityChange } from './entry-visibility.js';
import { memberErasedChange } from './member-erased.js';
import type { Column } from './unnest-rows.js';

type VenueEvent = EventOfType<
  | 'VenueAdded'
  | 'VenueUpdated'
  | 'VenueDuplicateConfirmed'
  | 'VenueHidden'
  | 'VenueRestored'
  | 'VenueMerged'
  | 'MemberErased'
>;

/** The columns an add and an update both write: name, search_key, folded_name, then `ownDetailValues`' order. */
const DETAIL_COLUMNS: readonly Column[] = [
  { name: 'name', type: 'text' },
  { name: 'search_key', type: 'text' },
  { name: 'folded_name', type: 'text' },
  { name: 'venue_type', type: 'text' },
  { name: 'street_address', type: 'text' },
  { name: 'city', type: 'text' },
  { name: 'state', type: 'text' },
  { name: 'country', type: 'text' },
  { name: 'capacity', type: 'integer' },
  { name: 'age_restriction', type: 'text' },
  { name: 'sound_system', type: 'text' },
  { name: 'bio', type: 'text' },
  { name: 'phone_number', type: 'text' },
  { name: 'email', type: 'text' },
  { name: 'booking_contact', type: 'text' },
  { name: 'accessibility', type: 'text' },
  { name: 'parking', type: 'text' },
  { name: 'links', type: 'jsonb' },
];
/** name, search_key and folded_name: every kind's, written by the batch for an add (entry-batch.ts). */
const SHARED_DETAILS = 3;

/** The details after name, search_key and folded_name (an add's batch writes those for every kind). */
function ownDetailValues(venue: Omit<EventPayload<'VenueUpdated'>, 'venueId' | 'userId'>): unknown[] {
  return [
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
 * (`added`) and those who confirmed it as the venue they were about to add (`confirmed_count` counts
 * them). An update rewrites its details.
 */
export const venuesProjection = defineCatalogProjection(VENUES, {
  entryEventTypes: [
    'VenueAdded',
    'VenueUpdated',
    'VenueDuplicateConfirmed',
    'VenueHidden',
    'VenueRestored',
    'VenueMerged',
    'MemberErased',
  ],
  migrations: ({ entryTables, wordIndexSql, revision, wordPositions, countRoom }) => [
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
    { version: 4, ...countRoom },
    { version: 5, description: HIDDEN_REASON_MIGRATION.description, sql: HIDDEN_REASON_MIGRATION.sql('catalog_venue') },
    { version: 6, description: MERGED_INTO_MIGRATION.description, sql: MERGED_INTO_MIGRATION.sql('catalog_venue') },
  ],
  columns: {
    entry: DETAIL_COLUMNS.slice(SHARED_DETAILS),
    fan: [{ name: 'added', type: 'boolean' }],
    vouchCount: 'confirmed_count',
    replaced: DETAIL_COLUMNS.slice(SHARED_DETAILS),
  },
  entryChange: venueChange,
  barrierEventTypes: ['VenueMerged'],
});

/** A merged duplicate's fans confirmed the survivor (its adder too: they did not add the survivor). */
export const VENUE_FANS: MergedFans = {
  columns: ['added'],
  values: ['false'],
  vouchCount: 'confirmed_count',
  vouched: 'not f.added',
};

function venueChange(event: StoredEvent<VenueEvent>): EntryChange {
  switch (event.type) {
    case 'VenueAdded': {
      const venue = event.data;
      return {
        change: 'added',
        entryId: venue.venueId,
        name: venue.name,
        addedBy: venue.addedBy,
        addedByFanNumber: venue.addedByFoundingFanNumber,
        values: ownDetailValues(venue),
        adderFan: [true],
      };
    }
    case 'VenueUpdated':
      // The adder saves the venue again: its details and its words replaced (the batch's last save wins).
      return {
        change: 'replaced',
        entryId: event.data.venueId,
        name: event.data.name,
        values: ownDetailValues(event.data),
      };
    case 'VenueDuplicateConfirmed':
      return { change: 'vouched', entryId: event.data.venueId, userId: event.data.userId, fan: [false] };
    case 'VenueHidden':
      return visibilityChange('catalog_venue', event.data.venueId, event.data.reason);
    case 'VenueRestored':
      return visibilityChange('catalog_venue', event.data.venueId, null);
    case 'VenueMerged':
      return mergeChange(VENUES, VENUE_FANS, event.data.venueId, event.data.survivorId);
    case 'MemberErased':
      return memberErasedChange('catalog_venue', event.data.userId);
  }
}
