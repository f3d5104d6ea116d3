import { z } from 'zod';
import { LINK_PLATFORMS } from '@app/domain';
import { ZArtistInput } from './artists.js';

/**
 * Claims of artists and venues (an artist- or venue-role member proves an entry is theirs with a code on
 * one of its links; an operator decides), the claimant's edits, and every entry's edit history.
 */
export const CLAIM_MESSAGES = {
  wrongRole: {
    artist: 'Only members who signed up as an artist can claim an artist.',
    venue: 'Only members who signed up as a venue can claim a venue.',
  },
  paymentFirst: 'Complete your membership payment before you claim an entry.',
  alreadyClaimed: 'This entry has already been claimed.',
  youClaimed: 'You have already claimed this entry.',
  codeOpen: 'You already have a claim code for this entry. Use it, or ask for a new one.',
  awaitingDecision: 'Your claim is waiting for an operator to check it.',
  noCode: 'Ask for a claim code first.',
  codeExpired: 'Your claim code has expired. Ask for a new one.',
  codeMismatch: 'This is not your current claim code. Use the code shown when you started, or ask for a new one.',
  linkNotOnEntry: "Choose one of the entry's own links.",
  chooseLink: 'Choose the link that shows your code.',
  claimNotFound: 'This claim does not exist.',
  notPending: 'This claim has already been decided.',
  claimantOnly: 'Only the member who claimed this entry can edit it.',
} as const;

/** Days a claim code stays valid. */
export const CLAIM_CODE_DAYS = 7;
/** `PAYOLA-` and three groups of four from an alphabet without look-alikes (0/O, 1/I/L): ~59 random bits. */
export const CLAIM_CODE_PATTERN = /^PAYOLA(-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}){3}$/;

export const ZClaimKind = z.enum(['artist', 'venue']);
export type TClaimKind = z.infer<typeof ZClaimKind>;
export const ZClaimLink = z.object({ platform: z.enum(LINK_PLATFORMS), url: z.string() });

/** POST /api/artists/:id/claim (and venues): a code; `renew` replaces a code that was not used yet. */
export const ZStartClaimRequest = z.strictObject({ renew: z.boolean().optional() });
export type TStartClaimRequest = z.infer<typeof ZStartClaimRequest>;

/** The code, shown once, with when it stops working. */
export const ZClaimCode = z.object({ claimId: z.string(), code: z.string(), expiresAt: z.string() });
export type TClaimCode = z.infer<typeof ZClaimCode>;

/** POST /api/artists/:id/claim/submit: which of the entry's links now shows the code. */
export const ZSubmitClaimRequest = z.strictObject({
  code: z
    .string({ error: CLAIM_MESSAGES.noCode })
    .trim()
    .toUpperCase()
    .regex(CLAIM_CODE_PATTERN, 'A claim code looks like PAYOLA-ABCD-EFGH-JKMN.'),
  linkUrl: z.string({ error: CLAIM_MESSAGES.chooseLink }).trim().min(1, CLAIM_MESSAGES.chooseLink).max(1000),
});
export type TSubmitClaimRequest = z.infer<typeof ZSubmitClaimRequest>;

/** GET /api/artists/:id/claim: whether the entry is claimed, and where the asking member's own claim stands. */
export const ZEntryClaimStatus = z.object({
  claimed: z.boolean(),
  claimedByYou: z.boolean(),
  /** The member's open or last decided claim (null when none). The code itself is never shown again. */
  yours: z
    .object({
      claimId: z.string(),
      status: z.enum(['code-issued', 'pending', 'approved', 'refused']),
      expiresAt: z.string(),
      link: ZClaimLink.nullable(),
      /** The operator's reason, for a refusal. */
      reason: z.string().nullable(),
    })
    .nullable(),
  /** Whether this member's role may claim this kind of entry. */
  canClaim: z.boolean(),
});
export type TEntryClaimStatus = z.infer<typeof ZEntryClaimStatus>;

/** PATCH /api/artists/:id: the claimant edits the details the add form has (links stay as they are). */
export const ZEditArtistRequest = z.strictObject({
  artist: z.strictObject({
    name: ZArtistInput.shape.name,
    artistType: ZArtistInput.shape.artistType,
    genre: ZArtistInput.shape.genre,
    secondaryGenre: ZArtistInput.shape.secondaryGenre,
    recordLabel: ZArtistInput.shape.recordLabel,
    bio: ZArtistInput.shape.bio,
  }),
});
export type TEditArtistRequest = z.input<typeof ZEditArtistRequest>;

/** GET /api/artists/:id/history?cursor=&limit=: newest first, a page at a time. */
export const HISTORY_PAGE_SIZE = 20;
export const ZEntryHistoryQuery = z.strictObject({
  cursor: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,12})*$/, 'This page link is not valid any more: open the history again.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
});
export type TEntryHistoryQuery = z.input<typeof ZEntryHistoryQuery>;

export const HISTORY_ACTIONS = [
  'added',
  'verified',
  'links-added',
  'details-edited',
  'claimed',
  'hidden',
  'restored',
] as const;
export const ZEntryHistoryItem = z.object({
  id: z.string(),
  action: z.enum(HISTORY_ACTIONS),
  at: z.string(),
  /** Who, as members know each other: a founding fan number; `claimant` and `operator` have none shown. */
  by: z.object({ role: z.enum(['fan', 'claimant', 'member', 'operator']), fanNumber: z.number().int().nullable() }),
  /** Field by field, for an edit; the links added, for links. */
  changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
});
export type TEntryHistoryItem = z.infer<typeof ZEntryHistoryItem>;
export const ZEntryHistoryPage = z.object({ items: z.array(ZEntryHistoryItem), nextCursor: z.string().nullable() });
export type TEntryHistoryPage = z.infer<typeof ZEntryHistoryPage>;

/** GET /api/ops/claims?status=&cursor=: the console's claims, oldest first (pending: the queue). */
export const ZOpsClaimsQuery = z.strictObject({
  status: z.enum(['pending', 'approved', 'refused']).default('pending'),
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'This page link is not valid any more: open the claims again.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TOpsClaimsQuery = z.input<typeof ZOpsClaimsQuery>;

export const ZOpsClaim = z.object({
  claimId: z.string(),
  kind: ZClaimKind,
  entryId: z.string(),
  entryName: z.string().nullable(),
  code: z.string(),
  link: ZClaimLink.nullable(),
  member: z.object({
    id: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    role: z.string().nullable(),
  }),
  status: z.enum(['pending', 'approved', 'refused']),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TOpsClaim = z.infer<typeof ZOpsClaim>;
export const ZOpsClaimsPage = z.object({ claims: z.array(ZOpsClaim), nextCursor: z.string().nullable() });
export type TOpsClaimsPage = z.infer<typeof ZOpsClaimsPage>;

/** POST /api/ops/claims/:claimId/approve and /refuse. */
export const ZOpsClaimDecision = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, 'Give a reason: it is recorded with your name.')
    .max(500, 'A reason is at most 500 characters.'),
});
export type TOpsClaimDecision = z.infer<typeof ZOpsClaimDecision>;

/** The answer of PATCH /api/artists/:id. */
export const ZEditArtistResponse = z.object({ id: z.string(), name: z.string() });
export type TEditArtistResponse = z.infer<typeof ZEditArtistResponse>;
