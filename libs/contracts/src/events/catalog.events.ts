import { z } from 'zod';
import { ARTIST_GENRES, ARTIST_TYPES, LINK_PLATFORMS } from '@app/domain';
import { defineEvent } from './define-event.js';

/** A canonical link as the catalogue keeps it: (platform, key) names one artist. */
const ZStoredLink = z.object({ platform: z.enum(LINK_PLATFORMS), key: z.string(), url: z.string() });

/** A verified fan put a new artist on the map. Appended to `artist-<artistId>`. */
export const ArtistAdded = defineEvent(
  'ArtistAdded',
  z.object({
    artistId: z.string(),
    name: z.string(),
    artistType: z.enum(ARTIST_TYPES),
    genre: z.enum(ARTIST_GENRES),
    secondaryGenre: z.enum(ARTIST_GENRES).nullable(),
    recordLabel: z.string().nullable(),
    bio: z.string().nullable(),
    links: z.array(ZStoredLink),
    addedBy: z.string(),
    /** The adder's founding fan number at the time (the profile's 'Added By Fan #n'). */
    addedByFoundingFanNumber: z.number().int().positive().nullable(),
    /** The attestation the adder ticked, word for word. */
    attestation: z.string(),
  }),
);

/** Links new to the artist, added by a fan who verified it. */
export const ArtistLinksAdded = defineEvent(
  'ArtistLinksAdded',
  z.object({ artistId: z.string(), userId: z.string(), links: z.array(ZStoredLink) }),
);

/** A verified fan confirmed an existing artist ("Is this them?"); `fanNumber` is their position (adder #1). */
export const ArtistVerified = defineEvent(
  'ArtistVerified',
  z.object({ artistId: z.string(), userId: z.string(), fanNumber: z.number().int().positive() }),
);

/** Votes and favourites live on a stream per (artist, fan), so fans never contend with each other. */
export const VoteCast = defineEvent('VoteCast', z.object({ artistId: z.string(), userId: z.string() }));
export const VoteWithdrawn = defineEvent('VoteWithdrawn', z.object({ artistId: z.string(), userId: z.string() }));
export const ArtistFavorited = defineEvent('ArtistFavorited', z.object({ artistId: z.string(), userId: z.string() }));
export const ArtistUnfavorited = defineEvent(
  'ArtistUnfavorited',
  z.object({ artistId: z.string(), userId: z.string() }),
);

export const catalogEvents = [
  ArtistAdded,
  ArtistLinksAdded,
  ArtistVerified,
  VoteCast,
  VoteWithdrawn,
  ArtistFavorited,
  ArtistUnfavorited,
] as const;
