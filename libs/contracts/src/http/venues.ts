import { z } from 'zod';
import {
  canonicalLink,
  DEFAULT_VENUE_COUNTRY,
  recogniseLinkPlatform,
  US_STATES,
  VENUE_AGE_RESTRICTIONS,
  VENUE_SOUND_SYSTEMS,
  VENUE_TYPES,
  type CanonicalLink,
} from '@app/domain';
import { optionalText, storable, UNSTORABLE } from './text-fields.js';

/**
 * Spec §5 Add venue and §8: 'User ID is required', 'Error adding venue'. The spec says name and city
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

/** An optional choice from a list: blank (the form's empty option) is sent as absent (spec §5). */
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

/** The venue fields of POST /api/venues (spec §2 Add venue, §3 Venue). */
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
    // Spec §5: capacity is read as a number; a blank field means unknown.
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
    // Spec §5: blank social links are dropped.
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
