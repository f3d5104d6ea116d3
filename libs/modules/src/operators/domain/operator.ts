import type { EventOfType } from '@app/contracts';
import { DomainError } from '@app/domain';

/** The stream that records who may open the console and their second factor's life. */
export function operatorStreamId(userId: string): string {
  return `operator-${userId}`;
}

export type OperatorEvent = EventOfType<
  'OperatorGranted' | 'OperatorRevoked' | 'OperatorSecondFactorEnrolled' | 'OperatorSecondFactorPassed'
>;

export interface OperatorState {
  operator: boolean;
  /** Enrolled since the latest grant (a revoke forgets the factor: a new grant enrols a new one). */
  enrolled: boolean;
  /** Grants so far: a session that passed under an earlier grant does not count for a later one. */
  grants: number;
}

export const operatorFold = {
  eventTypes: [
    'OperatorGranted',
    'OperatorRevoked',
    'OperatorSecondFactorEnrolled',
    'OperatorSecondFactorPassed',
  ] as const satisfies readonly OperatorEvent['type'][],
  initialState: (): OperatorState => ({ operator: false, enrolled: false, grants: 0 }),
  evolve(state: OperatorState, event: OperatorEvent): OperatorState {
    switch (event.type) {
      case 'OperatorGranted':
        return { operator: true, enrolled: false, grants: state.grants + 1 };
      case 'OperatorRevoked':
        return { ...state, operator: false, enrolled: false };
      case 'OperatorSecondFactorEnrolled':
        return { ...state, enrolled: true };
      case 'OperatorSecondFactorPassed':
        return state;
    }
  },
};

/** A refusal the ops CLI prints as it is (exit code 1): the operator list did not change. */
export class OperatorCommandRefusedError extends DomainError {
  readonly kind = 'conflict';
}

export function decideGrant(state: OperatorState, userId: string, reason: string): OperatorEvent[] {
  if (state.operator) throw new OperatorCommandRefusedError('is already an operator; nothing changed.');
  return [{ type: 'OperatorGranted', data: { userId, via: 'cli', reason } }];
}

export function decideRevoke(state: OperatorState, userId: string, reason: string): OperatorEvent[] {
  if (!state.operator) throw new OperatorCommandRefusedError('is not an operator; nothing changed.');
  return [{ type: 'OperatorRevoked', data: { userId, via: 'cli', reason } }];
}

/**
 * Enrolment completes once per grant: a second confirm (two tabs, a replayed request) is refused, so
 * the recovery codes shown the first time stay the only ones.
 */
export function decideEnrol(state: OperatorState, userId: string, recoveryCodes: number): OperatorEvent[] {
  if (!state.operator) throw new OperatorCommandRefusedError('is not an operator.');
  if (state.enrolled) throw new OperatorCommandRefusedError('Your authenticator is already set up.');
  return [{ type: 'OperatorSecondFactorEnrolled', data: { userId, recoveryCodes } }];
}
