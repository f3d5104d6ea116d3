import { decideJoinWaitlist, waitlistFold, waitlistStreamId } from './waitlist.js';
import { reachedMilestones, DEFAULT_MILESTONES } from './milestones.js';

const entry = {
  entryId: 'e1',
  firstName: 'Kim',
  lastName: 'Gordon',
  email: 'Kim@Example.com',
  country: 'USA',
  state: null,
  city: 'New York',
  musicGenres: ['Rock'],
  customGenres: [],
  preferredContactMethods: ['Email' as const],
  mobilePhone: null,
  whatsappNumber: null,
};

describe('waitlist', () => {
  it('names one stream per address, whatever its case or spaces', () => {
    expect(waitlistStreamId(' kim@example.COM ')).toBe(waitlistStreamId('Kim@Example.com'));
    expect(waitlistStreamId('kim@example.com')).not.toContain('kim');
  });

  it('given no sign-up, when the address joins, then it is on the list', () => {
    expect(decideJoinWaitlist(waitlistFold.initialState(), entry)).toEqual([{ type: 'WaitlistJoined', data: entry }]);
  });

  it('given the address already joined, when it joins again, then nothing is recorded', () => {
    const state = waitlistFold.evolve(waitlistFold.initialState(), { type: 'WaitlistJoined', data: entry });
    expect(decideJoinWaitlist(state, { ...entry, entryId: 'e2' })).toEqual([]);
  });
});

describe('milestones', () => {
  it('is reached only when fans and artists both reach the threshold', () => {
    expect(reachedMilestones({ verifiedFans: 10_000, verifiedArtists: 9_999 }, DEFAULT_MILESTONES)).toEqual([]);
    expect(reachedMilestones({ verifiedFans: 10_000, verifiedArtists: 10_000 }, DEFAULT_MILESTONES)).toEqual([
      { id: 'listener-membership', verifiedFans: 10_000, verifiedArtists: 10_000 },
    ]);
    expect(reachedMilestones({ verifiedFans: 100_000, verifiedArtists: 250_000 }, DEFAULT_MILESTONES)).toHaveLength(2);
  });

  it('holds each count to its own threshold when they differ (a demo configured with 2 fans and 1 artist)', () => {
    const demo = [{ id: 'listener-membership' as const, verifiedFans: 2, verifiedArtists: 1 }];
    expect(reachedMilestones({ verifiedFans: 1, verifiedArtists: 5 }, demo)).toEqual([]);
    expect(reachedMilestones({ verifiedFans: 2, verifiedArtists: 0 }, demo)).toEqual([]);
    expect(reachedMilestones({ verifiedFans: 2, verifiedArtists: 1 }, demo)).toEqual(demo);
  });
});
