import { describe, expect, it } from 'vitest';
import type { TVenueSearchResult } from '@app/contracts';
import { addVenueReducer, INITIAL_ADD_VENUE_STATE, MAX_SOCIAL_ROWS, type AddVenueState } from './add-venue-reducer';

// The add-venue page's steps as state transitions: the Social Links rows and the venue on file.

const hall = { id: 'hall', name: 'Blue Note Hall' } as TVenueSearchResult;

const rows = (socialRows: string[], socialErrors: Record<number, string> = {}): AddVenueState => ({
  ...INITIAL_ADD_VENUE_STATE,
  socialRows,
  socialErrors,
});

describe('addVenueReducer', () => {
  it('typing in a social-link row clears that row’s message only', () => {
    const state = addVenueReducer(rows(['bad', 'worse'], { 0: 'Not a link', 1: 'Not a link either' }), {
      type: 'setRow',
      index: 1,
      value: 'https://instagram.com/bluenote',
    });
    expect(state.socialRows).toEqual(['bad', 'https://instagram.com/bluenote']);
    expect(state.socialErrors).toEqual({ 0: 'Not a link' });
  });

  it('removing a row drops it and every message (they named rows that moved); the last row stays', () => {
    const state = addVenueReducer(rows(['a', 'b', 'c'], { 2: 'Not a link' }), { type: 'removeRow', index: 0 });
    expect(state.socialRows).toEqual(['b', 'c']);
    expect(state.socialErrors).toEqual({});
    expect(addVenueReducer(rows(['only']), { type: 'removeRow', index: 0 }).socialRows).toEqual(['only']);
  });

  it(`'Add Social Link' adds blank rows up to ${MAX_SOCIAL_ROWS}`, () => {
    let state = INITIAL_ADD_VENUE_STATE;
    for (let i = 0; i < MAX_SOCIAL_ROWS + 2; i++) state = addVenueReducer(state, { type: 'addRow' });
    expect(state.socialRows).toHaveLength(MAX_SOCIAL_ROWS);
    expect(state.socialRows.every((row) => row === '')).toBe(true);
  });

  it('loading a venue fills its rows, closes "Load Your Venue" and turns the page to "add another"', () => {
    const asked = addVenueReducer(rows([''], { 0: 'Not a link' }), { type: 'toLoad', venue: hall });
    expect(asked.toLoad).toBe(hall);
    const state = addVenueReducer(asked, { type: 'load', venue: hall, socialRows: ['https://instagram.com/hall'] });
    expect(state).toMatchObject({ mode: 'add-another', loaded: hall, toLoad: null, socialErrors: {} });
    expect(state.socialRows).toEqual(['https://instagram.com/hall']);
  });

  it('Start Fresh empties the rows and the dismissed results and unloads the venue', () => {
    const used: AddVenueState = {
      ...rows(['a', 'b'], { 1: 'Not a link' }),
      mode: 'add-another',
      loaded: hall,
      dismissed: new Set(['other']),
    };
    const state = addVenueReducer(used, { type: 'startFresh', mode: 'add' });
    expect(state).toMatchObject({ mode: 'add', loaded: null, socialRows: [''], socialErrors: {} });
    expect(state.dismissed.size).toBe(0);
  });

  it('"No, different venue" closes Confirm Duplicate and does not offer that venue again', () => {
    const state = addVenueReducer({ ...INITIAL_ADD_VENUE_STATE, candidate: hall }, { type: 'rejectCandidate' });
    expect(state.candidate).toBeNull();
    expect(state.dismissed.has('hall')).toBe(true);
  });
});
