import { DomainError } from '@app/domain';
import type { EventOfType } from '@app/contracts';
import { toggledState } from './catalog-id.js';

type MarkEventType =
  | 'VoteCast'
  | 'VoteWithdrawn'
  | 'ArtistFavorited'
  | 'ArtistUnfavorited'
  | 'VenueVoteCast'
  | 'VenueVoteWithdrawn'
  | 'VenueFavorited'
  | 'VenueUnfavorited';

export type MarkEvent = EventOfType<MarkEventType>;

/**
 * A fan's vote for, or favourite of, one entry: on or off, on its own (entry, fan) stream, so fans never
 * contend with each other. Each kind of entry names the two events (their types are in the log for good).
 */
export interface Mark {
  readonly on: MarkEventType;
  readonly off: MarkEventType;
  /** The event's field naming the entry (`artistId`, `venueId`). */
  readonly idField: 'artistId' | 'venueId';
}

export interface MarkState {
  on: boolean;
}

export function markFold(mark: Mark) {
  return {
    eventTypes: [mark.on, mark.off],
    initialState: (): MarkState => ({ on: false }),
    evolve: (_state: MarkState, event: MarkEvent): MarkState => ({ on: event.type === mark.on }),
  };
}

/**
 * A toggle, or the state the fan asks for: asking for the state it already has changes nothing, so
 * 50 identical requests give one vote.
 */
export function decideMark(
  mark: Mark,
  state: MarkState,
  command: { entryId: string; userId: string; wanted?: boolean },
): MarkEvent[] {
  const next = toggledState(state.on, command.wanted);
  if (next === null) return [];
  const data = { [mark.idField]: command.entryId, userId: command.userId };
  return [{ type: next ? mark.on : mark.off, data } as MarkEvent];
}

/** An entry's stream already holds one (an id used twice): `This artist was already added.` */
export class EntryExistsError extends DomainError {
  readonly kind = 'conflict';
  constructor(noun: 'artist' | 'venue') {
    super(`This ${noun} was already added.`);
  }
}
