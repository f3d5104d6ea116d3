import type { TVenue, TVenueListFilters } from '@app/contracts';
import { VENUES_PROJECTION } from '../catalog-names.js';
import { catalogKind, type EntryRow } from '../catalog-kind.js';
import { VENUE_FAVORITE, VENUE_VOTE, venueFold, VenueNotFoundError } from '../domain/venue.js';
import { addedByOf } from '../projections/member-erased.js';

export interface VenueRow extends EntryRow {
  venue_type: string;
  street_address: string | null;
  city: string;
  state: string;
  country: string;
  capacity: number | null;
  age_restriction: string | null;
  sound_system: string | null;
  bio: string | null;
  phone_number: string | null;
  email: string | null;
  booking_contact: string | null;
  accessibility: string | null;
  parking: string | null;
  confirmed_count: number;
  has_user_confirmed: boolean;
}

/**
 * Venues: what differs from artists (catalog-kind.ts). The tab "my" holds those the user added or
 * confirmed as a duplicate (`_fans.added` tells which); similar venues in the typed city rank first.
 */
export const VENUES = catalogKind<TVenue, VenueRow, TVenueListFilters>({
  name: 'venue',
  projection: VENUES_PROJECTION,
  vote: VENUE_VOTE,
  favorite: VENUE_FAVORITE,
  keys: { table: 'venue_keys', idColumn: 'venue_id', nameColumn: 'venue_name' },
  entryFold: venueFold,
  notFound: () => new VenueNotFoundError(),
  ownColumns: `e.venue_type, e.street_address, e.city, e.state, e.country, e.capacity,
  e.age_restriction, e.sound_system, e.bio, e.phone_number, e.email, e.booking_contact, e.accessibility, e.parking,
  e.links, e.added_by, e.added_by_fan_number, e.is_public, e.hidden_reason, e.created_at, e.vote_count, e.favorite_count,
  e.confirmed_count`,
  fans: { column: 'has_user_confirmed', flag: 'hasUserConfirmed', where: 'not t.added' },
  added: { flag: 'hasUserAdded', where: 't.added' },
  toEntry: toVenue,
  listFilters: (filters) => [
    ['venue_type', filters.type],
    ['age_restriction', filters.age],
  ],
  similarNear: (place, param, folded) => {
    const near = `(lower(e.city) = lower(${param(place.city?.trim() ?? '')}) and e.state = ${param(place.state ?? '')})`;
    return { near, samePlace: `(e.folded_name = ${folded} and ${near})`, samePlaceReason: 'same name and city' };
  },
});

/** A venue as the API shows it to `userId`: the website apart, the other links as `socialUrls` (docs/product.md §3). */
function toVenue(row: VenueRow, userId: string): TVenue {
  return {
    id: row.id,
    name: row.name,
    bio: row.bio,
    streetAddress: row.street_address,
    city: row.city,
    state: row.state,
    country: row.country,
    venueType: row.venue_type,
    capacity: row.capacity,
    ageRestriction: row.age_restriction,
    soundSystem: row.sound_system,
    accessibility: row.accessibility,
    parking: row.parking,
    websiteUrl: row.links.find((link) => link.platform === 'website')?.url ?? null,
    bookingContact: row.booking_contact,
    phoneNumber: row.phone_number,
    email: row.email,
    socialUrls: row.links.filter((link) => link.platform !== 'website').map((link) => link.url),
    imageUrl: null,
    galleryUrls: [],
    isPublic: row.is_public,
    hiddenReason: row.hidden_reason,
    createdAt: row.created_at.toISOString(),
    voteCount: row.vote_count,
    favoriteCount: row.favorite_count,
    confirmedCount: row.confirmed_count,
    userHasVoted: row.user_has_voted,
    userHasFavorited: row.user_has_favorited,
    hasUserAdded: row.added_by === userId,
    hasUserConfirmed: row.has_user_confirmed,
    addedBy: addedByOf(row),
  };
}
