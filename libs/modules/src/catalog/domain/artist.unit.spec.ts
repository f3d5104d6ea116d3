import type { CanonicalLink } from '@app/domain';
import {
  artistFold,
  ArtistNotFoundError,
  decideAddArtist,
  ARTIST_FAVORITE,
  ARTIST_VOTE,
  decideVerifyArtist,
  type AddArtistData,
  type ArtistEvent,
} from './artist.js';
import { decideMark, EntryExistsError } from './entry-marks.js';

const spotify: CanonicalLink = {
  platform: 'spotify',
  key: '7dGJo4pcD2V6oG8kP0tJRR',
  url: 'https://open.spotify.com/artist/7dGJo4pcD2V6oG8kP0tJRR',
};
const bandcamp: CanonicalLink = { platform: 'bandcamp', key: 'bjork', url: 'https://bjork.bandcamp.com' };
const instagram: CanonicalLink = { platform: 'instagram', key: 'bjork', url: 'https://www.instagram.com/bjork' };

const added: AddArtistData = {
  name: 'Björk',
  artistType: 'Solo Artist',
  genre: 'Electronic',
  secondaryGenre: 'Pop',
  recordLabel: null,
  bio: null,
  links: [spotify, bandcamp],
  addedBy: 'adder',
  addedByFoundingFanNumber: 7,
  attestation: 'I am a genuine music fan',
};

const given = (events: ArtistEvent[]) => events.reduce(artistFold.evolve, artistFold.initialState());
const addedEvent: ArtistEvent = { type: 'ArtistAdded', data: { artistId: 'a1', ...added } };

describe('artist decisions', () => {
  it('adds a new artist; the adder is its fan #1', () => {
    const events = decideAddArtist(given([]), 'a1', added);
    expect(events).toEqual([addedEvent]);
    expect(given(events).fans.get('adder')).toBe(1);
  });

  it('refuses to add the same artist stream twice', () => {
    expect(() => decideAddArtist(given([addedEvent]), 'a1', added)).toThrow(EntryExistsError);
  });

  it('makes a verifying fan the next fan and adds only the links the artist lacks', () => {
    const decision = decideVerifyArtist(given([addedEvent]), {
      artistId: 'a1',
      userId: 'second',
      links: [spotify, instagram],
    });
    expect(decision).toEqual({
      events: [
        { type: 'ArtistVerified', data: { artistId: 'a1', userId: 'second', fanNumber: 2 } },
        { type: 'ArtistLinksAdded', data: { artistId: 'a1', userId: 'second', links: [instagram] } },
      ],
      fanNumber: 2,
      alreadyVerified: false,
      newLinks: [instagram],
    });
  });

  it('numbers verifiers in order and never twice', () => {
    const state = given([
      addedEvent,
      { type: 'ArtistVerified', data: { artistId: 'a1', userId: 'second', fanNumber: 2 } },
    ]);
    expect(decideVerifyArtist(state, { artistId: 'a1', userId: 'third', links: [] }).fanNumber).toBe(3);
    const again = decideVerifyArtist(state, { artistId: 'a1', userId: 'second', links: [spotify] });
    expect(again).toEqual({ events: [], fanNumber: 2, alreadyVerified: true, newLinks: [] });
  });

  it('lets the adder add links later without becoming a verifier', () => {
    const decision = decideVerifyArtist(given([addedEvent]), { artistId: 'a1', userId: 'adder', links: [instagram] });
    expect(decision.alreadyVerified).toBe(true);
    expect(decision.fanNumber).toBe(1);
    expect(decision.events.map((e) => e.type)).toEqual(['ArtistLinksAdded']);
  });

  it('cannot verify an artist that does not exist', () => {
    expect(() => decideVerifyArtist(given([]), { artistId: 'nope', userId: 'u', links: [] })).toThrow(
      ArtistNotFoundError,
    );
  });
});

describe('votes and favourites', () => {
  const ids = { artistId: 'a1', userId: 'u1' };
  const command = { entryId: 'a1', userId: 'u1' };
  const decideVote = (on: boolean, wanted?: boolean) => decideMark(ARTIST_VOTE, { on }, { ...command, wanted });

  it('casts a vote, and asking for it again changes nothing', () => {
    expect(decideVote(false, true)).toEqual([{ type: 'VoteCast', data: ids }]);
    expect(decideVote(true, true)).toEqual([]);
  });

  it('withdraws a vote, and toggles when no state is asked for', () => {
    expect(decideVote(true, false)).toEqual([{ type: 'VoteWithdrawn', data: ids }]);
    expect(decideVote(false, false)).toEqual([]);
    expect(decideVote(true)).toEqual([{ type: 'VoteWithdrawn', data: ids }]);
    expect(decideVote(false)).toEqual([{ type: 'VoteCast', data: ids }]);
  });

  it('favourites the same way', () => {
    const decideFavorite = (on: boolean, wanted?: boolean) =>
      decideMark(ARTIST_FAVORITE, { on }, { ...command, wanted });
    expect(decideFavorite(false, true)).toEqual([{ type: 'ArtistFavorited', data: ids }]);
    expect(decideFavorite(true, true)).toEqual([]);
    expect(decideFavorite(true)).toEqual([{ type: 'ArtistUnfavorited', data: ids }]);
  });
});
