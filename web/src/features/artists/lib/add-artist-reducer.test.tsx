import { describe, expect, it } from 'vitest';
import type { TAddArtistResponse, TArtistSearchResult, TVerifyArtistResponse } from '@app/contracts';
import {
  addArtistReducer,
  EMPTY_FAN_MESSAGE,
  INITIAL_ADD_ARTIST_STATE,
  type AddArtistState,
} from './add-artist-reducer';

// The add-artist page's steps as state transitions (the page renders `mode`, the dialogs and the
// attestation straight from this state).

const owls = { id: 'owls', name: 'Midnight Owls' } as TArtistSearchResult;
const larks = { id: 'larks', name: 'Morning Larks' } as TArtistSearchResult;
const added = { id: 'owls', name: 'Midnight Owls', fanNumber: 1 } as TAddArtistResponse;

/** A fan half-way through: attested, a fan message written, one result dismissed, 'Is this them?' open. */
const busy: AddArtistState = {
  ...INITIAL_ADD_ARTIST_STATE,
  attested: true,
  fanMessage: { record: true, isPublic: true, message: 'Your songs got me through winter' },
  dismissed: new Set(['larks']),
  candidate: owls,
};

describe('addArtistReducer', () => {
  it('after an add, the form starts again as "add another" under the founding-fan dialog', () => {
    const state = addArtistReducer(busy, { type: 'added', result: added });
    expect(state).toMatchObject({ mode: 'add-another', added, attested: false, candidate: null, loaded: null });
    expect(state.fanMessage).toEqual(EMPTY_FAN_MESSAGE);
    // Results dismissed for the last artist are offered again for the next one.
    expect(state.dismissed.size).toBe(0);

    const another = addArtistReducer(state, { type: 'addAnother' });
    expect(another).toMatchObject({ mode: 'add', added: null });
    expect(addArtistReducer(state, { type: 'closeAdded' })).toMatchObject({ mode: 'add-another', added: null });
  });

  it('"No, different artist" closes the question and never offers that artist again; closing it does not', () => {
    const rejected = addArtistReducer(busy, { type: 'rejectCandidate' });
    expect(rejected.candidate).toBeNull();
    expect([...rejected.dismissed].sort()).toEqual(['larks', 'owls']);

    const closed = addArtistReducer(busy, { type: 'candidate', candidate: null });
    expect(closed.candidate).toBeNull();
    expect([...closed.dismissed]).toEqual(['larks']);
    // The state it came from is left as it was (React compares states by identity).
    expect([...busy.dismissed]).toEqual(['larks']);
  });

  it('"No, this is a different artist" under the results dismisses every result shown', () => {
    const state = addArtistReducer(INITIAL_ADD_ARTIST_STATE, { type: 'dismiss', ids: [owls.id, larks.id] });
    expect([...state.dismissed].sort()).toEqual(['larks', 'owls']);
  });

  it('asking for verification closes "Is this them?" and keeps what the fan typed', () => {
    const state = addArtistReducer(busy, { type: 'verificationRequired', open: true });
    expect(state).toMatchObject({ verificationRequired: true, candidate: null, attested: true });
    expect(addArtistReducer(state, { type: 'verificationRequired', open: false }).verificationRequired).toBe(false);
  });

  it('a loaded artist turns the page to "add another" and needs no attestation; Start Fresh unloads it', () => {
    const loaded = { artist: owls, existingLinks: [] };
    const state = addArtistReducer(busy, { type: 'loaded', loaded });
    expect(state).toMatchObject({ mode: 'add-another', loaded, attested: false });

    const fresh = addArtistReducer(state, { type: 'startFresh', mode: 'add' });
    expect(fresh).toMatchObject({ mode: 'add', loaded: null, candidate: null });
  });

  it('after a verification, the form starts again under its dialog; "Verify Another Artist" goes back to Add', () => {
    const result = { response: { fanNumber: 2 } as TVerifyArtistResponse, name: 'Midnight Owls' };
    const state = addArtistReducer(busy, { type: 'verified', result });
    expect(state).toMatchObject({ mode: 'add-another', verified: result, candidate: null, attested: false });
    expect(addArtistReducer(state, { type: 'verifyAnother' })).toMatchObject({ mode: 'add', verified: null });
  });
});
