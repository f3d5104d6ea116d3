import { describe, expect, it } from 'vitest';
import { waitlistRequestOf, type WaitlistTextFields } from './waitlist-form';
import { INITIAL_WAITLIST_STATE, LIST_MESSAGES, waitlistReducer, type WaitlistAction } from './waitlist-reducer';

const run = (...actions: WaitlistAction[]) => actions.reduce(waitlistReducer, INITIAL_WAITLIST_STATE);

describe('waitlistReducer', () => {
  it('a submit names each missing list; fixing one clears its message only', () => {
    const checked = run({ type: 'check' });
    expect(checked.listErrors).toEqual(LIST_MESSAGES);

    const state = waitlistReducer(checked, { type: 'toggleGenre', genre: 'Jazz' });
    expect(state.listErrors).toEqual({ methods: LIST_MESSAGES.methods, captcha: LIST_MESSAGES.captcha });
    expect(waitlistReducer(state, { type: 'captcha', token: 'token' }).listErrors.captcha).toBeUndefined();
  });

  it('a change never adds a message before a submit', () => {
    const state = run({ type: 'toggleGenre', genre: 'Jazz' }, { type: 'toggleGenre', genre: 'Jazz' });
    expect(state.genres).toEqual([]);
    expect(state.listErrors.genres).toBeUndefined();
  });

  it('a typed genre is added once (any case), trimmed, and a listed one is chosen as listed', () => {
    const state = run(
      { type: 'customGenreText', text: '  Shoegaze ' },
      { type: 'addCustomGenre' },
      { type: 'customGenreText', text: 'SHOEGAZE' },
      { type: 'addCustomGenre' },
      { type: 'customGenreText', text: 'jazz' },
      { type: 'addCustomGenre' },
    );
    expect(state.customGenres).toEqual(['Shoegaze']);
    expect(state.genres).toEqual(['Shoegaze', 'Jazz']);
    expect(state.customGenre).toBe('');
  });

  it('removing a custom genre unchooses it too, so it is not sent', () => {
    const state = run(
      { type: 'customGenreText', text: 'Shoegaze' },
      { type: 'addCustomGenre' },
      { type: 'toggleGenre', genre: 'Jazz' },
      { type: 'removeCustomGenre', genre: 'Shoegaze' },
      { type: 'toggleMethod', method: 'Email', checked: true },
    );
    const fields = { firstName: 'Fran', state: '', mobilePhone: '', whatsappNumber: '' } as WaitlistTextFields;
    expect(waitlistRequestOf(fields, state, 'token')).toMatchObject({
      musicGenres: ['Jazz'],
      customGenres: [],
      preferredContactMethods: ['Email'],
      state: undefined,
      mobilePhone: undefined,
      recaptchaToken: 'token',
    });
  });

  it('after joining, the lists and their messages start empty', () => {
    const state = run(
      { type: 'check' },
      { type: 'toggleGenre', genre: 'Jazz' },
      { type: 'toggleMethod', method: 'Email', checked: true },
      { type: 'reset' },
    );
    expect(state).toMatchObject({ genres: [], customGenres: [], methods: [], listErrors: {} });
  });
});
