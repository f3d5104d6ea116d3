import { z } from 'zod';
import {
  canonicalLink,
  DEFAULT_VENUE_COUNTRY,
  recogniseLinkPlatform,
  US_STATES,
  VENUE_AGE_FILTERS,
  VENUE_AGE_RESTRICTIONS,
  VENUE_SOUND_SYSTEMS,
  VENUE_TYPES,
  type CanonicalLink,
} from '@app/domain';
import { ZRewardSummary } from './artists.js';
import { optionalText, storable, UNSTORABLE } from './text-fields.js';

/**
 * docs/product.md §5 Add venue and §8: 'User ID is required', 'Error adding venue'. The spec says name and city
 * show field errors without giving their words; these follow the artist form's.
 */
export const VENUE_MESSAGES = {
  nameRequired: 'Venue name is required',
  venueTypeRequired: 'Venue type is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  userIdRequired: 'User ID is required',
  capacityWhole: 'Capacity must be a whole number',
  emailInvalid: 'Please enter a valid email address',
  socialLinkUnknown: 'Enter a social profile link, for example https://instagram.com/yourvenue.',
  linkTwice: 'This link is entered twice.',
  addFailedTitle: 'Error adding venue',
  confirmFailedTitle: 'Error confirming duplicate',
  notFoundTitle: 'Venue Not Found',
  notFound: "The venue you're looking for doesn't exist or has been removed.",
  verifiedFansOnly: 'Only verified fans can add venues. Complete your identity verification first.',
  adderOnly: 'Only the fan who added this venue can update it.',
  ownVenue: 'You added this venue: load it to update it instead.',
  loaded: 'Venue Loaded Successfully',
  duplicateConfirmedTitle: 'Duplicate Confirmed! 🎉',
  duplicateConfirmed: 'You earned 25 Payola for confirming this duplicate venue!',
} as const;

const MAX_CAPACITY = 1_000_000;
const MAX_SOCIAL_LINKS = 10;

const required = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `This is too long (${max} characters at most)`)
    .refine(storable, UNSTORABLE);

/** An optional choice from a list: blank (the form's empty option) is sent as absent (docs/product.md §5). */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('')], { error: 'Please choose from the list' })
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/**
 * The website and the social links, canonicalised like the artists' links so that the same page
 * entered twice, or already on file for another venue, is recognised (duplicate detection).
 */
export function canonicalVenueLinks(fields: { websiteUrl?: string | null; socialUrls: readonly string[] }): {
  links: CanonicalLink[];
  issues: { path: (string | number)[]; message: string }[];
} {
  const links: CanonicalLink[] = [];
  const issues: { path: (string | number)[]; message: string }[] = [];
  const add = (path: (string | number)[], result: ReturnType<typeof canonicalLink>) => {
    if (!result.ok) return issues.push({ path, message: result.message });
    if (links.some((l) => l.platform === result.link.platform && l.key === result.link.key)) {
      return issues.push({ path, message: VENUE_MESSAGES.linkTwice });
    }
    links.push(result.link);
  };
  if (fields.websiteUrl) add(['websiteUrl'], canonicalLink('website', fields.websiteUrl));
  fields.socialUrls.forEach((raw, index) => {
    const platform = recogniseLinkPlatform(raw);
    if (platform) add(['socialUrls', index], canonicalLink(platform, raw));
    else issues.push({ path: ['socialUrls', index], message: VENUE_MESSAGES.socialLinkUnknown });
  });
  return { links, issues };
}

/** The venue fields of POST /api/venues (docs/product.md §2 Add venue, §3 Venue). */
export const ZVenueInput = z
  .object({
    name: required(VENUE_MESSAGES.nameRequired),
    venueType: z.enum(VENUE_TYPES, { error: VENUE_MESSAGES.venueTypeRequired }),
    streetAddress: optionalText(300, 'The street address'),
    city: required(VENUE_MESSAGES.cityRequired, 100),
    state: z.enum(US_STATES, { error: VENUE_MESSAGES.stateRequired }),
    country: z
      .string()
      .trim()
      .max(100, 'The country is too long (100 characters at most)')
      .refine(storable, UNSTORABLE)
      .optional()
      .nullable()
      .transform((value) => value || DEFAULT_VENUE_COUNTRY),
    // docs/product.md §5: capacity is read as a number; a blank field means unknown.
    capacity: z
      .union([z.literal(''), z.coerce.number()], { error: VENUE_MESSAGES.capacityWhole })
      .optional()
      .nullable()
      .transform((value) => (value === '' || value === undefined ? null : value))
      .pipe(
        z
          .number()
          .int(VENUE_MESSAGES.capacityWhole)
          .min(1, VENUE_MESSAGES.capacityWhole)
          .max(MAX_CAPACITY, `Capacity must be at most ${MAX_CAPACITY.toLocaleString('en-US')}`)
          .nullable(),
      ),
    ageRestriction: optionalChoice(VENUE_AGE_RESTRICTIONS),
    soundSystem: optionalChoice(VENUE_SOUND_SYSTEMS),
    bio: optionalText(5000, 'The description'),
    phoneNumber: optionalText(40, 'The phone number'),
    email: z
      .union([z.literal(''), z.email(VENUE_MESSAGES.emailInvalid).max(254)], { error: VENUE_MESSAGES.emailInvalid })
      .optional()
      .nullable()
      .transform((value) => (value ? value.toLowerCase() : null)),
    websiteUrl: z.string().trim().max(1000).optional().nullable(),
    bookingContact: optionalText(300, 'The booking contact'),
    accessibility: optionalText(1000, 'The accessibility notes'),
    parking: optionalText(1000, 'The parking notes'),
    // docs/product.md §5: blank social links are dropped.
    socialUrls: z
      .array(z.string().trim().max(1000))
      .max(MAX_SOCIAL_LINKS, `At most ${MAX_SOCIAL_LINKS} social links`)
      .optional()
      .default([])
      .transform((urls) => urls.filter(Boolean)),
  })
  .superRefine((venue, context) => {
    for (const issue of canonicalVenueLinks(venue).issues) context.addIssue({ code: 'custom', ...issue });
  });
export type TVenueInput = z.input<typeof ZVenueInput>;
export type TVenueFields = z.output<typeof ZVenueInput>;

/** POST /api/venues (docs/product.md §7 `venue {form fields, socialUrls[]}, userId`); `userId` must be the session's user. */
export const ZAddVenueRequest = z.object({ venue: ZVenueInput, userId: z.string().optional() });
export type TAddVenueRequest = z.input<typeof ZAddVenueRequest>;

/** PATCH /api/venues/{id}: the adder saves a loaded venue again, with every field of the form. */
export const ZUpdateVenueRequest = ZAddVenueRequest;
export type TUpdateVenueRequest = TAddVenueRequest;

export const ZAddVenueResponse = z.object({ id: z.string(), name: z.string(), payola: ZRewardSummary });
export type TAddVenueResponse = z.infer<typeof ZAddVenueResponse>;

/** POST /api/venues/{id}/confirm-duplicate ("Is this it?" confirmed): recorded on the server, +25 once. */
export const ZConfirmVenueDuplicateResponse = z.object({
  venueId: z.string(),
  alreadyConfirmed: z.boolean(),
  payola: ZRewardSummary,
});
export type TConfirmVenueDuplicateResponse = z.infer<typeof ZConfirmVenueDuplicateResponse>;

/** A venue in lists and on the profile (docs/product.md §3 Venue, with the listing fields). */
export const ZVenue = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string().nullable(),
  streetAddress: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  venueType: z.string(),
  capacity: z.number().int().nullable(),
  ageRestriction: z.string().nullable(),
  soundSystem: z.string().nullable(),
  accessibility: z.string().nullable(),
  parking: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  bookingContact: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  socialUrls: z.array(z.string()),
  imageUrl: z.string().nullable(),
  galleryUrls: z.array(z.string()),
  isPublic: z.boolean(),
  /** Why the operators hid it (isPublic false): only its adder still sees it, with this reason. */
  hiddenReason: z.string().nullable(),
  createdAt: z.string(),
  voteCount: z.number().int(),
  favoriteCount: z.number().int(),
  confirmedCount: z.number().int(),
  userHasVoted: z.boolean(),
  userHasFavorited: z.boolean(),
  /** The user added this venue: they may load and update it. */
  hasUserAdded: z.boolean(),
  /** The user confirmed it as the venue they were about to add. */
  hasUserConfirmed: z.boolean(),
  addedBy: z.object({
    foundingFanNumber: z.number().int().nullable(),
    /** The adder deleted their account: profiles say "Deleted member" (docs/architecture.md, "Erasure"). */
    deletedMember: z.literal(true).optional(),
  }),
});
export type TVenue = z.infer<typeof ZVenue>;
export const ZVenueList = z.array(ZVenue);

export const VENUE_PAGE_SIZE = 24;

/** GET /api/venues | /api/venues/my | /api/venues/favorites: filtered and paged on the server. */
export const ZVenueListQuery = z.object({
  q: z.string().trim().max(100, 'Search for at most 100 characters').optional(),
  type: z.enum(VENUE_TYPES, { error: 'Please choose a venue type from the list' }).optional(),
  age: z.enum(VENUE_AGE_FILTERS, { error: 'Please choose an age restriction from the list' }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(VENUE_PAGE_SIZE),
});
export type TVenueListQuery = z.input<typeof ZVenueListQuery>;
export type TVenueListFilters = z.output<typeof ZVenueListQuery>;

/** GET /api/venues/counts: the three tabs' counts. */
export const ZVenueCounts = z.object({ my: z.number().int(), all: z.number().int(), favorites: z.number().int() });
export type TVenueCounts = z.infer<typeof ZVenueCounts>;

/**
 * GET /api/venues/search: possible duplicates of the venue being typed, each with why it matched. The
 * city, state, website and social links typed so far take part (same name in the same city, same link).
 */
export const ZVenueSearchQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(100, 'Search for at most 100 characters'),
  userId: z.string().optional(),
  city: z.string().trim().max(100).optional(),
  state: z.enum(US_STATES).optional().catch(undefined),
  websiteUrl: z.string().trim().max(1000).optional(),
  socialUrls: z
    .union([z.string(), z.array(z.string().max(1000))])
    .optional()
    .transform((value) =>
      (value === undefined ? [] : Array.isArray(value) ? value : [value]).slice(0, MAX_SOCIAL_LINKS),
    ),
});
export const ZVenueSearchResult = ZVenue.extend({ matchReasons: z.array(z.string()) });
export type TVenueSearchResult = z.infer<typeof ZVenueSearchResult>;
export const ZVenueSearchResults = z.array(ZVenueSearchResult);

/** GET /api/venues/reward-preview: what this fan would earn now, from the same policy that pays. */
export const ZVenueRewardPreview = z.object({ addVenue: z.number().int(), confirmDuplicate: z.number().int() });
export type TVenueRewardPreview = z.infer<typeof ZVenueRewardPreview>;

/** The list endpoints answer the spec's array; the next page's cursor travels in this header. */
export { ARTIST_LIST_NEXT_CURSOR_HEADER as VENUE_LIST_NEXT_CURSOR_HEADER } from './artists.js';
