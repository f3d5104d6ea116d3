import { type CONTACT_METHODS, OUTREACH_MESSAGES, WAITLIST_GENRES } from '@app/contracts';

export type ContactMethod = (typeof CONTACT_METHODS)[number];

/** The lists' messages (docs/product.md §2 "Waitlist"); the text fields' come from the contract. */
export const LIST_MESSAGES = {
  genres: 'Please select at least one music genre',
  methods: 'Please select at least one contact method',
  captcha: OUTREACH_MESSAGES.captchaRequired,
};

export interface ListErrors {
  genres?: string;
  methods?: string;
  captcha?: string;
}

/** The waitlist form beside its text fields (those live in react-hook-form): the lists and the captcha. */
export interface WaitlistState {
  /** Every chosen genre, listed or custom, in the order chosen. */
  genres: string[];
  /** The genres the fan typed, shown as removable chips. */
  customGenres: string[];
  /** The 'Custom genre' input, as typed. */
  customGenre: string;
  methods: ContactMethod[];
  /** The captcha's token; null until solved (or once expired). */
  token: string | null;
  listErrors: ListErrors;
}

export type WaitlistAction =
  | { type: 'toggleGenre'; genre: string }
  | { type: 'customGenreText'; text: string }
  /** 'Add' (or Enter) in the custom genre input. */
  | { type: 'addCustomGenre' }
  | { type: 'removeCustomGenre'; genre: string }
  | { type: 'toggleMethod'; method: ContactMethod; checked: boolean }
  | { type: 'captcha'; token: string | null }
  /** A submit: every list's message is shown where it applies. */
  | { type: 'check' }
  /** After a successful join: the lists start again (the captcha widget is reset beside). */
  | { type: 'reset' };

export const INITIAL_WAITLIST_STATE: WaitlistState = {
  genres: [],
  customGenres: [],
  customGenre: '',
  methods: [],
  token: null,
  listErrors: {},
};

/** The lists' messages for `state`, as a submit shows them. */
export function findListErrors(state: Pick<WaitlistState, 'genres' | 'methods' | 'token'>): ListErrors {
  return {
    genres: state.genres.length === 0 ? LIST_MESSAGES.genres : undefined,
    methods: state.methods.length === 0 ? LIST_MESSAGES.methods : undefined,
    captcha: state.token ? undefined : LIST_MESSAGES.captcha,
  };
}

/** A shown list error goes away as soon as it is fixed (as the text fields' do); a change never adds one. */
function rechecked(state: WaitlistState): WaitlistState {
  const next = findListErrors(state);
  const shown = state.listErrors;
  return {
    ...state,
    listErrors: {
      genres: shown.genres && next.genres,
      methods: shown.methods && next.methods,
      captcha: shown.captcha && next.captcha,
    },
  };
}

const sameGenre = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function addCustomGenre(state: WaitlistState): WaitlistState {
  const genre = state.customGenre.trim();
  const cleared = { ...state, customGenre: '' };
  if (!genre) return cleared;
  // A listed genre typed by hand is chosen as listed.
  const listed = WAITLIST_GENRES.find((g) => sameGenre(g, genre));
  if (listed)
    return cleared.genres.includes(listed) ? cleared : rechecked({ ...cleared, genres: [...cleared.genres, listed] });
  if (state.customGenres.some((g) => sameGenre(g, genre))) return cleared;
  return rechecked({ ...cleared, customGenres: [...state.customGenres, genre], genres: [...state.genres, genre] });
}

/** docs/product.md §2 "Waitlist (/waitlist)": the genres, contact methods and captcha, as state transitions. */
export function waitlistReducer(state: WaitlistState, action: WaitlistAction): WaitlistState {
  switch (action.type) {
    case 'toggleGenre': {
      const { genres } = state;
      const on = genres.includes(action.genre);
      return rechecked({ ...state, genres: on ? genres.filter((g) => g !== action.genre) : [...genres, action.genre] });
    }
    case 'customGenreText':
      return { ...state, customGenre: action.text };
    case 'addCustomGenre':
      return addCustomGenre(state);
    case 'removeCustomGenre':
      return rechecked({
        ...state,
        customGenres: state.customGenres.filter((g) => g !== action.genre),
        genres: state.genres.filter((g) => g !== action.genre),
      });
    case 'toggleMethod': {
      const { methods } = state;
      const next = action.checked ? [...methods, action.method] : methods.filter((m) => m !== action.method);
      return rechecked({ ...state, methods: next });
    }
    case 'captcha':
      return rechecked({ ...state, token: action.token });
    case 'check':
      return { ...state, listErrors: findListErrors(state) };
    case 'reset':
      // The token stays: the widget is reset beside this and reports its own cleared token.
      return { ...INITIAL_WAITLIST_STATE, token: state.token };
  }
}
