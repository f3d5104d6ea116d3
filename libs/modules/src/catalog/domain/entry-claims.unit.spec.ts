import { CLAIM_MESSAGES } from '@app/contracts';
import {
  assertClaimant,
  claimFold,
  decideClaim,
  decideStartClaim,
  decideSubmitClaim,
  type ClaimFoldEvent,
  type ClaimState,
} from './entry-claims.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const DAY = 24 * 3600 * 1000;
const notFound = () => new Error('not found');
const added: ClaimFoldEvent = {
  type: 'ArtistAdded',
  data: {
    artistId: 'a1',
    name: 'Björk',
    artistType: 'Solo Artist',
    genre: 'Electronic',
    secondaryGenre: null,
    recordLabel: null,
    bio: null,
    links: [
      { platform: 'website', key: 'bjork.com', url: 'https://bjork.com' },
      { platform: 'bandcamp', key: 'bjork', url: 'https://bjork.bandcamp.com' },
    ],
    addedBy: 'fan',
    addedByFoundingFanNumber: 7,
    attestation: 'x',
  },
};

function given(...events: ClaimFoldEvent[]): ClaimState {
  return events.reduce(claimFold.evolve, claimFold.initialState());
}

function start(state: ClaimState, userId = 'm1', claimId = 'c1', renew = false, now = NOW) {
  return decideStartClaim(
    state,
    {
      kind: 'artist',
      entryId: 'a1',
      userId,
      claimId,
      code: `PAYOLA-AAAA-BBBB-${claimId === 'c1' ? 'CCCC' : 'DDDD'}`,
      now,
      days: 7,
    },
    notFound,
    renew,
  );
}

const submit = (state: ClaimState, code = 'PAYOLA-AAAA-BBBB-CCCC', linkUrl = 'https://bjork.com', now = NOW) =>
  decideSubmitClaim(state, { kind: 'artist', entryId: 'a1', userId: 'm1', code, linkUrl, now }, notFound);

const decide = (state: ClaimState, claimId: string, approve: boolean) =>
  decideClaim(state, { kind: 'artist', entryId: 'a1', claimId, operatorId: 'op', reason: 'checked', approve });

describe('claims of an entry (given / when / then)', () => {
  it('issues a code that expires in 7 days, for an existing entry only', () => {
    expect(() => start(given())).toThrow('not found');
    const [issued] = start(given(added));
    expect(issued).toEqual({
      type: 'EntryClaimCodeIssued',
      data: {
        kind: 'artist',
        entryId: 'a1',
        claimId: 'c1',
        userId: 'm1',
        code: 'PAYOLA-AAAA-BBBB-CCCC',
        expiresAt: new Date(NOW.getTime() + 7 * DAY).toISOString(),
      },
    });
  });

  it('keeps one open claim per member: a second code only on request, none while one waits', () => {
    const issued = given(added, ...start(given(added)));
    expect(() => start(issued, 'm1', 'c2')).toThrow(CLAIM_MESSAGES.codeOpen);
    const renewed = given(added, ...start(given(added)), ...start(issued, 'm1', 'c2', true));
    // The first code is void once a new one is issued.
    expect(() => submit(renewed)).toThrow(CLAIM_MESSAGES.codeMismatch);
    const pending = given(added, ...start(given(added)), ...submit(issued));
    expect(() => start(pending, 'm1', 'c2', true)).toThrow(CLAIM_MESSAGES.awaitingDecision);
    // Another member may claim at the same time.
    expect(start(pending, 'm2', 'c3')).toHaveLength(1);
  });

  it('takes the code once, before it expires, on one of the entry own links', () => {
    const issued = given(added, ...start(given(added)));
    expect(() => submit(issued, 'PAYOLA-AAAA-BBBB-CCCC', 'https://elsewhere.example')).toThrow(
      CLAIM_MESSAGES.linkNotOnEntry,
    );
    expect(() =>
      submit(issued, 'PAYOLA-AAAA-BBBB-CCCC', 'https://bjork.com', new Date(NOW.getTime() + 8 * DAY)),
    ).toThrow(CLAIM_MESSAGES.codeExpired);
    const [submitted] = submit(issued);
    expect(submitted).toMatchObject({
      type: 'EntryClaimSubmitted',
      data: { claimId: 'c1', link: { url: 'https://bjork.com' } },
    });
    expect(() => submit(given(added, ...start(given(added)), submitted!))).toThrow(CLAIM_MESSAGES.awaitingDecision);
    expect(() => submit(given(added))).toThrow(CLAIM_MESSAGES.noCode);
  });

  it('approves one claimant per entry; a refused member may start again with a new code', () => {
    const m1 = start(given(added));
    const m2 = start(given(added), 'm2', 'c2');
    const bothPending = given(added, ...m1, ...m2, ...submit(given(added, ...m1)), {
      type: 'EntryClaimSubmitted',
      data: {
        kind: 'artist',
        entryId: 'a1',
        claimId: 'c2',
        userId: 'm2',
        link: { platform: 'website', url: 'https://bjork.com' },
      },
    });
    const [approved] = decide(bothPending, 'c1', true);
    expect(approved).toEqual({
      type: 'EntryClaimApproved',
      data: { kind: 'artist', entryId: 'a1', claimId: 'c1', userId: 'm1', operatorId: 'op', reason: 'checked' },
    });
    const claimed = given(added, ...m1, ...m2, ...submit(given(added, ...m1)), approved!);
    expect(claimed.claimant).toBe('m1');
    expect(() => decide(claimed, 'c1', true)).toThrow(CLAIM_MESSAGES.notPending);
    expect(() => decide(claimed, 'nope', true)).toThrow(CLAIM_MESSAGES.claimNotFound);
    expect(() => start(claimed, 'm1', 'c9')).toThrow(CLAIM_MESSAGES.youClaimed);
    expect(() => start(claimed, 'm3', 'c9')).toThrow(CLAIM_MESSAGES.alreadyClaimed);

    const [refused] = decide(bothPending, 'c1', false);
    expect(refused?.type).toBe('EntryClaimRefused');
    const afterRefusal = given(added, ...m1, ...submit(given(added, ...m1)), refused!);
    expect(start(afterRefusal, 'm1', 'c2')).toHaveLength(1);
  });

  it('lets only the claimant edit', () => {
    const m1 = start(given(added));
    const approvedState = given(
      added,
      ...m1,
      ...submit(given(added, ...m1)),
      ...decide(given(added, ...m1, ...submit(given(added, ...m1))), 'c1', true),
    );
    expect(() => assertClaimant(approvedState, 'm1', notFound)).not.toThrow();
    expect(() => assertClaimant(approvedState, 'fan', notFound)).toThrow(CLAIM_MESSAGES.claimantOnly);
    expect(() => assertClaimant(given(added), 'fan', notFound)).toThrow(CLAIM_MESSAGES.claimantOnly);
    expect(() => assertClaimant(given(), 'm1', notFound)).toThrow('not found');
  });
});
