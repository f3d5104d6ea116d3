import {
  decideAddVenue,
  decideConfirmDuplicate,
  decideUpdateVenue,
  OwnVenueError,
  VENUE_FAVORITE,
  VENUE_VOTE,
  VenueAdderOnlyError,
  venueFold,
  VenueNotFoundError,
  venuePlaceKey,
  type VenueDetails,
  type VenueEvent,
} from './venue.js';
import { decideMark, EntryExistsError } from './entry-marks.js';

const details: VenueDetails = {
  name: 'The Bowery Ballroom',
  venueType: 'Live Music Club',
  streetAddress: '6 Delancey St',
  city: 'New York',
  state: 'NY',
  country: 'USA',
  capacity: 575,
  ageRestriction: '21+',
  soundSystem: null,
  bio: null,
  phoneNumber: null,
  email: null,
  bookingContact: null,
  accessibility: null,
  parking: null,
  links: [{ platform: 'website', key: 'boweryballroom.com', url: 'https://boweryballroom.com' }],
};

const given = (events: VenueEvent[]) => events.reduce(venueFold.evolve, venueFold.initialState());
const added: VenueEvent = {
  type: 'VenueAdded',
  data: { venueId: 'v1', ...details, addedBy: 'adder', addedByFoundingFanNumber: 3 },
};

describe('venue decisions', () => {
  it('adds a venue on an empty stream, and never twice', () => {
    expect(decideAddVenue(given([]), 'v1', { ...details, addedBy: 'adder', addedByFoundingFanNumber: 3 })).toEqual([
      added,
    ]);
    expect(() =>
      decideAddVenue(given([added]), 'v1', { ...details, addedBy: 'x', addedByFoundingFanNumber: null }),
    ).toThrow(EntryExistsError);
  });

  it('knows a venue by its folded name in its city and state', () => {
    expect(venuePlaceKey({ name: 'The Bowery Ballroom', city: 'New York', state: 'NY' })).toBe(
      venuePlaceKey({ name: 'BOWERY BALLROOM!', city: ' new york', state: 'NY' }),
    );
    expect(venuePlaceKey(details)).not.toBe(venuePlaceKey({ ...details, state: 'NJ' }));
    expect(given([added]).placeKey).toBe(venuePlaceKey(details));
  });

  it('lets only the adder update, and moves the place key with the new name', () => {
    const update = { venueId: 'v1', userId: 'adder', details: { ...details, name: 'Bowery Hall' } };
    const [event] = decideUpdateVenue(given([added]), update);
    expect(event).toEqual({ type: 'VenueUpdated', data: { venueId: 'v1', userId: 'adder', ...update.details } });
    expect(given([added, event!]).placeKey).toBe(venuePlaceKey({ ...details, name: 'Bowery Hall' }));
    expect(() => decideUpdateVenue(given([added]), { ...update, userId: 'someone' })).toThrow(VenueAdderOnlyError);
    expect(() => decideUpdateVenue(given([]), update)).toThrow(VenueNotFoundError);
  });

  it('records a duplicate confirmation once per fan; the adder loads instead', () => {
    const first = decideConfirmDuplicate(given([added]), { venueId: 'v1', userId: 'fan' });
    expect(first).toEqual({
      events: [{ type: 'VenueDuplicateConfirmed', data: { venueId: 'v1', userId: 'fan' } }],
      alreadyConfirmed: false,
    });
    const again = decideConfirmDuplicate(given([added, ...first.events]), { venueId: 'v1', userId: 'fan' });
    expect(again).toEqual({ events: [], alreadyConfirmed: true });
    expect(() => decideConfirmDuplicate(given([added]), { venueId: 'v1', userId: 'adder' })).toThrow(OwnVenueError);
    expect(() => decideConfirmDuplicate(given([]), { venueId: 'v1', userId: 'fan' })).toThrow(VenueNotFoundError);
  });

  it('votes and favourites go to the state asked for, or toggle without one', () => {
    const ids = { venueId: 'v1', userId: 'fan' };
    const command = { entryId: 'v1', userId: 'fan' };
    const vote = (on: boolean, wanted?: boolean) => decideMark(VENUE_VOTE, { on }, { ...command, wanted });
    const favorite = (on: boolean, wanted?: boolean) => decideMark(VENUE_FAVORITE, { on }, { ...command, wanted });
    expect(vote(false, true)).toEqual([{ type: 'VenueVoteCast', data: ids }]);
    expect(vote(true, true)).toEqual([]);
    expect(vote(true)).toEqual([{ type: 'VenueVoteWithdrawn', data: ids }]);
    expect(favorite(false)).toEqual([{ type: 'VenueFavorited', data: ids }]);
    expect(favorite(true, false)).toEqual([{ type: 'VenueUnfavorited', data: ids }]);
    expect(favorite(false, false)).toEqual([]);
  });
});
