/** Spec §3 Enumerations: the artist genres offered by add-artist and the filters. */
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

/** Spec §3: artist (act) types; 'Solo Artist' is the default. */
export const ARTIST_TYPES = ['Solo Artist', 'Band', 'Group', 'DJ', 'Producer', 'Duo', 'Collective', 'Other'] as const;
export type ArtistType = (typeof ARTIST_TYPES)[number];
export const DEFAULT_ARTIST_TYPE: ArtistType = 'Solo Artist';

/** Spec §9: up to 8 link slots, at least 2 filled. */
export const MIN_ARTIST_LINKS = 2;
