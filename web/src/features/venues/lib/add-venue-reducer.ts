import type { TAddVenueResponse, TVenueSearchResult } from '@app/contracts';
import {
  addFlowReducer,
  initialAddFlowState,
  startedFresh,
  type AddFlowAction,
  type AddFlowState,
  type AddMode,
} from '@/lib/catalog/add-flow';

/** docs/product.md §2 "Add venue": at most this many social-link rows. */
export const MAX_SOCIAL_ROWS = 10;

/** The id of a social-link row's input (a refused row is focused by it). */
export function socialRowId(index: number): string {
  return `venue-social-link-${index}`;
}

/** The add-venue page's state beside the form's single-value inputs (those live in react-hook-form). */
export interface AddVenueState extends AddFlowState<TVenueSearchResult, TVenueSearchResult, TAddVenueResponse> {
  /** The Social Links rows as typed (blank rows are left out of the request). */
  socialRows: string[];
  /** A message per row index that holds a link the server would refuse. */
  socialErrors: Record<number, string>;
  /** A venue this fan added, offered in 'Load Your Venue'. */
  toLoad: TVenueSearchResult | null;
}

export type AddVenueAction =
  | AddFlowAction<TVenueSearchResult, TVenueSearchResult, TAddVenueResponse>
  /** Typing in a row clears that row's message. */
  | { type: 'setRow'; index: number; value: string }
  | { type: 'addRow' }
  | { type: 'removeRow'; index: number }
  | { type: 'socialErrors'; errors: Record<number, string> }
  | { type: 'toLoad'; venue: TVenueSearchResult | null }
  /** 'Load Venue': the venue on file fills the form, its social links as rows. */
  | { type: 'load'; venue: TVenueSearchResult; socialRows: string[] };

export const INITIAL_ADD_VENUE_STATE: AddVenueState = {
  ...initialAddFlowState(),
  socialRows: [''],
  socialErrors: {},
  toLoad: null,
};

function fresh(state: AddVenueState, mode: AddMode): AddVenueState {
  return { ...startedFresh(state, mode), socialRows: [''], socialErrors: {} };
}

const sharedReducer = addFlowReducer(fresh);

/** docs/product.md §2 "Add venue (/add-venue)" and §4 "Venue flow", as state transitions. */
export function addVenueReducer(state: AddVenueState, action: AddVenueAction): AddVenueState {
  switch (action.type) {
    case 'setRow': {
      const { [action.index]: _fixed, ...socialErrors } = state.socialErrors;
      const socialRows = state.socialRows.map((row, i) => (i === action.index ? action.value : row));
      return { ...state, socialRows, socialErrors };
    }
    case 'addRow':
      if (state.socialRows.length >= MAX_SOCIAL_ROWS) return state;
      return { ...state, socialRows: [...state.socialRows, ''] };
    case 'removeRow':
      // The last row stays (blank); the messages go, as the rows they named have moved.
      if (state.socialRows.length === 1) return state;
      return { ...state, socialRows: state.socialRows.filter((_, i) => i !== action.index), socialErrors: {} };
    case 'socialErrors':
      return { ...state, socialErrors: action.errors };
    case 'toLoad':
      return { ...state, toLoad: action.venue };
    case 'load':
      return {
        ...sharedReducer(state, { type: 'loaded', loaded: action.venue }),
        socialRows: action.socialRows,
        socialErrors: {},
        toLoad: null,
      };
    default:
      return sharedReducer(state, action);
  }
}
