import { DomainError, foldName, RefusedError, type CanonicalLink } from '@app/domain';
import { CLAIM_MESSAGES, VENUE_MESSAGES, type EventOfType, type EventPayload } from '@app/contracts';
import { EntryExistsError, type Mark } from './entry-marks.js';

export const VENUE_EVENT_TYPES = ['VenueAdded', 'VenueUpdated', 'VenueDuplicateConfirmed'] as const;
export type VenueEvent = EventOfType<(typeof VENUE_EVENT_TYPES)[number]>;

/** What the catalogue's venue decisions need, folded from `venue-<id>`. */
export interface VenueState {
  /** Null until the venue is added. */
  name: string | null;
  addedBy: string | null;
  links: readonly CanonicalLink[];
  /** The name-and-place key the venue holds (see venuePlaceKey). */
  placeKey: string | null;
  /** Fans who confirmed it as the venue they were about to add. */
  confirmedBy: ReadonlySet<string>;
}

export const INITIAL_VENUE_STATE: VenueState = {
  name: null,
  addedBy: null,
  links: [],
  placeKey: null,
  confirmedBy: new Set(),
};

/**
 * Two venues are the same place when their folded names match in the same city and state ("The Bowery
 * Ballroom", "bowery ballroom", New York NY): the key the write side keeps unique.
 */
export function venuePlaceKey(venue: { name: string; city: string; state: string }): string {
  return `${foldName(venue.name)}|${foldName(venue.city)}|${venue.state}`;
}

export function evolveVenue(state: VenueState, event: VenueEvent): VenueState {
  switch (event.type) {
    case 'VenueAdded':
      return {
        ...state,
        name: event.data.name,
        addedBy: event.data.addedBy,
        links: event.data.links,
        placeKey: venuePlaceKey(event.data),
      };
    case 'VenueUpdated':
      return { ...state, name: event.data.name, links: event.data.links, placeKey: venuePlaceKey(event.data) };
    case 'VenueDuplicateConfirmed':
      return { ...state, confirmedBy: new Set(state.confirmedBy).add(event.data.userId) };
  }
}

export const venueFold = {
  eventTypes: VENUE_EVENT_TYPES,
  initialState: () => INITIAL_VENUE_STATE,
  evolve: evolveVenue,
};

export class VenueNotFoundError extends DomainError {
  readonly kind = 'not-found';
  constructor() {
    super(VENUE_MESSAGES.notFound);
  }
}

/** The same name in the same city and state, or a website or social link already on file. */
export class VenueAlreadyListedError extends DomainError {
  readonly kind = 'conflict';
  constructor(
    readonly reason: 'place' | 'link',
    readonly venueName: string,
  ) {
    super(
      reason === 'place'
        ? `${venueName} is already listed in this city. Use "Is this it?" to confirm it instead.`
        : `This link already belongs to ${venueName}. Use "Is this it?" to confirm ${venueName} instead.`,
    );
  }
}

export class VenueAdderOnlyError extends DomainError {
  readonly kind = 'forbidden';
  constructor() {
    super(VENUE_MESSAGES.adderOnly);
  }
}

export class OwnVenueError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super(VENUE_MESSAGES.ownVenue);
  }
}

export type VenueDetails = Omit<EventPayload<'VenueUpdated'>, 'venueId' | 'userId'>;

/** A new venue on an empty stream. */
export function decideAddVenue(
  state: VenueState,
  venueId: string,
  data: VenueDetails & { addedBy: string; addedByFoundingFanNumber: number | null },
): VenueEvent[] {
  if (state.name !== null) throw new EntryExistsError('venue');
  return [{ type: 'VenueAdded', data: { venueId, ...data } }];
}

/**
 * 'Load this venue' and save: only its adder may change it, until a claim is approved; from then on only
 * the claimant (`claimant`, folded from the same stream by entry-claims.ts) may.
 */
export function decideUpdateVenue(
  state: VenueState,
  command: { venueId: string; userId: string; details: VenueDetails; claimant?: string | null },
): VenueEvent[] {
  if (state.name === null) throw new VenueNotFoundError();
  const editor = command.claimant ?? state.addedBy;
  if (editor !== command.userId) {
    throw command.claimant ? new RefusedError('forbidden', CLAIM_MESSAGES.claimantOnly) : new VenueAdderOnlyError();
  }
  const { venueId, userId, details } = command;
  return [{ type: 'VenueUpdated', data: { venueId, userId, ...details } }];
}

/**
 * "Is this it?" confirmed: recorded once per fan and venue (a second confirmation changes nothing).
 * The adder loads their venue instead of confirming it.
 */
export function decideConfirmDuplicate(
  state: VenueState,
  command: { venueId: string; userId: string },
): { events: VenueEvent[]; alreadyConfirmed: boolean } {
  if (state.name === null) throw new VenueNotFoundError();
  if (state.addedBy === command.userId) throw new OwnVenueError();
  if (state.confirmedBy.has(command.userId)) return { events: [], alreadyConfirmed: true };
  return { events: [{ type: 'VenueDuplicateConfirmed', data: command }], alreadyConfirmed: false };
}

/** Votes and favourites (entry-marks.ts). */
export const VENUE_VOTE: Mark = { on: 'VenueVoteCast', off: 'VenueVoteWithdrawn', idField: 'venueId' };
export const VENUE_FAVORITE: Mark = { on: 'VenueFavorited', off: 'VenueUnfavorited', idField: 'venueId' };
