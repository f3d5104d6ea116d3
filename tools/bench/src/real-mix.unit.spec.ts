import { createDomainEventRegistry, type DomainEvent } from '@app/contracts';
import { RealMix, spreadClock, type MixEvent } from './real-mix.js';

const END = new Date('2026-11-25T12:00:00Z');

function generate(seed: number, target: number): MixEvent[] {
  const mix = new RealMix(seed, spreadClock(target, 120, END));
  const events: MixEvent[] = [];
  while (mix.events < target) events.push(...mix.next());
  return events;
}

/** The events of one type, with their data typed. */
function ofType<T extends DomainEvent['type']>(events: readonly MixEvent[], type: T) {
  return events
    .filter((e) => e.event.type === type)
    .map((e) => e.event.data as Extract<DomainEvent, { type: T }>['data']);
}

describe('the realistic event mix', () => {
  const events = generate(23, 30_000);

  it('is the same log for the same seed, and another for another seed', () => {
    const again = generate(23, 30_000);
    expect(JSON.stringify(again)).toBe(JSON.stringify(events));
    expect(JSON.stringify(generate(24, 2000))).not.toBe(JSON.stringify(events.slice(0, 2000)));
  });

  it('holds only events the registry accepts, as EventStore.append would check them', () => {
    const registry = createDomainEventRegistry();
    for (const { event } of events) expect(() => registry.validate(event.type, event.data)).not.toThrow();
  });

  it('gives every stream its versions in order, from 0, with no gap', () => {
    const versions = new Map<string, number>();
    for (const { streamId, expectedVersion } of events) {
      expect(expectedVersion).toBe(versions.get(streamId) ?? 0);
      versions.set(streamId, expectedVersion + 1);
    }
  });

  it('mixes every kind of write the brief names, the catalogue work and Payola the most', () => {
    const count = (type: string) => events.filter((e) => e.event.type === type).length;
    for (const type of [
      'AccountCreated',
      'PaymentCompleted',
      'KycApproved',
      'ArtistAdded',
      'ArtistVerified',
      'VenueAdded',
      'VoteCast',
      'VoteWithdrawn',
      'ArtistFavorited',
      'ArtistUnfavorited',
      'FanMessagePosted',
      'ProfileImageSet',
      'WaitlistJoined',
      'MembershipRenewed',
      'OfferCreated',
      'PayolaSpent',
      'OfferRedeemed',
      'OfferCodeUsed',
      'OfferWithdrawn',
      'PayolaRefunded',
    ]) {
      expect(count(type)).toBeGreaterThan(0);
    }
    expect(ofType(events, 'PayolaAwarded').some((a) => a.rule === 'monthly-membership')).toBe(true);
    expect(count('VoteCast')).toBeGreaterThan(count('AccountCreated'));
  });

  it('numbers founding fans in payment order, and only fans', () => {
    const roles = new Map(ofType(events, 'AccountCreated').map((a) => [a.userId, a.role]));
    const numbers = ofType(events, 'PaymentCompleted').map((p) => [roles.get(p.userId), p.foundingFanNumber] as const);
    const fans = numbers.filter(([role]) => role === 'fan').map(([, n]) => n);
    expect(fans).toEqual(fans.map((_, i) => i + 1));
    expect(numbers.filter(([role]) => role !== 'fan').every(([, n]) => n === null)).toBe(true);
  });

  it('lets only verified fans (paid, identity approved) add, verify, vote and post', () => {
    const verified = new Set<string>();
    const paid = new Set<string>();
    for (const { event } of events) {
      if (event.type === 'PaymentCompleted') paid.add(event.data.userId);
      if (event.type === 'KycApproved' && paid.has(event.data.userId)) verified.add(event.data.userId);
      if (event.type === 'ArtistAdded' || event.type === 'VenueAdded') expect(verified).toContain(event.data.addedBy);
      if (event.type === 'ArtistVerified' || event.type === 'VoteCast' || event.type === 'FanMessagePosted') {
        expect(verified).toContain(event.data.userId);
      }
    }
  });

  it('votes and favourites only entries added before, and takes back only what is on', () => {
    const entries = new Set<string>();
    const on = new Set<string>();
    for (const { event, streamId } of events) {
      if (event.type === 'ArtistAdded') entries.add(event.data.artistId);
      if (event.type === 'VenueAdded') entries.add(event.data.venueId);
      const set = ['VoteCast', 'ArtistFavorited', 'VenueVoteCast', 'VenueFavorited'].includes(event.type);
      const unset = ['VoteWithdrawn', 'ArtistUnfavorited', 'VenueVoteWithdrawn', 'VenueUnfavorited'].includes(
        event.type,
      );
      if (!set && !unset) continue;
      const data = event.data as { artistId?: string; venueId?: string; userId: string };
      expect(entries).toContain(data.artistId ?? data.venueId);
      expect(streamId.endsWith(`${data.artistId ?? data.venueId}-${data.userId}`)).toBe(true);
      expect(on.has(streamId)).toBe(unset);
      if (set) on.add(streamId);
      else on.delete(streamId);
    }
  });

  it("numbers an artist's fans as the write side does: the adder #1, each new verifier the next", () => {
    const fans = new Map<string, Set<string>>();
    for (const { event } of events) {
      if (event.type === 'ArtistAdded') fans.set(event.data.artistId, new Set([event.data.addedBy]));
      if (event.type === 'ArtistVerified') {
        const onArtist = fans.get(event.data.artistId)!;
        expect(onArtist.has(event.data.userId)).toBe(false);
        onArtist.add(event.data.userId);
        expect(event.data.fanNumber).toBe(onArtist.size);
      }
    }
  });

  it('pays each (user, source) once, with the policy: +1 a first vote, +1,000 a fan identity check', () => {
    const awards = ofType(events, 'PayolaAwarded');
    const keys = awards.map((a) => `${a.userId} ${a.source}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(awards.filter((a) => a.rule === 'upvote').every((a) => a.amount === 1)).toBe(true);
    expect(awards.filter((a) => a.rule === 'upvote-withdrawn').every((a) => a.amount === -1)).toBe(true);
    const roles = new Map(ofType(events, 'AccountCreated').map((a) => [a.userId, a.role]));
    const identity = awards.filter((a) => a.rule === 'identity-verified');
    expect(identity.length).toBeGreaterThan(0);
    expect(identity.every((a) => a.amount === 1000 && roles.get(a.userId) === 'fan')).toBe(true);
    // The tiers of 'artist-added': a fan's first artist pays 1,000, the second 500.
    const firstAdds = new Map<string, number>();
    for (const a of awards.filter((x) => x.rule === 'artist-added')) {
      const n = (firstAdds.get(a.userId) ?? 0) + 1;
      firstAdds.set(a.userId, n);
      expect(a.amount).toBe([1000, 500, 250][n - 1] ?? 50);
    }
  });

  it('posts a fan message with the Payola it earned: 25 the first time for the artist, then 0', () => {
    const seen = new Set<string>();
    for (const message of ofType(events, 'FanMessagePosted')) {
      const key = `${message.userId} ${message.artistId}`;
      expect(message.payolaEarned).toBe(seen.has(key) ? 0 : 25);
      seen.add(key);
    }
  });

  it('spends only what a fan has: no balance below zero, each redemption refunded at most once', () => {
    const balances = new Map<string, number>();
    const refunded = new Set<string>();
    for (const { event } of events) {
      if (event.type === 'PayolaAwarded' || event.type === 'PayolaRefunded') {
        balances.set(event.data.userId, (balances.get(event.data.userId) ?? 0) + event.data.amount);
      }
      if (event.type === 'PayolaSpent') {
        balances.set(event.data.userId, (balances.get(event.data.userId) ?? 0) - event.data.amount);
      }
      if (event.type === 'PayolaRefunded') {
        expect(refunded.has(event.data.redemptionId)).toBe(false);
        refunded.add(event.data.redemptionId);
      }
      if (event.type.startsWith('Payola') && (balances.get(event.data.userId) ?? 0) < 0) {
        throw new Error(`${event.data.userId} overdrawn by ${event.type}`);
      }
    }
    expect(ofType(events, 'PayolaSpent').length).toBeGreaterThan(0);
  });
});
