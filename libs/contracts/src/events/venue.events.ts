import { z } from 'zod';
import { LINK_PLATFORMS, US_STATES, VENUE_AGE_RESTRICTIONS, VENUE_SOUND_SYSTEMS, VENUE_TYPES } from '@app/domain';
import { defineEvent } from './define-event.js';

/** The website and social links of a venue, canonical like the artists' (one (platform, key) names one venue). */
const ZVenueLink = z.object({ platform: z.enum(LINK_PLATFORMS), key: z.string(), url: z.string() });

/** Everything the add-venue form describes (docs/product.md §3 Venue); an update carries the whole set again. */
const ZVenueDetails = z.object({
  name: z.string(),
  venueType: z.enum(VENUE_TYPES),
  streetAddress: z.string().nullable(),
  city: z.string(),
  state: z.enum(US_STATES),
  country: z.string(),
  capacity: z.number().int().positive().nullable(),
  ageRestriction: z.enum(VENUE_AGE_RESTRICTIONS).nullable(),
  soundSystem: z.enum(VENUE_SOUND_SYSTEMS).nullable(),
  bio: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  bookingContact: z.string().nullable(),
  accessibility: z.string().nullable(),
  parking: z.string().nullable(),
  links: z.array(ZVenueLink),
});

/** A verified fan added a venue. Appended to `venue-<venueId>`. */
export const VenueAdded = defineEvent(
  'VenueAdded',
  ZVenueDetails.extend({
    venueId: z.string(),
    addedBy: z.string(),
    /** The adder's founding fan number at the time (the profile's 'Added By Fan #n'). */
    addedByFoundingFanNumber: z.number().int().positive().nullable(),
  }),
);

/** The fan who added a venue loaded it and saved it again ('Load this venue'). */
export const VenueUpdated = defineEvent(
  'VenueUpdated',
  ZVenueDetails.extend({ venueId: z.string(), userId: z.string() }),
);

/** Another verified fan confirmed that the venue they were about to add is this one ("Is this it?"). */
export const VenueDuplicateConfirmed = defineEvent(
  'VenueDuplicateConfirmed',
  z.object({ venueId: z.string(), userId: z.string() }),
);

/** Votes and favourites live on a stream per (venue, user), like the artists'. */
export const VenueVoteCast = defineEvent('VenueVoteCast', z.object({ venueId: z.string(), userId: z.string() }));
export const VenueVoteWithdrawn = defineEvent(
  'VenueVoteWithdrawn',
  z.object({ venueId: z.string(), userId: z.string() }),
);
export const VenueFavorited = defineEvent('VenueFavorited', z.object({ venueId: z.string(), userId: z.string() }));
export const VenueUnfavorited = defineEvent('VenueUnfavorited', z.object({ venueId: z.string(), userId: z.string() }));

export const venueEvents = [
  VenueAdded,
  VenueUpdated,
  VenueDuplicateConfirmed,
  VenueVoteCast,
  VenueVoteWithdrawn,
  VenueFavorited,
  VenueUnfavorited,
] as const;
