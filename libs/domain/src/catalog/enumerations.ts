/** docs/product.md §3 Enumerations: the artist genres offered by add-artist and the filters. */
export const ARTIST_GENRES = [
  'Rock',
  'Pop',
  'Hip Hop',
  'Electronic',
  'Jazz',
  'Classical',
  'Country',
  'R&B',
  'Folk',
  'Indie',
  'Alternative',
  'Blues',
  'Reggae',
  'Punk',
  'Metal',
  'World',
  'Latin',
  'Gospel',
  'Funk',
  'Other',
] as const;
export type ArtistGenre = (typeof ARTIST_GENRES)[number];

/** docs/product.md §3: artist (act) types; 'Solo Artist' is the default. */
export const ARTIST_TYPES = ['Solo Artist', 'Band', 'Group', 'DJ', 'Producer', 'Duo', 'Collective', 'Other'] as const;
export type ArtistType = (typeof ARTIST_TYPES)[number];
export const DEFAULT_ARTIST_TYPE: ArtistType = 'Solo Artist';

/** docs/product.md §9: up to 8 link slots, at least 2 filled. */
export const MIN_ARTIST_LINKS = 2;

/**
 * docs/product.md §3 Enumerations: the add-venue form's 17 venue types. docs/decisions.md: one list, so the
 * venue filters offer the same 17.
 */
export const VENUE_TYPES = [
  'Live Music Club',
  'Concert Hall',
  'Theater',
  'Arena',
  'Stadium',
  'Festival Grounds',
  'Bar/Pub',
  'Restaurant',
  'Coffee House',
  'Acoustic Venue',
  'Outdoor Amphitheater',
  'Jazz Club',
  'Rock Venue',
  'Electronic Music Club',
  'Country Bar',
  'Blues Club',
  'Other',
] as const;
export type VenueType = (typeof VENUE_TYPES)[number];

/** docs/product.md §3: age restrictions; the add-venue form also offers 'Other' (the filters do not). */
export const VENUE_AGE_RESTRICTIONS = ['All Ages', '18+', '21+', 'Other'] as const;
export const VENUE_AGE_FILTERS = ['All Ages', '18+', '21+'] as const;
export type VenueAgeRestriction = (typeof VENUE_AGE_RESTRICTIONS)[number];

/** docs/product.md §3: sound systems. */
export const VENUE_SOUND_SYSTEMS = [
  'Professional PA System',
  'Basic Sound Setup',
  'Acoustic Only',
  'Bring Your Own',
  'Other',
] as const;
export type VenueSoundSystem = (typeof VENUE_SOUND_SYSTEMS)[number];

/** docs/product.md §3: the 50 two-letter US state codes. */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA',
  'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ',
  'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC',
  'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const; // prettier-ignore
export type UsState = (typeof US_STATES)[number];
export const DEFAULT_VENUE_COUNTRY = 'USA';

/** docs/product.md §3: the genres My Profile suggests; custom genres may be typed too. */
export const PROFILE_GENRES = [
  'Pop',
  'Rock',
  'Hip Hop',
  'R&B',
  'Country',
  'Electronic',
  'Jazz',
  'Classical',
  'Reggae',
  'Blues',
  'Folk',
  'Punk',
  'Metal',
  'Alternative',
  'Indie',
  'House',
  'Techno',
  'Ambient',
  'Funk',
  'Soul',
  'Gospel',
  'Latin',
  'World',
  'Experimental',
] as const;
