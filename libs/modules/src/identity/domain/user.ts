import { ACCOUNT_MESSAGES, type EventOfType, type EventPayload, type TRole } from '@app/contracts';
import { DomainError } from '@app/domain';

/** The identity module's events on a user's stream; other modules' events there pass it by. */
export const USER_EVENT_TYPES = ['AccountCreated', 'PasswordResetRequested', 'PasswordChanged'] as const;
export type UserEvent = EventOfType<(typeof USER_EVENT_TYPES)[number]>;

/** What the write side needs to know about a user, rebuilt from the user's stream. */
export interface UserState {
  id: string;
  email: string;
  role: TRole;
  firstName: string;
  lastName: string;
  passwordHash: string;
  /** Reset tokens (hashes) issued and not yet used, with their expiry. */
  openResetTokens: Map<string, Date>;
}

export function userStreamId(userId: string): string {
  return `user-${userId}`;
}

/** Emails compare case-insensitively and without surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function evolve(state: UserState | null, event: UserEvent): UserState | null {
  switch (event.type) {
    case 'AccountCreated':
      return {
        id: event.data.userId,
        email: event.data.email,
        role: event.data.role,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
        passwordHash: event.data.passwordHash,
        openResetTokens: new Map(),
      };
    case 'PasswordResetRequested':
      if (!state) return state;
      return {
        ...state,
        openResetTokens: new Map(state.openResetTokens).set(event.data.tokenHash, new Date(event.data.expiresAt)),
      };
    case 'PasswordChanged':
      // A new password makes every outstanding reset link useless.
      return state && { ...state, passwordHash: event.data.passwordHash, openResetTokens: new Map() };
  }
}

export function rebuild(events: readonly UserEvent[]): UserState | null {
  return events.reduce<UserState | null>(evolve, null);
}

/** How use cases load a user with the event-sourced repository. */
export const userFold = {
  eventTypes: USER_EVENT_TYPES,
  initialState: (): UserState | null => null,
  evolve,
};

export class ResetLinkInvalidError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super(ACCOUNT_MESSAGES.resetLinkInvalid);
  }
}

export class EmailTakenError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super(ACCOUNT_MESSAGES.emailTaken);
  }
}

export class AccountExistsError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super('This account already exists.');
  }
}

/** A new account: only on an empty stream (the id is fresh; the email is reserved by the caller). */
export function decideCreateAccount(state: UserState | null, account: EventPayload<'AccountCreated'>): UserEvent[] {
  if (state) throw new AccountExistsError();
  return [{ type: 'AccountCreated', data: account }];
}

/** Decides whether a reset token may set a new password. */
export function decideResetPassword(
  state: UserState | null,
  command: { tokenHash: string; passwordHash: string; now: Date },
): UserEvent[] {
  const expiresAt = state?.openResetTokens.get(command.tokenHash);
  if (!state || !expiresAt || expiresAt <= command.now) throw new ResetLinkInvalidError();
  return [{ type: 'PasswordChanged', data: { passwordHash: command.passwordHash, reason: 'reset' } }];
}

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export function decideRequestPasswordReset(
  state: UserState | null,
  command: { tokenHash: string; now: Date },
): UserEvent[] {
  if (!state) return [];
  const expiresAt = new Date(command.now.getTime() + RESET_TOKEN_TTL_MS).toISOString();
  return [{ type: 'PasswordResetRequested', data: { tokenHash: command.tokenHash, expiresAt } }];
}
