import {
  ACCOUNT_MESSAGES,
  PROFILE_MESSAGES,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PRIVACY_SETTINGS,
  type EventOfType,
  type EventPayload,
  type TNotificationSettings,
  type TPrivacySettings,
  type TRole,
} from '@app/contracts';
import { DomainError } from '@app/domain';

/** The identity module's events on a user's stream; other modules' events there pass it by. */
export const USER_EVENT_TYPES = [
  'AccountCreated',
  'PasswordResetRequested',
  'PasswordChanged',
  'ProfileUpdated',
  'EmailChangeRequested',
  'EmailChanged',
  'SignUpEmailConfirmationRequested',
  'SignUpEmailConfirmed',
  'UsernameChanged',
  'SettingsChanged',
  'MemberErased',
] as const;
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
  /** The newest email change asked for and not yet confirmed: its address, token hash and expiry. */
  pendingEmailChange: { email: string; tokenHash: string; expiresAt: Date } | null;
  /** A Listener's sign-up link (hash and expiry) while the address is unconfirmed; null once confirmed or for other roles. */
  signUpConfirmation: { tokenHash: string; expiresAt: Date } | null;
  /** The sign-up's address was confirmed by its emailed link (Listeners; paying roles never need it). */
  emailConfirmed: boolean;
  username: string | null;
  phone: string | null;
  genres: readonly string[];
  privacySettings: TPrivacySettings;
  notificationSettings: TNotificationSettings;
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
        pendingEmailChange: null,
        signUpConfirmation: null,
        emailConfirmed: false,
        username: null,
        phone: null,
        genres: [],
        privacySettings: DEFAULT_PRIVACY_SETTINGS,
        notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
      };
    case 'PasswordResetRequested':
      if (!state) return state;
      return {
        ...state,
        openResetTokens: new Map(state.openResetTokens).set(event.data.tokenHash, new Date(event.data.expiresAt)),
      };
    case 'PasswordChanged':
      // A new password makes every outstanding reset link useless, and cancels an email change asked
      // for with the old one (someone who had it can no longer move the account).
      return (
        state && {
          ...state,
          passwordHash: event.data.passwordHash,
          openResetTokens: new Map(),
          pendingEmailChange: null,
        }
      );
    case 'ProfileUpdated': {
      if (!state) return state;
      const { userId: _userId, ...changes } = event.data;
      return { ...state, ...changes };
    }
    case 'EmailChangeRequested':
      return (
        state && {
          ...state,
          pendingEmailChange: {
            email: event.data.email,
            tokenHash: event.data.tokenHash,
            expiresAt: new Date(event.data.expiresAt),
          },
        }
      );
    case 'EmailChanged':
      return state && { ...state, email: event.data.email, pendingEmailChange: null };
    case 'SignUpEmailConfirmationRequested':
      return (
        state && {
          ...state,
          signUpConfirmation: { tokenHash: event.data.tokenHash, expiresAt: new Date(event.data.expiresAt) },
        }
      );
    case 'SignUpEmailConfirmed':
      return state && { ...state, signUpConfirmation: null, emailConfirmed: true };
    case 'UsernameChanged':
      return state && { ...state, username: event.data.username };
    case 'SettingsChanged':
      return (
        state && {
          ...state,
          privacySettings: { ...state.privacySettings, ...event.data.privacySettings },
          notificationSettings: { ...state.notificationSettings, ...event.data.notificationSettings },
        }
      );
    case 'MemberErased':
      // The account is gone: every use case finds no user, sign-in finds no account.
      return null;
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

/** How long a Listener's sign-up link stays valid. */
export const SIGN_UP_CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A new account: only on an empty stream (the id is fresh; the email is reserved by the caller). A
 * Listener pays nothing and has no identity check: the account asks its address to confirm instead
 * (`confirmation`: the emailed token's hash), and the app opens once it has.
 */
export function decideCreateAccount(
  state: UserState | null,
  account: EventPayload<'AccountCreated'>,
  confirmation?: { tokenHash: string; now: Date },
): UserEvent[] {
  if (state) throw new AccountExistsError();
  const created: UserEvent = { type: 'AccountCreated', data: account };
  if (account.role !== 'listener') return [created];
  if (!confirmation) throw new Error('A Listener account needs its email confirmation token');
  const expiresAt = new Date(confirmation.now.getTime() + SIGN_UP_CONFIRMATION_TTL_MS).toISOString();
  return [
    created,
    {
      type: 'SignUpEmailConfirmationRequested',
      data: { userId: account.userId, tokenHash: confirmation.tokenHash, expiresAt },
    },
  ];
}

export class NotAListenerError extends DomainError {
  readonly kind = 'forbidden';
  constructor() {
    super('Only a Listener confirms the sign-up by email: your membership starts with its payment.');
  }
}

/**
 * A new link for a Listener whose first one was lost or expired: it replaces the old one (only the
 * newest works). Nothing to send once confirmed; the paying roles have no such link.
 */
export function decideResendSignUpConfirmation(
  state: UserState | null,
  command: { tokenHash: string; now: Date },
): UserEvent[] {
  if (!state) throw new UserNotFoundError();
  if (state.role !== 'listener') throw new NotAListenerError();
  if (state.emailConfirmed) return [];
  const expiresAt = new Date(command.now.getTime() + SIGN_UP_CONFIRMATION_TTL_MS).toISOString();
  return [
    { type: 'SignUpEmailConfirmationRequested', data: { userId: state.id, tokenHash: command.tokenHash, expiresAt } },
  ];
}

/**
 * The sign-up link from the inbox: the newest token, unexpired. Using it again once confirmed is no
 * error (a second click, another device): nothing more is recorded.
 */
export function decideConfirmSignUpEmail(
  state: UserState | null,
  command: { tokenHash: string; now: Date },
): UserEvent[] {
  if (!state) throw new EmailLinkInvalidError();
  if (state.emailConfirmed) return [];
  const pending = state.signUpConfirmation;
  if (!pending || pending.tokenHash !== command.tokenHash || pending.expiresAt <= command.now) {
    throw new EmailLinkInvalidError();
  }
  return [{ type: 'SignUpEmailConfirmed', data: { userId: state.id } }];
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

export class WrongPasswordError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super(PROFILE_MESSAGES.currentPasswordWrong);
  }
}

export class EmailChangeNeedsPasswordError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super(PROFILE_MESSAGES.emailChangeNeedsPassword);
  }
}

export class SameEmailError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super(PROFILE_MESSAGES.emailChangeSameAddress);
  }
}

export class EmailLinkInvalidError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super(PROFILE_MESSAGES.emailLinkInvalid);
  }
}

/**
 * A password change: the caller checked `checkedPasswordHash` against the current password the user
 * typed; if the password changed since (a reset in between), that check no longer counts.
 */
export function decideChangePassword(
  state: UserState | null,
  command: { checkedPasswordHash: string; passwordHash: string },
): UserEvent[] {
  if (!state) throw new UserNotFoundError();
  if (state.passwordHash !== command.checkedPasswordHash) throw new WrongPasswordError();
  return [{ type: 'PasswordChanged', data: { passwordHash: command.passwordHash, reason: 'change' } }];
}

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * An email change asked for with the current password (checked as for a password change). Nothing
 * moves yet: the new address must confirm with the emailed link. A newer request replaces an older one.
 */
export function decideRequestEmailChange(
  state: UserState | null,
  command: { email: string; tokenHash: string; checkedPasswordHash: string; now: Date },
): UserEvent[] {
  if (!state) throw new UserNotFoundError();
  if (state.passwordHash !== command.checkedPasswordHash) throw new WrongPasswordError();
  if (normalizeEmail(command.email) === normalizeEmail(state.email)) throw new SameEmailError();
  const expiresAt = new Date(command.now.getTime() + EMAIL_CHANGE_TTL_MS).toISOString();
  return [
    {
      type: 'EmailChangeRequested',
      data: { userId: state.id, email: command.email.trim(), tokenHash: command.tokenHash, expiresAt },
    },
  ];
}

/** The link from the new inbox: the newest request's token, unexpired, used once. The caller moves the reservation. */
export function decideConfirmEmailChange(
  state: UserState | null,
  command: { tokenHash: string; now: Date },
): [EventOfType<'EmailChanged'>] {
  const pending = state?.pendingEmailChange;
  if (!state || !pending || pending.tokenHash !== command.tokenHash || pending.expiresAt <= command.now) {
    throw new EmailLinkInvalidError();
  }
  return [{ type: 'EmailChanged', data: { userId: state.id, email: pending.email, previousEmail: state.email } }];
}

/** What a PATCH of My Profile asks for, validated by the contract. */
export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string | null;
  genres?: string[];
  username?: string;
  privacySettings?: Partial<TPrivacySettings>;
  notificationSettings?: Partial<TNotificationSettings>;
}

export class UserNotFoundError extends DomainError {
  readonly kind = 'not-found';
  constructor() {
    super('No user found');
  }
}

/** The entries of `wanted` whose value differs from `current`. Object.entries and fromEntries type keys as
 * any string: each key here is one of wanted's, so of T's. */
function changed<T extends object>(current: T, wanted: Partial<T>): Partial<T> {
  return Object.fromEntries(
    Object.entries(wanted).filter(([key, value]) => value !== undefined && current[key as keyof T] !== value),
  ) as Partial<T>;
}

/**
 * My Profile saved: an event per kind of change, carrying only what changed (saving an unchanged
 * form records nothing). The caller reserves a new username in the same transaction. The email is
 * not changed here: a session alone must not move the account to another address (a stolen session
 * plus forgot-password would keep it for good), so a different one is refused; the spec's client
 * sends the current one with every save, which is no change.
 */
export function decideUpdateProfile(state: UserState | null, userId: string, changes: ProfileChanges): UserEvent[] {
  if (!state) throw new UserNotFoundError();
  const events: UserEvent[] = [];
  const details: Omit<EventPayload<'ProfileUpdated'>, 'userId'> = changed(
    { firstName: state.firstName, lastName: state.lastName, phone: state.phone },
    { firstName: changes.firstName, lastName: changes.lastName, phone: changes.phone },
  );
  if (changes.genres && changes.genres.join('\u0000') !== state.genres.join('\u0000')) details.genres = changes.genres;
  if (Object.keys(details).length > 0) events.push({ type: 'ProfileUpdated', data: { userId, ...details } });
  if (changes.email !== undefined && normalizeEmail(changes.email) !== normalizeEmail(state.email)) {
    throw new EmailChangeNeedsPasswordError();
  }
  if (changes.username !== undefined && changes.username !== state.username) {
    events.push({
      type: 'UsernameChanged',
      data: { userId, username: changes.username, previousUsername: state.username },
    });
  }
  const privacy = changed(state.privacySettings, changes.privacySettings ?? {});
  const notifications = changed(state.notificationSettings, changes.notificationSettings ?? {});
  if (Object.keys(privacy).length + Object.keys(notifications).length > 0) {
    events.push({
      type: 'SettingsChanged',
      data: {
        userId,
        ...(Object.keys(privacy).length > 0 ? { privacySettings: privacy } : {}),
        ...(Object.keys(notifications).length > 0 ? { notificationSettings: notifications } : {}),
      },
    });
  }
  return events;
}
