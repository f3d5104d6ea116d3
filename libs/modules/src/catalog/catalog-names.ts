/** Names shared by the catalogue's write and read sides (projection names are checkpoint names). */
export const ARTISTS_PROJECTION = 'catalog-artists';
export const VENUES_PROJECTION = 'catalog-venues';

/** An entry's own stream: `artist-<id>`, `venue-<id>`. */
export function entryStreamId(kind: 'artist' | 'venue', entryId: string): string {
  return `${kind}-${entryId}`;
}

/**
 * A vote or a favourite is its own stream per (entry, fan), `artist-vote-<id>-<user>`...: fans never
 * contend with each other. With an empty user, the prefix of an entry's streams of that mark.
 */
export function markStreamId(
  kind: 'artist' | 'venue',
  mark: 'vote' | 'favorite',
  entryId: string,
  userId: string,
): string {
  return `${kind}-${mark}-${entryId}-${userId}`;
}

export function artistStreamId(artistId: string): string {
  return entryStreamId('artist', artistId);
}

export function venueStreamId(venueId: string): string {
  return entryStreamId('venue', venueId);
}

/** The reports queue of the operators' console (projections/reports.projection.ts). */
export const REPORTS_PROJECTION = 'catalog-reports';

/** The claims of artists and venues, for the operators' console and "claimed entries of member X". */
export const CLAIMS_PROJECTION = 'catalog-claims';
