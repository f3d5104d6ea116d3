import type { TArtist, TArtistLink, TArtistListFilters } from '@app/contracts';
import type { CanonicalLink, LinkPlatform } from '@app/domain';
import { catalogFlagsSql, entryColumns } from '../application/queries/catalog-read-cache.js';
import { ARTISTS_PROJECTION } from '../catalog-names.js';
import type { CatalogKind, EntryRow } from '../catalog-kind.js';
import { ARTIST_FAVORITE, ARTIST_VOTE, artistFold, ArtistNotFoundError } from '../domain/artist.js';

export interface ArtistRow extends EntryRow {
  id: string;
  artist_type: string;
  genre: string;
  secondary_genre: string | null;
  record_label: string | null;
  bio: string | null;
  added_by: string;
  added_by_fan_number: number | null;
  is_public: boolean;
  created_at: Date;
  vote_count: number;
  favorite_count: number;
  fan_count: number;
  user_has_voted: boolean;
  user_has_favorited: boolean;
  has_user_verified: boolean;
}

const TABLES = { tables: 'catalog_artist', idColumn: 'artist_id' } as const;

/** The spec's `socialUrls`: the Instagram, YouTube, Apple Music and TikTok links (spec §3 Artist). */
const SOCIAL_PLATFORMS: readonly LinkPlatform[] = ['instagram', 'youtube', 'appleMusic', 'tiktok'];

/** Artists: what differs from venues (catalog-kind.ts). The tab "my" holds those the user added or verified. */
export const ARTISTS: CatalogKind<TArtist, ArtistRow, TArtistListFilters> = {
  name: 'artist',
  projection: ARTISTS_PROJECTION,
  ...TABLES,
  vote: ARTIST_VOTE,
  favorite: ARTIST_FAVORITE,
  keys: { table: 'artist_link_keys', idColumn: 'artist_id', nameColumn: 'artist_name' },
  entryFold: artistFold,
  notFound: () => new ArtistNotFoundError(),
  columns: entryColumns(
    TABLES,
    `e.id, e.name, e.artist_type, e.genre, e.secondary_genre, e.record_label, e.bio, e.links,
  e.added_by, e.added_by_fan_number, e.is_public, e.created_at, e.vote_count, e.favorite_count, e.fan_count`,
    { as: 'has_user_verified' },
  ),
  flagsSql: catalogFlagsSql({ prefix: TABLES.tables, idColumn: TABLES.idColumn }),
  userFields: (artist, flags) => ({
    userHasVoted: flags.voted.has(artist.id),
    userHasFavorited: flags.favorited.has(artist.id),
    hasUserVerified: flags.verified.has(artist.id),
  }),
  toEntry: toArtist,
  listFilters: (filters) => [
    ['genre', filters.genre],
    ['artist_type', filters.type],
  ],
};

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
    createdAt: row.created_at.toISOString(),
    voteCount: row.vote_count,
    favoriteCount: row.favorite_count,
    verifiedCount: row.fan_count,
    userHasVoted: row.user_has_voted,
    userHasFavorited: row.user_has_favorited,
    hasUserVerified: row.has_user_verified,
    addedBy: { foundingFanNumber: row.added_by_fan_number },
  };
}
