import { z } from 'zod';
import { defineEvent } from './define-event.js';

/**
 * Members' reports on artists and venues, and what the operators decide about an entry. A report is on
 * its own stream per (entry, member), `artist-report-<id>-<user>`, so a member reports an entry once
 * (the stream exists) without contending with other members. The operators' decisions are on the
 * entry's moderation stream, `artist-moderation-<id>`, each naming the operator (their user id) and the
 * reason. Ids are named like the kind's other events (`artistId`, `venueId`), so every reader that follows
 * an entry by its id (the search index's catch-up) follows these too.
 */

export const REPORT_REASONS = ['wrong-info', 'duplicate', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

const ZReported = { userId: z.string(), reason: z.enum(REPORT_REASONS), text: z.string().nullable() };
const ZDecided = { operatorId: z.string(), reason: z.string() };

/** A member reported an artist: what is wrong with it, with their words (required for "other"). */
export const ArtistReported = defineEvent('ArtistReported', z.object({ artistId: z.string(), ...ZReported }));
export const VenueReported = defineEvent('VenueReported', z.object({ venueId: z.string(), ...ZReported }));

/** An operator dismissed the entry's open reports (those reported before this event). */
export const ArtistReportsDismissed = defineEvent(
  'ArtistReportsDismissed',
  z.object({ artistId: z.string(), ...ZDecided }),
);
export const VenueReportsDismissed = defineEvent(
  'VenueReportsDismissed',
  z.object({ venueId: z.string(), ...ZDecided }),
);

/** An operator hid the entry: it leaves lists, search, favourites and profiles for everyone but its adder. */
export const ArtistHidden = defineEvent('ArtistHidden', z.object({ artistId: z.string(), ...ZDecided }));
export const VenueHidden = defineEvent('VenueHidden', z.object({ venueId: z.string(), ...ZDecided }));

/** An operator restored a hidden entry: it is public again where it was. */
export const ArtistRestored = defineEvent('ArtistRestored', z.object({ artistId: z.string(), ...ZDecided }));
export const VenueRestored = defineEvent('VenueRestored', z.object({ venueId: z.string(), ...ZDecided }));

/**
 * An operator merged a duplicate (`artistId`) into the survivor: its votes, favourites, fans, links and
 * fan messages move there (a member who had both counts once), earned Payola stays, and its id leads to
 * the survivor. On the duplicate's moderation stream; the write side's catalog_merges row commits with it.
 */
export const ArtistMerged = defineEvent(
  'ArtistMerged',
  z.object({ artistId: z.string(), survivorId: z.string(), ...ZDecided }),
);
export const VenueMerged = defineEvent(
  'VenueMerged',
  z.object({ venueId: z.string(), survivorId: z.string(), ...ZDecided }),
);

export const moderationEvents = [
  ArtistReported,
  VenueReported,
  ArtistReportsDismissed,
  VenueReportsDismissed,
  ArtistHidden,
  VenueHidden,
  ArtistRestored,
  VenueRestored,
  ArtistMerged,
  VenueMerged,
] as const;
