import { z } from 'zod';
import { ARTIST_GENRES, ARTIST_TYPES, LINK_PLATFORMS } from '@app/domain';
import { defineEvent } from './define-event.js';

/**
 * Claims of catalogue entries, on the entry's own stream (`artist-<id>`, `venue-<id>`): the stream's
 * expected version makes "one open claim per member and entry" and "one approved claimant per entry"
 * hold under any number of racing requests. The code is not a secret once issued (the member publishes
 * it on one of the entry's links), so the event keeps it for the operator to compare.
 */
const ZClaimKind = z.enum(['artist', 'venue']);

/** A member of the entry's role asked to claim it: the code to put on one of its links (expires). */
export const EntryClaimCodeIssued = defineEvent(
  'EntryClaimCodeIssued',
  z.object({
    kind: ZClaimKind,
    entryId: z.string(),
    claimId: z.string(),
    userId: z.string(),
    code: z.string(),
    expiresAt: z.string(),
  }),
);

/** The member says which of the entry's links now shows the code: the claim waits for an operator. */
export const EntryClaimSubmitted = defineEvent(
  'EntryClaimSubmitted',
  z.object({
    kind: ZClaimKind,
    entryId: z.string(),
    claimId: z.string(),
    userId: z.string(),
    link: z.object({ platform: z.enum(LINK_PLATFORMS), url: z.string() }),
  }),
);

/** An operator found the code on the link: the member is the entry's claimant. */
export const EntryClaimApproved = defineEvent(
  'EntryClaimApproved',
  z.object({
    kind: ZClaimKind,
    entryId: z.string(),
    claimId: z.string(),
    userId: z.string(),
    operatorId: z.string(),
    reason: z.string(),
  }),
);

/** An operator refused the claim (the member may start again with a new code). */
export const EntryClaimRefused = defineEvent(
  'EntryClaimRefused',
  z.object({
    kind: ZClaimKind,
    entryId: z.string(),
    claimId: z.string(),
    userId: z.string(),
    operatorId: z.string(),
    reason: z.string(),
  }),
);

/** The artist's claimant edited its details (the add-artist fields but the links): the whole set again. */
export const ArtistDetailsEdited = defineEvent(
  'ArtistDetailsEdited',
  z.object({
    artistId: z.string(),
    userId: z.string(),
    name: z.string(),
    artistType: z.enum(ARTIST_TYPES),
    genre: z.enum(ARTIST_GENRES),
    secondaryGenre: z.enum(ARTIST_GENRES).nullable(),
    recordLabel: z.string().nullable(),
    bio: z.string().nullable(),
  }),
);

export const entryClaimEvents = [
  EntryClaimCodeIssued,
  EntryClaimSubmitted,
  EntryClaimApproved,
  EntryClaimRefused,
  ArtistDetailsEdited,
] as const;
