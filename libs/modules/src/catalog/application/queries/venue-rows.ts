import type { TVenue } from '@app/contracts';
import type { CanonicalLink } from '@app/domain';
import { catalogFlagsSql, revisionColumn, type UserFlags } from './catalog-read-cache.js';

/**
 * The columns every venue read selects, with the flags of the user in parameter `$1` and the catalogue's
 * revision (catalog-read-cache.ts).
 */
export const VENUE_COLUMNS = `e.id, e.name, e.venue_type, e.street_address, e.city, e.state, e.country, e.capacity,
  e.age_restriction, e.sound_system, e.bio, e.phone_number, e.email, e.booking_contact, e.accessibility, e.parking,
  e.links, e.added_by, e.added_by_fan_number, e.is_public, e.created_at, e.vote_count, e.favorite_count,
  e.confirmed_count,
  exists (select 1 from catalog_venue_votes o where o.venue_id = e.id and o.user_id = $1) as user_has_voted,
  exists (select 1 from catalog_venue_favorites f where f.venue_id = e.id and f.user_id = $1) as user_has_favorited,
  exists (select 1 from catalog_venue_fans u where u.venue_id = e.id and u.user_id = $1 and not u.added)
    as has_user_confirmed,
  ${revisionColumn('catalog_venue')}`;

/** The revision and the flags of the user `$1` for the venues `$2`, for a cached read (catalog-read-cache.ts). */
export const VENUE_FLAGS_SQL = catalogFlagsSql({
  prefix: 'catalog_venue',
  idColumn: 'venue_id',
  fansWhere: 'not t.added',
  addedWhere: 't.added',
});

/** The fields of a cached venue that depend on the user who asks. */
export function venueUserFields(venue: TVenue, flags: UserFlags): Partial<TVenue> {
  return {
    userHasVoted: flags.voted.has(venue.id),
    userHasFavorited: flags.favorited.has(venue.id),
    hasUserAdded: flags.added.has(venue.id),
    hasUserConfirmed: flags.verified.has(venue.id),
  };
}

/** One venue by id (`$2`) with the flags of the user `$1`. */
export const VENUE_PROFILE_SQL = `select ${VENUE_COLUMNS} from catalog_venues e where e.id = $2`;

export interface VenueRow {
  id: string;
  name: string;
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
  links: CanonicalLink[];
  added_by: string;
  added_by_fan_number: number | null;
  is_public: boolean;
  created_at: Date;
  vote_count: number;
  favorite_count: number;
  confirmed_count: number;
  user_has_voted: boolean;
  user_has_favorited: boolean;
  has_user_confirmed: boolean;
  revision: string | null;
}

/** A venue as the API shows it to `userId`: the website apart, the other links as `socialUrls` (spec §3). */
export function toVenue(row: VenueRow, userId: string): TVenue {
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
    createdAt: row.created_at.toISOString(),
    voteCount: row.vote_count,
    favoriteCount: row.favorite_count,
    confirmedCount: row.confirmed_count,
    userHasVoted: row.user_has_voted,
    userHasFavorited: row.user_has_favorited,
    hasUserAdded: row.added_by === userId,
    hasUserConfirmed: row.has_user_confirmed,
    addedBy: { foundingFanNumber: row.added_by_fan_number },
  };
}
