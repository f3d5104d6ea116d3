import type { TArtist, TArtistLink } from '@app/contracts';
import type { CanonicalLink, LinkPlatform } from '@app/domain';
import { catalogFlagsSql, revisionColumn, type UserFlags } from './catalog-read-cache.js';

/**
 * The columns every artist read selects, with the flags of the user in parameter `$1` and the catalogue's
 * revision (catalog-read-cache.ts).
 */
export const ARTIST_COLUMNS = `e.id, e.name, e.artist_type, e.genre, e.secondary_genre, e.record_label, e.bio, e.links,
  e.added_by, e.added_by_fan_number, e.is_public, e.created_at, e.vote_count, e.favorite_count, e.fan_count,
  exists (select 1 from catalog_artist_votes v where v.artist_id = e.id and v.user_id = $1) as user_has_voted,
  exists (select 1 from catalog_artist_favorites f where f.artist_id = e.id and f.user_id = $1) as user_has_favorited,
  exists (select 1 from catalog_artist_fans u where u.artist_id = e.id and u.user_id = $1) as has_user_verified,
  ${revisionColumn('catalog_artist')}`;

/** The revision and the flags of the user `$1` for the artists `$2`, for a cached read (catalog-read-cache.ts). */
export const ARTIST_FLAGS_SQL = catalogFlagsSql({ prefix: 'catalog_artist', idColumn: 'artist_id' });

/** The fields of a cached artist that depend on the user who asks. */
export function artistUserFields(artist: TArtist, flags: UserFlags): Partial<TArtist> {
  return {
    userHasVoted: flags.voted.has(artist.id),
    userHasFavorited: flags.favorited.has(artist.id),
    hasUserVerified: flags.verified.has(artist.id),
  };
}

/** One artist by id (`$2`) with the flags of the user `$1`. */
export const ARTIST_PROFILE_SQL = `select ${ARTIST_COLUMNS} from catalog_artists e where e.id = $2`;

export interface ArtistRow {
  id: string;
  name: string;
  artist_type: string;
  genre: string;
  secondary_genre: string | null;
  record_label: string | null;
  bio: string | null;
  links: CanonicalLink[];
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
  revision: string | null;
}

/** The spec's `socialUrls`: the Instagram, YouTube, Apple Music and TikTok links (spec §3 Artist). */
const SOCIAL_PLATFORMS: readonly LinkPlatform[] = ['instagram', 'youtube', 'appleMusic', 'tiktok'];

export function toArtist(row: ArtistRow): TArtist {
  const url = (platform: LinkPlatform) => row.links.find((link) => link.platform === platform)?.url ?? null;
  const links: TArtistLink[] = row.links.map(({ platform, url }) => ({ platform, url }));
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
