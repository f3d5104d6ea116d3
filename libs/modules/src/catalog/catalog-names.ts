/** Names shared by the catalogue's write and read sides (projection names are checkpoint names). */
export const ARTISTS_PROJECTION = 'catalog-artists';
export const VENUES_PROJECTION = 'catalog-venues';

export function artistStreamId(artistId: string): string {
  return `artist-${artistId}`;
}

/** A vote or a favourite is its own stream per (artist, fan): fans never contend with each other. */
export function artistVoteStreamId(artistId: string, userId: string): string {
  return `artist-vote-${artistId}-${userId}`;
}

export function artistFavoriteStreamId(artistId: string, userId: string): string {
  return `artist-favorite-${artistId}-${userId}`;
}

export function venueStreamId(venueId: string): string {
  return `venue-${venueId}`;
}

export function venueVoteStreamId(venueId: string, userId: string): string {
  return `venue-vote-${venueId}-${userId}`;
}

export function venueFavoriteStreamId(venueId: string, userId: string): string {
  return `venue-favorite-${venueId}-${userId}`;
}
