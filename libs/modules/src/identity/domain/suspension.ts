import type { EventOfType } from '@app/contracts';
import { DomainError } from '@app/domain';

/**
 * Suspension is identity's: the events are on the member's stream (`user-<id>`) and the auth check,
 * sign-in and the session store all refuse a suspended member from what identity itself folds, so no
 * permission waits for another module or a projection. Operators only decide it (their console's routes).
 */
export const SUSPENSION_EVENT_TYPES = ['AccountCreated', 'MemberSuspended', 'MemberSuspensionLifted'] as const;
export type SuspensionEvent = EventOfType<(typeof SUSPENSION_EVENT_TYPES)[number]>;

export interface SuspensionState {
  exists: boolean;
  /** The suspension in force, or null. */
  suspended: { operatorId: string; reason: string } | null;
}

export const suspensionFold = {
  eventTypes: SUSPENSION_EVENT_TYPES,
  initialState: (): SuspensionState => ({ exists: false, suspended: null }),
  evolve(state: SuspensionState, event: SuspensionEvent): SuspensionState {
    switch (event.type) {
      case 'AccountCreated':
        return { exists: true, suspended: null };
      case 'MemberSuspended':
        return { ...state, suspended: { operatorId: event.data.operatorId, reason: event.data.reason } };
      case 'MemberSuspensionLifted':
        return { ...state, suspended: null };
    }
  },
};

export const SUSPENSION_MESSAGES = {
  unknownMember: 'No member has this id.',
  self: 'You cannot suspend your own account.',
  alreadySuspended: 'This member is already suspended.',
  notSuspended: 'This member is not suspended.',
} as const;

export class SuspensionRefusedError extends DomainError {
  constructor(
    readonly kind: 'not-found' | 'forbidden' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

export interface SuspensionCommand {
  userId: string;
  operatorId: string;
  reason: string;
}

/** One suspension at a time: a second (a double click, two operators) is refused, so the log records one. */
export function decideSuspend(state: SuspensionState, command: SuspensionCommand): SuspensionEvent[] {
  if (!state.exists) throw new SuspensionRefusedError('not-found', SUSPENSION_MESSAGES.unknownMember);
  // An operator who suspends themselves ends their own console session and locks themselves out.
  if (command.userId === command.operatorId) throw new SuspensionRefusedError('forbidden', SUSPENSION_MESSAGES.self);
  if (state.suspended) throw new SuspensionRefusedError('conflict', SUSPENSION_MESSAGES.alreadySuspended);
  return [{ type: 'MemberSuspended', data: { ...command } }];
}

export function decideLift(state: SuspensionState, command: SuspensionCommand): SuspensionEvent[] {
  if (!state.exists) throw new SuspensionRefusedError('not-found', SUSPENSION_MESSAGES.unknownMember);
  if (!state.suspended) throw new SuspensionRefusedError('conflict', SUSPENSION_MESSAGES.notSuspended);
  return [{ type: 'MemberSuspensionLifted', data: { ...command } }];
}
