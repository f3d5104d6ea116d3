import { LINK_PLATFORM_LABELS, DomainError, type CanonicalLink } from '@app/domain';
import type { EventOfType, EventPayload } from '@app/contracts';
import { EntryExistsError, type Mark } from './entry-marks.js';

export const ARTIST_EVENT_TYPES = ['ArtistAdded', 'ArtistLinksAdded', 'ArtistVerified'] as const;
export type ArtistEvent = EventOfType<(typeof ARTIST_EVENT_TYPES)[number]>;

/** What the catalogue's decisions need to know about one artist, folded from `artist-<id>`. */
export interface ArtistState {
  /** Null until the artist is added. */
  name: string | null;
  links: readonly CanonicalLink[];
  /** Each fan who added (#1) or verified the artist, with their position. */
  fans: ReadonlyMap<string, number>;
  /** The stream's version: the artist stream holds only these three event types. */
  version: number;
}

export const INITIAL_ARTIST_STATE: ArtistState = { name: null, links: [], fans: new Map(), version: 0 };

export function evolveArtist(state: ArtistState, event: ArtistEvent): ArtistState {
  const version = state.version + 1;
  switch (event.type) {
    case 'ArtistAdded':
      return { name: event.data.name, links: event.data.links, fans: new Map([[event.data.addedBy, 1]]), version };
    case 'ArtistLinksAdded':
      return { ...state, links: [...state.links, ...event.data.links], version };
    case 'ArtistVerified':
      return { ...state, fans: new Map(state.fans).set(event.data.userId, event.data.fanNumber), version };
  }
}

export const artistFold = {
  eventTypes: ARTIST_EVENT_TYPES,
  initialState: () => INITIAL_ARTIST_STATE,
  evolve: evolveArtist,
};

export class ArtistNotFoundError extends DomainError {
  readonly kind = 'not-found';
  constructor() {
    super("The artist you're looking for doesn't exist or has been removed.");
  }
}

/** A link already on file names the artist it belongs to: adding it to another would make a duplicate. */
export class LinkBelongsToAnotherArtistError extends DomainError {
  readonly kind = 'conflict';
  constructor(
    readonly platform: CanonicalLink['platform'],
    readonly artistName: string,
  ) {
    super(
      `This ${LINK_PLATFORM_LABELS[platform]} link already belongs to ${artistName}. ` +
        `Use "Is this them?" to verify ${artistName} instead.`,
    );
  }
}

export class VerifiedFansOnlyError extends DomainError {
  readonly kind = 'forbidden';
  constructor(message = 'Only verified fans can add or verify artists. Complete your identity verification first.') {
    super(message);
  }
}

export type AddArtistData = Omit<EventPayload<'ArtistAdded'>, 'artistId'>;

/** A new artist on an empty stream; the adder is its fan #1. */
export function decideAddArtist(state: ArtistState, artistId: string, data: AddArtistData): ArtistEvent[] {
  if (state.name !== null) throw new EntryExistsError('artist');
  return [{ type: 'ArtistAdded', data: { artistId, ...data } }];
}

/** The links of a submission the artist does not have yet (by canonical key). */
export function newLinksFor(state: ArtistState, links: readonly CanonicalLink[]): CanonicalLink[] {
  const known = new Set(state.links.map((link) => `${link.platform}:${link.key}`));
  return links.filter((link) => !known.has(`${link.platform}:${link.key}`));
}

export interface VerifyDecision {
  events: ArtistEvent[];
  /** The fan's position among the artist's fans (the adder is #1), new or as recorded before. */
  fanNumber: number;
  alreadyVerified: boolean;
  newLinks: CanonicalLink[];
}

/**
 * "Is this them?" confirmed: the fan becomes the artist's next fan (once), and the submitted links the
 * artist does not have yet are added. A fan who already verified (or added) it only adds links.
 */
export function decideVerifyArtist(
  state: ArtistState,
  command: { artistId: string; userId: string; links: readonly CanonicalLink[] },
): VerifyDecision {
  if (state.name === null) throw new ArtistNotFoundError();
  const known = state.fans.get(command.userId);
  const newLinks = newLinksFor(state, command.links);
  const events: ArtistEvent[] = [];
  const fanNumber = known ?? state.fans.size + 1;
  if (known === undefined) {
    events.push({ type: 'ArtistVerified', data: { artistId: command.artistId, userId: command.userId, fanNumber } });
  }
  if (newLinks.length > 0) {
    events.push({
      type: 'ArtistLinksAdded',
      data: { artistId: command.artistId, userId: command.userId, links: newLinks },
    });
  }
  return { events, fanNumber, alreadyVerified: known !== undefined, newLinks };
}

/** Votes and favourites (entry-marks.ts): the artists' event types, named before venues existed. */
export const ARTIST_VOTE: Mark = { on: 'VoteCast', off: 'VoteWithdrawn', idField: 'artistId' };
export const ARTIST_FAVORITE: Mark = { on: 'ArtistFavorited', off: 'ArtistUnfavorited', idField: 'artistId' };
