import type { EventData, TRole } from '@app/contracts';
import type { AccountCreated, PasswordChanged, PasswordResetRequested } from '@app/contracts';

export type UserEvent =
  | { type: 'AccountCreated'; data: EventData<typeof AccountCreated> }
  | { type: 'PasswordResetRequested'; data: EventData<typeof PasswordResetRequested> }
  | { type: 'PasswordChanged'; data: EventData<typeof PasswordChanged> };

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

export class ResetLinkInvalidError extends Error {
  constructor() {
    super('This reset link is invalid or has expired.');
    this.name = 'ResetLinkInvalidError';
  }
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
