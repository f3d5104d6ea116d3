import type { EventPayload } from '@app/contracts';
import { foldName, nameSearchKey } from '@app/domain';
import { defineProjection, type Projection, type StoredEvent } from '@app/event-store';
import type { Queryable } from '@app/platform';
import type { CatalogKind } from '../../catalog-kind.js';
import type { MarkEvent } from '../../domain/entry-marks.js';
import { ARTISTS } from '../../kinds/artists.js';
import { VENUES } from '../../kinds/venues.js';
import { ARTIST_FANS, artistsProjection } from '../artists.projection.js';
import { mergeEntry, survivorsOf } from '../entry-merge.js';
import { saveRevision } from '../catalog-revision.js';
import { setVisibility } from '../entry-visibility.js';
import { VENUE_FANS, venuesProjection } from '../venues.projection.js';
import { indexNameWords } from '../word-index.js';

/**
 * The catalogue projections as they were before they worked a batch at a time: one event at a time,
 * three to six statements each, in log order. Kept (for tests only) as the meaning the set-based
 * projections must reproduce row for row (catalog-projection.int.spec.ts).
 */
type Kind = Pick<CatalogKind, 'projection' | 'tables' | 'idColumn' | 'vote' | 'favorite'>;
// The events are read back from the log untyped; each handler reads the fields its type has.
type AnyEvent = StoredEvent<{ type: string; data: Record<string, unknown> }>;

export const artistsReference = reference(artistsProjection, ARTISTS, handleArtistEvent);
export const venuesReference = reference(venuesProjection, VENUES, handleVenueEvent);

function reference(
  projection: Projection,
  kind: Kind,
  handleEntry: (event: AnyEvent, db: Queryable) => Promise<void>,
): Projection {
  const marks = new Set<string>([kind.vote.on, kind.vote.off, kind.favorite.on, kind.favorite.off]);
  return defineProjection({
    ...projection,
    async handle(events, db) {
      for (const event of events as readonly AnyEvent[]) {
        if (marks.has(event.type)) await applyMark(db, kind, event as unknown as StoredEvent<MarkEvent>);
        else await handleEntry(event, db);
      }
      await saveRevision(db, kind.tables, events);
    },
  });
}

async function applyMark(db: Queryable, kind: Kind, event: StoredEvent<MarkEvent>): Promise<void> {
  const { tables, idColumn, vote } = kind;
  const isVote = event.type === vote.on || event.type === vote.off;
  const on = event.type === vote.on || event.type === kind.favorite.on;
  const data: Readonly<Record<string, unknown>> = event.data;
  const marked = data[vote.idField] as string;
  // A mark of a merged duplicate (one that raced the merge) is the survivor's.
  const entryId = (await survivorsOf(db, tables, new Set([marked]))).get(marked) ?? marked;
  const { userId } = event.data;
  const table = isVote ? `${tables}_votes` : `${tables}_favorites`;
  let changed;
  if (!on) {
    changed = await db.query(`delete from ${table} where ${idColumn} = $1 and user_id = $2`, [entryId, userId]);
  } else if (isVote) {
    changed = await db.query(
      `insert into ${table} (${idColumn}, user_id, created_at) values ($1, $2, $3) on conflict do nothing`,
      [entryId, userId, event.recordedAt],
    );
  } else {
    changed = await db.query(
      `insert into ${table} (${idColumn}, user_id, position, created_at) values ($1, $2, $3, $4)
       on conflict do nothing`,
      [entryId, userId, event.globalPosition, event.recordedAt],
    );
  }
  if (!changed.rowCount) return;
  const count = isVote ? 'vote_count' : 'favorite_count';
  await db.query(`update ${tables}s set ${count} = ${count} + $2 where id = $1`, [entryId, on ? 1 : -1]);
}

async function listed(db: Queryable, kind: Kind, entryId: string, name: string): Promise<void> {
  await indexNameWords(db, kind.tables, entryId, name);
  await db.query(
    `insert into ${kind.tables}_totals as t (id, public_count) values (1, 1)
     on conflict (id) do update set public_count = t.public_count + 1`,
  );
}

async function handleArtistEvent(event: AnyEvent, db: Queryable): Promise<void> {
  switch (event.type) {
    case 'ArtistAdded': {
      const artist = event.data as EventPayload<'ArtistAdded'>;
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
    case 'ArtistLinksAdded': {
      const data = event.data as EventPayload<'ArtistLinksAdded'>;
      await db.query(`update catalog_artists set links = links || $2::jsonb where id = $1`, [
        data.artistId,
        JSON.stringify(data.links),
      ]);
      return;
    }
    case 'ArtistDetailsEdited': {
      const data = event.data as EventPayload<'ArtistDetailsEdited'>;
      await db.query(
        `update catalog_artists set name = $2, search_key = $3, folded_name = $4, artist_type = $5, genre = $6,
           secondary_genre = $7, record_label = $8, bio = $9 where id = $1`,
        [
          data.artistId,
          data.name,
          nameSearchKey(data.name),
          foldName(data.name),
          data.artistType,
          data.genre,
          data.secondaryGenre,
          data.recordLabel,
          data.bio,
        ],
      );
      await indexNameWords(db, ARTISTS.tables, data.artistId, data.name);
      return;
    }
    case 'ArtistVerified': {
      const data = event.data as EventPayload<'ArtistVerified'>;
      const inserted = await db.query(
        `insert into catalog_artist_fans (artist_id, user_id, fan_number, position) values ($1, $2, $3, $4)
         on conflict do nothing`,
        [data.artistId, data.userId, data.fanNumber, event.globalPosition],
      );
      if (inserted.rowCount) {
        await db.query('update catalog_artists set fan_count = fan_count + 1 where id = $1', [data.artistId]);
      }
      return;
    }
    case 'ArtistMerged': {
      const data = event.data as EventPayload<'ArtistMerged'>;
      await mergeEntry(db, ARTISTS, ARTIST_FANS, data.artistId, data.survivorId);
      return;
    }
    case 'ArtistHidden':
    case 'ArtistRestored': {
      const data = event.data as EventPayload<'ArtistHidden'>;
      await setVisibility(db, ARTISTS.tables, data.artistId, event.type === 'ArtistHidden' ? data.reason : null);
      return;
    }
  }
}

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

async function handleVenueEvent(event: AnyEvent, db: Queryable): Promise<void> {
  switch (event.type) {
    case 'VenueAdded': {
      const venue = event.data as EventPayload<'VenueAdded'>;
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
      const data = event.data as EventPayload<'VenueUpdated'>;
      const assignments = DETAIL_COLUMNS.map((column, index) => `${column} = $${index + 2}`).join(', ');
      await db.query(`update catalog_venues set ${assignments} where id = $1`, [data.venueId, ...detailValues(data)]);
      await indexNameWords(db, VENUES.tables, data.venueId, data.name);
      return;
    }
    case 'VenueDuplicateConfirmed': {
      const data = event.data as EventPayload<'VenueDuplicateConfirmed'>;
      const inserted = await db.query(
        `insert into catalog_venue_fans (venue_id, user_id, added, position) values ($1, $2, false, $3)
         on conflict do nothing`,
        [data.venueId, data.userId, event.globalPosition],
      );
      if (inserted.rowCount) {
        await db.query('update catalog_venues set confirmed_count = confirmed_count + 1 where id = $1', [data.venueId]);
      }
      return;
    }
    case 'VenueMerged': {
      const data = event.data as EventPayload<'VenueMerged'>;
      await mergeEntry(db, VENUES, VENUE_FANS, data.venueId, data.survivorId);
      return;
    }
    case 'VenueHidden':
    case 'VenueRestored': {
      const data = event.data as EventPayload<'VenueHidden'>;
      await setVisibility(db, VENUES.tables, data.venueId, event.type === 'VenueHidden' ? data.reason : null);
      return;
    }
  }
}
