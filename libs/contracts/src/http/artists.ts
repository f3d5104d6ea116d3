import { z } from 'zod';
import {
  ARTIST_GENRES,
  ARTIST_TYPES,
  canonicalLink,
  LINK_PLATFORM_LABELS,
  LINK_PLATFORMS,
  MIN_ARTIST_LINKS,
  recogniseLinkPlatform,
  type CanonicalLink,
  type LinkPlatform,
} from '@app/domain';
import { optionalText, storable, UNSTORABLE } from './text-fields.js';

/** docs/product.md §5 Add artist and §8 errors, word for word. */
export const ARTIST_MESSAGES = {
  nameRequired: 'Artist name is required',
  artistTypeRequired: 'Artist type is required',
  genreRequired: 'Primary genre is required',
  userIdRequired: 'User ID is required',
  moreLinksTitle: 'More links needed',
  moreLinks: 'Please add at least 2 profile links to verify this artist.',
  confirmationTitle: 'Confirmation required',
  confirmation: "Please confirm you don't work in the music industry.",
  addFailed: 'Failed to add artist. Please try again.',
  verifyFailed: 'Failed to record verification. Please try again.',
  notFoundTitle: 'Artist Not Found',
  notFound: "The artist you're looking for doesn't exist or has been removed.",
  verifiedFansOnly: 'Only verified fans can add or verify artists. Complete your identity verification first.',
  ownAccountOnly: 'You can only act for your own account.',
  socialLinkUnknown: 'Other links must be Instagram, YouTube, Apple Music or TikTok profile links.',
  linkTwice: 'This link is entered twice.',
} as const;

/** The attestation the fan ticks (docs/product.md §5), recorded with the artist. */
export const ARTIST_ATTESTATION =
  'I am a genuine music fan and I do not work in the music industry in any capacity. I understand that false information may result in account penalties.';

const NAME_MAX = 200;
const BIO_MAX = 5000;
const LABEL_MAX = 200;

const linkField = z.string().trim().max(1000).optional().nullable();

/**
 * The artist part of POST /api/artists and of a verification's added links (docs/product.md §7): four named
 * link fields, and `socialUrls` for Instagram, YouTube, Apple Music and TikTok, recognised by address.
 */
export const ZArtistLinkFields = z.object({
  spotifyUrl: linkField,
  bandcampUrl: linkField,
  soundcloudUrl: linkField,
  websiteUrl: linkField,
  socialUrls: z.array(z.string().trim().max(1000)).max(8).optional().default([]),
});
export type TArtistLinkFields = z.input<typeof ZArtistLinkFields>;

const NAMED_FIELDS = [
  ['spotifyUrl', 'spotify'],
  ['bandcampUrl', 'bandcamp'],
  ['soundcloudUrl', 'soundcloud'],
  ['websiteUrl', 'website'],
] as const satisfies readonly (readonly [keyof TArtistLinkFields, LinkPlatform])[];

/**
 * Canonicalises every non-blank link, reporting each bad one at its field. Used by the contract
 * refinements below and by the add-artist form (the same messages in the browser and the API).
 */
export function canonicalArtistLinks(fields: z.output<typeof ZArtistLinkFields>): {
  links: CanonicalLink[];
  issues: { path: (string | number)[]; message: string }[];
} {
  const links: CanonicalLink[] = [];
  const issues: { path: (string | number)[]; message: string }[] = [];
  const add = (path: (string | number)[], platform: LinkPlatform, raw: string) => {
    const result = canonicalLink(platform, raw);
    if (!result.ok) return issues.push({ path, message: result.message });
    if (links.some((l) => l.platform === result.link.platform && l.key === result.link.key)) {
      return issues.push({ path, message: ARTIST_MESSAGES.linkTwice });
    }
    links.push(result.link);
  };
  for (const [field, platform] of NAMED_FIELDS) {
    const raw = fields[field];
    if (raw) add([field], platform, raw);
  }
  fields.socialUrls.forEach((raw, index) => {
    if (!raw) return;
    const platform = recogniseLinkPlatform(raw);
    if (platform === 'instagram' || platform === 'youtube' || platform === 'appleMusic' || platform === 'tiktok') {
      add(['socialUrls', index], platform, raw);
    } else {
      issues.push({ path: ['socialUrls', index], message: ARTIST_MESSAGES.socialLinkUnknown });
    }
  });
  return { links, issues };
}

/** The artist fields of POST /api/artists (docs/product.md §7 `artist {form fields, ...}`). */
export const ZArtistInput = ZArtistLinkFields.extend({
  name: z
    .string({ error: ARTIST_MESSAGES.nameRequired })
    .trim()
    .min(1, ARTIST_MESSAGES.nameRequired)
    .max(NAME_MAX, `The name is too long (${NAME_MAX} characters at most)`)
    .refine(storable, UNSTORABLE),
  artistType: z.enum(ARTIST_TYPES, { error: ARTIST_MESSAGES.artistTypeRequired }),
  genre: z.enum(ARTIST_GENRES, { error: ARTIST_MESSAGES.genreRequired }),
  secondaryGenre: z
    .enum(ARTIST_GENRES, { error: 'Please choose a genre from the list' })
    .optional()
    .nullable()
    .transform((value) => value ?? null),
  recordLabel: optionalText(LABEL_MAX, 'The record label'),
  bio: optionalText(BIO_MAX, 'The story'),
}).superRefine((artist, context) => {
  const { links, issues } = canonicalArtistLinks(artist);
  for (const issue of issues) context.addIssue({ code: 'custom', ...issue });
  if (issues.length === 0 && links.length < MIN_ARTIST_LINKS) {
    context.addIssue({ code: 'custom', path: ['links'], message: ARTIST_MESSAGES.moreLinks });
  }
});
export type TArtistInput = z.input<typeof ZArtistInput>;

/** POST /api/artists. `userId` is optional and must be the session's user (docs/decisions.md). */
export const ZAddArtistRequest = z.object({
  artist: ZArtistInput,
  userId: z.string().optional(),
  /** The ticked attestation checkbox. */
  attested: z.literal(true, { error: ARTIST_MESSAGES.confirmation }),
});
export type TAddArtistRequest = z.input<typeof ZAddArtistRequest>;

/** What a fan earned for an add or a verification: each reward as the ledger recorded it. */
export const ZRewardLine = z.object({ rule: z.string(), description: z.string(), amount: z.number().int() });
export const ZRewardSummary = z.object({ total: z.number().int(), lines: z.array(ZRewardLine) });
export type TRewardSummary = z.infer<typeof ZRewardSummary>;

export const ZAddArtistResponse = z.object({
  id: z.string(),
  name: z.string(),
  /** The adder is fan #1 of the artist. */
  fanNumber: z.number().int().positive(),
  payola: ZRewardSummary,
});
export type TAddArtistResponse = z.infer<typeof ZAddArtistResponse>;

/** POST /api/artists/verify ("Is this them?" confirmed). `payolaEarned` from old clients is ignored. */
export const ZVerifyArtistRequest = z.object({
  artistId: z.string().min(1, 'Choose the artist to verify'),
  userId: z.string().optional(),
  payolaEarned: z.unknown().optional(),
  /** Links from the form to add to the artist: those it does not have yet earn +10 each. */
  links: ZArtistLinkFields.optional().superRefine((fields, context) => {
    if (!fields) return;
    for (const issue of canonicalArtistLinks(fields).issues) context.addIssue({ code: 'custom', ...issue });
  }),
});
export type TVerifyArtistRequest = z.input<typeof ZVerifyArtistRequest>;

export const ZVerifyArtistResponse = z.object({
  artistId: z.string(),
  /** "You are fan #n to verify this artist": the real position among its verifiers (the adder is #1). */
  fanNumber: z.number().int().positive(),
  alreadyVerified: z.boolean(),
  linksAdded: z.number().int().nonnegative(),
  payola: ZRewardSummary,
});
export type TVerifyArtistResponse = z.infer<typeof ZVerifyArtistResponse>;

/** One of an artist's canonical links. */
export const ZArtistLink = z.object({ platform: z.enum(LINK_PLATFORMS), url: z.string() });
export type TArtistLink = z.infer<typeof ZArtistLink>;

/** An artist in lists and on the profile (docs/product.md §3 Artist, with the listing fields). */
export const ZArtist = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string().nullable(),
  genre: z.string(),
  secondaryGenre: z.string().nullable(),
  artistType: z.string(),
  recordLabel: z.string().nullable(),
  spotifyUrl: z.string().nullable(),
  bandcampUrl: z.string().nullable(),
  soundcloudUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  socialUrls: z.array(z.string()),
  links: z.array(ZArtistLink),
  imageUrl: z.string().nullable(),
  isPublic: z.boolean(),
  /** Why the operators hid it (isPublic false): only its adder still sees it, with this reason. */
  hiddenReason: z.string().nullable(),
  createdAt: z.string(),
  voteCount: z.number().int(),
  favoriteCount: z.number().int(),
  verifiedCount: z.number().int(),
  userHasVoted: z.boolean(),
  userHasFavorited: z.boolean(),
  hasUserVerified: z.boolean(),
  /** Who added it, as users know them: no account id is ever in a public answer. */
  addedBy: z.object({
    foundingFanNumber: z.number().int().nullable(),
    /** The adder deleted their account: profiles say "Deleted member" (docs/architecture.md, "Erasure"). */
    deletedMember: z.literal(true).optional(),
  }),
});
export type TArtist = z.infer<typeof ZArtist>;
export const ZArtistList = z.array(ZArtist);

/** Response headers of the list endpoints: the body stays the spec's array. */
export const ARTIST_LIST_NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const ARTIST_LIST_TOTAL_HEADER = 'X-Total-Count';
export const ARTIST_PAGE_SIZE = 24;

/** GET /api/artists/all | my | favorites: filtered and paged on the server. */
export const ZArtistListQuery = z.object({
  q: z.string().trim().max(100, 'Search for at most 100 characters').optional(),
  genre: z.enum(ARTIST_GENRES, { error: 'Please choose a genre from the list' }).optional(),
  type: z.enum(ARTIST_TYPES, { error: 'Please choose an artist type from the list' }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ARTIST_PAGE_SIZE),
});
export type TArtistListQuery = z.input<typeof ZArtistListQuery>;
/** The list query as the server reads it (defaults applied). */
export type TArtistListFilters = z.output<typeof ZArtistListQuery>;

/** GET /api/artists/counts: the three tabs' counts. */
export const ZArtistCounts = z.object({ my: z.number().int(), all: z.number().int(), favorites: z.number().int() });
export type TArtistCounts = z.infer<typeof ZArtistCounts>;

/** GET /api/artists/search: possible duplicates of what the fan is typing, each with why it matched. */
export const ZArtistSearchQuery = ZArtistLinkFields.partial().extend({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(100, 'Search for at most 100 characters'),
  userId: z.string().optional(),
  socialUrls: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
});
export const ZArtistSearchResult = ZArtist.extend({ matchReasons: z.array(z.string()) });
export type TArtistSearchResult = z.infer<typeof ZArtistSearchResult>;
export const ZArtistSearchResults = z.array(ZArtistSearchResult);

/** GET /api/artists/{artistId}/verification/{userId} (docs/product.md §7). */
export const ZArtistVerificationStatus = z.object({
  hasVerified: z.boolean(),
  existingLinks: z.array(ZArtistLink),
});
export type TArtistVerificationStatus = z.infer<typeof ZArtistVerificationStatus>;

/** POST /api/artists/{id}/vote and /favorite: the state the fan asks for; without it the call toggles. */
export const ZVoteRequest = z.object({ userId: z.string().optional(), vote: z.boolean().optional() });
export const ZVoteResponse = z.object({ voted: z.boolean(), voteCount: z.number().int() });
export type TVoteResponse = z.infer<typeof ZVoteResponse>;
export const ZFavoriteRequest = z.object({ userId: z.string().optional(), favorite: z.boolean().optional() });
export const ZFavoriteResponse = z.object({ favorited: z.boolean() });

/** GET /api/artists/reward-preview: what this fan would earn now, from the same policy that pays. */
export const ZArtistRewardPreview = z.object({
  addArtist: z.number().int(),
  perLink: z.number().int(),
  verifyArtist: z.number().int(),
  /** The fan video message sent with a new artist (a new artist has none of this fan's yet). */
  fanMessage: z.number().int(),
});
export type TArtistRewardPreview = z.infer<typeof ZArtistRewardPreview>;

export { LINK_PLATFORM_LABELS };
