import { RefusedError, type CanonicalLink } from '@app/domain';
import { CLAIM_MESSAGES, type EventOfType, type TClaimKind } from '@app/contracts';

export const CLAIM_EVENT_TYPES = [
  'ArtistAdded',
  'ArtistLinksAdded',
  'VenueAdded',
  'VenueUpdated',
  'EntryClaimCodeIssued',
  'EntryClaimSubmitted',
  'EntryClaimApproved',
  'EntryClaimRefused',
  // Not needed by the fold; read so that a claimant's edit is an event of this fold's type.
  'ArtistDetailsEdited',
] as const;
export type ClaimFoldEvent = EventOfType<(typeof CLAIM_EVENT_TYPES)[number]>;
export type ClaimEvent = EventOfType<
  'EntryClaimCodeIssued' | 'EntryClaimSubmitted' | 'EntryClaimApproved' | 'EntryClaimRefused'
>;

/** A member's claim that is still open (a code not used yet, or submitted and waiting), or decided. */
export interface Claim {
  claimId: string;
  userId: string;
  code: string;
  expiresAt: string;
  status: 'code-issued' | 'pending' | 'approved' | 'refused';
  link: { platform: CanonicalLink['platform']; url: string } | null;
}

/** What claim decisions need of an entry, folded from its own stream (`artist-<id>`, `venue-<id>`). */
export interface ClaimState {
  exists: boolean;
  links: readonly { platform: CanonicalLink['platform']; url: string }[];
  /** The member whose claim was approved: the only one who may edit the entry. */
  claimant: string | null;
  /** Every claim by id, in the order they were started. */
  claims: ReadonlyMap<string, Claim>;
  /** Each member's latest claim id. */
  latest: ReadonlyMap<string, string>;
}

export const INITIAL_CLAIM_STATE: ClaimState = {
  exists: false,
  links: [],
  claimant: null,
  claims: new Map(),
  latest: new Map(),
};

function withClaim(state: ClaimState, claimId: string, change: Partial<Claim>): ClaimState {
  const claim = state.claims.get(claimId);
  if (!claim) return state;
  return { ...state, claims: new Map(state.claims).set(claimId, { ...claim, ...change }) };
}

export function evolveClaims(state: ClaimState, event: ClaimFoldEvent): ClaimState {
  switch (event.type) {
    case 'ArtistAdded':
    case 'VenueAdded':
    case 'VenueUpdated':
      return { ...state, exists: true, links: event.data.links.map(({ platform, url }) => ({ platform, url })) };
    case 'ArtistLinksAdded':
      return { ...state, links: [...state.links, ...event.data.links.map(({ platform, url }) => ({ platform, url }))] };
    case 'EntryClaimCodeIssued': {
      const { claimId, userId, code, expiresAt } = event.data;
      const claim: Claim = { claimId, userId, code, expiresAt, status: 'code-issued', link: null };
      return {
        ...state,
        claims: new Map(state.claims).set(claimId, claim),
        latest: new Map(state.latest).set(userId, claimId),
      };
    }
    case 'EntryClaimSubmitted':
      return withClaim(state, event.data.claimId, { status: 'pending', link: event.data.link });
    case 'EntryClaimApproved':
      return { ...withClaim(state, event.data.claimId, { status: 'approved' }), claimant: event.data.userId };
    case 'EntryClaimRefused':
      return withClaim(state, event.data.claimId, { status: 'refused' });
    case 'ArtistDetailsEdited':
      return state;
  }
}

export const claimFold = {
  eventTypes: CLAIM_EVENT_TYPES,
  initialState: () => INITIAL_CLAIM_STATE,
  evolve: evolveClaims,
};

/** The member's latest claim of the entry, if any. */
export function latestClaim(state: ClaimState, userId: string): Claim | null {
  const claimId = state.latest.get(userId);
  return (claimId && state.claims.get(claimId)) || null;
}

const refused = (kind: 'invalid' | 'conflict' | 'not-found' | 'forbidden', message: string) =>
  new RefusedError(kind, message);

/**
 * A member asks for a code. One open claim per member and entry: a code not used yet is replaced only
 * when they ask for a new one (`renew`), a submitted claim waits for its decision.
 */
export function decideStartClaim(
  state: ClaimState,
  command: {
    kind: TClaimKind;
    entryId: string;
    userId: string;
    claimId: string;
    code: string;
    now: Date;
    days: number;
  },
  notFound: () => Error,
  renew = false,
): ClaimEvent[] {
  if (!state.exists) throw notFound();
  if (state.claimant === command.userId) throw refused('conflict', CLAIM_MESSAGES.youClaimed);
  if (state.claimant !== null) throw refused('conflict', CLAIM_MESSAGES.alreadyClaimed);
  const open = latestClaim(state, command.userId);
  if (open?.status === 'pending') throw refused('conflict', CLAIM_MESSAGES.awaitingDecision);
  if (open?.status === 'code-issued' && new Date(open.expiresAt) > command.now && !renew) {
    throw refused('conflict', CLAIM_MESSAGES.codeOpen);
  }
  const expiresAt = new Date(command.now.getTime() + command.days * 24 * 3600 * 1000).toISOString();
  const { kind, entryId, claimId, userId, code } = command;
  return [{ type: 'EntryClaimCodeIssued', data: { kind, entryId, claimId, userId, code, expiresAt } }];
}

/** The member names the link that shows their current code: single use (the claim leaves 'code-issued'). */
export function decideSubmitClaim(
  state: ClaimState,
  command: { kind: TClaimKind; entryId: string; userId: string; code: string; linkUrl: string; now: Date },
  notFound: () => Error,
): ClaimEvent[] {
  if (!state.exists) throw notFound();
  if (state.claimant === command.userId) throw refused('conflict', CLAIM_MESSAGES.youClaimed);
  if (state.claimant !== null) throw refused('conflict', CLAIM_MESSAGES.alreadyClaimed);
  const open = latestClaim(state, command.userId);
  if (open?.status === 'pending') throw refused('conflict', CLAIM_MESSAGES.awaitingDecision);
  if (open?.status !== 'code-issued') throw refused('conflict', CLAIM_MESSAGES.noCode);
  if (open.code !== command.code) throw refused('invalid', CLAIM_MESSAGES.codeMismatch);
  if (new Date(open.expiresAt) <= command.now) throw refused('invalid', CLAIM_MESSAGES.codeExpired);
  const link = state.links.find((candidate) => candidate.url === command.linkUrl);
  if (!link) throw refused('invalid', CLAIM_MESSAGES.linkNotOnEntry);
  const { kind, entryId, userId } = command;
  return [{ type: 'EntryClaimSubmitted', data: { kind, entryId, claimId: open.claimId, userId, link } }];
}

/** An operator decides a pending claim; an entry has at most one approved claimant. */
export function decideClaim(
  state: ClaimState,
  command: { kind: TClaimKind; entryId: string; claimId: string; operatorId: string; reason: string; approve: boolean },
): ClaimEvent[] {
  const claim = state.claims.get(command.claimId);
  if (!claim) throw refused('not-found', CLAIM_MESSAGES.claimNotFound);
  if (claim.status !== 'pending') throw refused('conflict', CLAIM_MESSAGES.notPending);
  const { kind, entryId, claimId, operatorId, reason } = command;
  const data = { kind, entryId, claimId, userId: claim.userId, operatorId, reason };
  if (!command.approve) return [{ type: 'EntryClaimRefused', data }];
  if (state.claimant !== null) throw refused('conflict', CLAIM_MESSAGES.alreadyClaimed);
  return [{ type: 'EntryClaimApproved', data }];
}

/** Only the claimant edits a claimed entry. */
export function assertClaimant(state: ClaimState, userId: string, notFound: () => Error): void {
  if (!state.exists) throw notFound();
  if (state.claimant !== userId) throw refused('forbidden', CLAIM_MESSAGES.claimantOnly);
}
