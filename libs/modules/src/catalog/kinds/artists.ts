import type { TArtist, TArtistLink, TArtistListFilters } from '@app/contracts';
import type { CanonicalLink, LinkPlatform } from '@app/domain';
import { ARTISTS_PROJECTION } from '../catalog-names.js';
import { catalogKind, type EntryRow } from '../catalog-kind.js';
import { ARTIST_FAVORITE, ARTIST_VOTE, artistFold, ArtistNotFoundError } from '../domain/artist.js';
import { addedByOf } from '../projections/member-erased.js';

export interface ArtistRow extends EntryRow {
  artist_type: string;
  genre: string;
  secondary_genre: string | null;
  record_label: string | null;
  bio: string | null;
  fan_count: number;
  has_user_verified: boolean;
}

/** The spec's `socialUrls`: the Instagram, YouTube, Apple Music and TikTok links (docs/product.md §3 Artist). */
const SOCIAL_PLATFORMS: readonly LinkPlatform[] = ['instagram', 'youtube', 'appleMusic', 'tiktok'];

/** Artists: what differs from venues (catalog-kind.ts). The tab "my" holds those the user added or verified. */
export const ARTISTS = catalogKind<TArtist, ArtistRow, TArtistListFilters>({
  name: 'artist',
  projection: ARTISTS_PROJECTION,
  vote: ARTIST_VOTE,
  favorite: ARTIST_FAVORITE,
  keys: { table: 'artist_link_keys', idColumn: 'artist_id', nameColumn: 'artist_name' },
  entryFold: artistFold,
  notFound: () => new ArtistNotFoundError(),
  ownColumns: `e.artist_type, e.genre, e.secondary_genre, e.record_label, e.bio, e.links,
  e.added_by, e.added_by_fan_number, e.is_public, e.hidden_reason, e.created_at, e.vote_count, e.favorite_count, e.fan_count`,
  fans: { column: 'has_user_verified', flag: 'hasUserVerified' },
  toEntry: toArtist,
  listFilters: (filters) => [
    ['genre', filters.genre],
    ['artist_type', filters.type],
  ],
});

function toArtist(row: ArtistRow): TArtist {
  const url = (platform: LinkPlatform) => row.links.find((link) => link.platform === platform)?.url ?? null;
  const links: TArtistLink[] = row.links.map(({ platform, url }: CanonicalLink) => ({ platform, url }));
  return {
    id: row.id,
    name: row.name,
    bio: row.bio,
    genre: row.genre,
    secondaryGenre: row.secondary_genre,
    artistType: row.artist_type,
    recordLabel: row.record_label,
    spotifyUrl: url('spotify'),
    bandcampUrl: url('bandcamp'),
    soundcloudUrl: url('soundcloud'),
    websiteUrl: url('website'),
    socialUrls: row.links.filter((link) => SOCIAL_PLATFORMS.includes(link.platform)).map((link) => link.url),
    links,
    imageUrl: null,
    isPublic: row.is_public,
    hiddenReason: row.hidden_reason,
    createdAt: row.created_at.toISOString(),
    voteCount: row.vote_count,
    favoriteCount: row.favorite_count,
    verifiedCount: row.fan_count,
    userHasVoted: row.user_has_voted,
    userHasFavorited: row.user_has_favorited,
    hasUserVerified: row.has_user_verified,
    addedBy: addedByOf(row),
  };
}
