import type { TAddArtistResponse, TArtistLink, TArtistSearchResult, TVerifyArtistResponse } from '@app/contracts';
import {
  addFlowReducer,
  initialAddFlowState,
  startedFresh,
  type AddFlowAction,
  type AddFlowState,
  type AddMode,
} from '@/lib/catalog/add-flow';

/** docs/product.md §2 add artist, section 4 "Fan Message": the choices beside the video. */
export interface FanMessageValues {
  record: boolean;
  isPublic: boolean;
  message: string;
}

export const EMPTY_FAN_MESSAGE: FanMessageValues = { record: false, isPublic: false, message: '' };

/** An artist this fan verified earlier, loaded into the Link Hub to add the links it is missing. */
export interface LoadedArtist {
  artist: TArtistSearchResult;
  existingLinks: TArtistLink[];
}

/** A confirmation ("verification") of an artist on file, for its dialog. */
export interface VerifiedResult {
  response: TVerifyArtistResponse;
  name: string;
}

/** The add-artist page's state beside the form's inputs (those live in react-hook-form). */
export interface AddArtistState extends AddFlowState<TArtistSearchResult, LoadedArtist, TAddArtistResponse> {
  /** The 'I am a genuine music fan...' attestation. */
  attested: boolean;
  fanMessage: FanMessageValues;
  /** The search result whose verification status is being fetched ('Load this artist'). */
  loadingId: string | null;
  verified: VerifiedResult | null;
}

export type AddArtistAction =
  | AddFlowAction<TArtistSearchResult, LoadedArtist, TAddArtistResponse>
  | { type: 'attest'; attested: boolean }
  | { type: 'fanMessage'; values: FanMessageValues }
  | { type: 'loading'; id: string | null }
  /** A confirmation succeeded: the form starts again in 'add another' mode under its dialog. */
  | { type: 'verified'; result: VerifiedResult }
  | { type: 'closeVerified' }
  /** 'Verify Another Artist'. */
  | { type: 'verifyAnother' };

export const INITIAL_ADD_ARTIST_STATE: AddArtistState = {
  ...initialAddFlowState(),
  attested: false,
  fanMessage: EMPTY_FAN_MESSAGE,
  loadingId: null,
  verified: null,
};

/** A fresh form drops the attestation and the fan message too (the video is reset beside it). */
function fresh(state: AddArtistState, mode: AddMode): AddArtistState {
  return { ...startedFresh(state, mode), attested: false, fanMessage: EMPTY_FAN_MESSAGE };
}

const sharedReducer = addFlowReducer(fresh);

/** docs/product.md §2 "Add artist (/add-artist)" and §4 "Artist flow", as state transitions. */
export function addArtistReducer(state: AddArtistState, action: AddArtistAction): AddArtistState {
  switch (action.type) {
    case 'attest':
      return { ...state, attested: action.attested };
    case 'fanMessage':
      return { ...state, fanMessage: action.values };
    case 'loading':
      return { ...state, loadingId: action.id };
    case 'loaded':
      // A loaded artist is verified already: its links are saved without the attestation.
      return { ...sharedReducer(state, action), attested: false };
    case 'verified':
      return { ...fresh(state, 'add-another'), verified: action.result };
    case 'closeVerified':
      return { ...state, verified: null };
    case 'verifyAnother':
      return { ...fresh(state, 'add'), verified: null };
    default:
      return sharedReducer(state, action);
  }
}
