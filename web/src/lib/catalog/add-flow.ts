import { ZApiError } from '@app/contracts';
import { isApiError } from '@/lib/api-client';

/** docs/product.md §4 "Add pages mode": a fresh form ('Add'), or the form again after an add ('Keep going'). */
export type AddMode = 'add' | 'add-another';

/**
 * What an add flow (artist, venue) keeps beside its form's inputs. `TFound` is a possible duplicate
 * the search found, `TLoaded` an entry on file loaded into the form, `TAdded` the answer to an add.
 */
export interface AddFlowState<TFound, TLoaded, TAdded> {
  mode: AddMode;
  /** Possible duplicates the fan said are not the one they mean: the search leaves them out. */
  dismissed: ReadonlySet<string>;
  /** An entry on file loaded into the form, to complete or change. */
  loaded: TLoaded | null;
  /** The possible duplicate being asked about ('Is this the same ...?'). */
  candidate: TFound | null;
  /** docs/product.md §2 "Verification Required modal". */
  verificationRequired: boolean;
  /** The added entry, shown in the success dialog. */
  added: TAdded | null;
}

export type AddFlowAction<TFound, TLoaded, TAdded> =
  /** 'Start Fresh', or the form cleared after a save. */
  | { type: 'startFresh'; mode: AddMode }
  /** 'No, this is a different ...' under the search results. */
  | { type: 'dismiss'; ids: readonly string[] }
  /** Opens (or, with null, closes) the 'same entry?' question. */
  | { type: 'candidate'; candidate: TFound | null }
  /** 'No, different ...': the question closes and its entry is not offered again. */
  | { type: 'rejectCandidate' }
  /** Opening it also closes the 'same entry?' question it may come from. */
  | { type: 'verificationRequired'; open: boolean }
  | { type: 'loaded'; loaded: TLoaded }
  /** An add succeeded: the form starts again in 'add another' mode under the success dialog. */
  | { type: 'added'; result: TAdded }
  | { type: 'closeAdded' }
  /** 'Add Another ...' in the success dialog. */
  | { type: 'addAnother' };

type AnyAddFlowState = AddFlowState<{ id: string }, unknown, unknown>;

export function initialAddFlowState<TFound, TLoaded, TAdded>(): AddFlowState<TFound, TLoaded, TAdded> {
  return { mode: 'add', dismissed: new Set(), loaded: null, candidate: null, verificationRequired: false, added: null };
}

/** The shared part of starting the form again: nothing dismissed, loaded or asked about. */
export function startedFresh<S extends AnyAddFlowState>(state: S, mode: AddMode): S {
  return { ...state, mode, dismissed: new Set(), loaded: null, candidate: null };
}

/**
 * The reducer of the actions every add flow shares. `fresh` starts the form again: `startedFresh`
 * plus whatever the flow keeps of its own (the attestation, the social-link rows...).
 */
export function addFlowReducer<
  TFound extends { id: string },
  TLoaded,
  TAdded,
  S extends AddFlowState<TFound, TLoaded, TAdded>,
>(fresh: (state: S, mode: AddMode) => S) {
  return (state: S, action: AddFlowAction<TFound, TLoaded, TAdded>): S => {
    switch (action.type) {
      case 'startFresh':
        return fresh(state, action.mode);
      case 'dismiss':
        return { ...state, dismissed: new Set([...state.dismissed, ...action.ids]) };
      case 'candidate':
        return { ...state, candidate: action.candidate };
      case 'rejectCandidate':
        return {
          ...state,
          dismissed: state.candidate ? new Set([...state.dismissed, state.candidate.id]) : state.dismissed,
          candidate: null,
        };
      case 'verificationRequired':
        return action.open
          ? { ...state, verificationRequired: true, candidate: null }
          : { ...state, verificationRequired: false };
      case 'loaded':
        return { ...state, loaded: action.loaded, mode: 'add-another' };
      case 'added':
        return { ...fresh(state, 'add-another'), added: action.result };
      case 'closeAdded':
        return { ...state, added: null };
      case 'addAnother':
        return { ...fresh(state, 'add'), added: null };
    }
  };
}

/** docs/product.md §6: only a verified fan adds artists and venues, or confirms them. */
export function canAddEntries(user: { role: string; verified: boolean } | null): boolean {
  return user?.role === 'fan' && user.verified;
}

/** Whether the server refused a write because this fan is not verified (its 403 with `message`). */
export function refusedAsUnverified(error: unknown, message: string): boolean {
  return isApiError(error) && error.status === 403 && error.serverMessage === message;
}

/**
 * The per-field messages of an error answer ('artist.name' -> [...]; none is {}), or null when the
 * error is not an answer of the api's error shape (nothing to show at the inputs then).
 */
export function serverFieldErrors(error: unknown): Record<string, string[]> | null {
  const body = isApiError(error) ? ZApiError.safeParse(error.body) : undefined;
  return body?.success ? (body.data.fieldErrors ?? {}) : null;
}
