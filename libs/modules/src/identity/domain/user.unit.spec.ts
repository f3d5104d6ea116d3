import {
  AccountExistsError,
  decideChangePassword,
  decideConfirmSignUpEmail,
  decideCreateAccount,
  decideConfirmEmailChange,
  decideRequestEmailChange,
  decideRequestPasswordReset,
  decideUpdateProfile,
  decideResetPassword,
  EmailChangeNeedsPasswordError,
  EmailLinkInvalidError,
  normalizeEmail,
  rebuild,
  ResetLinkInvalidError,
  SameEmailError,
  UserNotFoundError,
  WrongPasswordError,
  type UserEvent,
} from './user.js';

const created: UserEvent = {
  type: 'AccountCreated',
  data: {
    userId: 'u1',
    email: 'Ada@Example.com',
    firstName: 'Ada',
    lastName: 'L',
    role: 'fan',
    zipCode: '12345',
    passwordHash: 'h1',
  },
};
const now = new Date('2026-11-22T10:00:00Z');

describe('user decisions', () => {
  it('normalizes emails for uniqueness', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('issues a reset token valid for one hour, and none for an unknown user', () => {
    const events = decideRequestPasswordReset(rebuild([created]), { tokenHash: 't1', now });
    expect(events).toEqual([
      { type: 'PasswordResetRequested', data: { tokenHash: 't1', expiresAt: '2026-11-22T11:00:00.000Z' } },
    ]);
    expect(decideRequestPasswordReset(null, { tokenHash: 't1', now })).toEqual([]);
  });

  it('accepts a fresh token once; a used, expired or unknown token is refused', () => {
    const requested = decideRequestPasswordReset(rebuild([created]), { tokenHash: 't1', now });
    const history = [created, ...requested];
    const changed = decideResetPassword(rebuild(history), { tokenHash: 't1', passwordHash: 'h2', now });
    expect(changed).toEqual([{ type: 'PasswordChanged', data: { passwordHash: 'h2', reason: 'reset' } }]);

    const afterUse = rebuild([...history, ...changed]);
    expect(afterUse?.passwordHash).toBe('h2');
    expect(() => decideResetPassword(afterUse, { tokenHash: 't1', passwordHash: 'h3', now })).toThrow(
      ResetLinkInvalidError,
    );

    const later = new Date(now.getTime() + 60 * 60 * 1000);
    expect(() => decideResetPassword(rebuild(history), { tokenHash: 't1', passwordHash: 'h3', now: later })).toThrow(
      'This reset link is invalid or has expired.',
    );
    expect(() => decideResetPassword(rebuild(history), { tokenHash: 'nope', passwordHash: 'h3', now })).toThrow(
      ResetLinkInvalidError,
    );
  });
});

describe('decideUpdateProfile', () => {
  const created = {
    type: 'AccountCreated' as const,
    data: {
      userId: 'u1',
      email: 'robin@example.com',
      firstName: 'Robin',
      lastName: 'Reed',
      role: 'fan' as const,
      zipCode: '78701',
      passwordHash: 'hash',
    },
  };
  const state = rebuild([created]);

  it('records only what changed, one event per kind of change', () => {
    expect(
      decideUpdateProfile(state, 'u1', {
        firstName: 'Robin',
        lastName: 'Rivers',
        email: 'ROBIN@example.com',
        genres: ['Jazz'],
        privacySettings: { profilePublic: true, chartsPublic: true },
      }),
    ).toEqual([
      { type: 'ProfileUpdated', data: { userId: 'u1', lastName: 'Rivers', genres: ['Jazz'] } },
      { type: 'SettingsChanged', data: { userId: 'u1', privacySettings: { chartsPublic: true } } },
    ]);
  });

  it('moves the username, and says what it was', () => {
    const events = decideUpdateProfile(state, 'u1', { username: 'robin_r' });
    expect(events).toEqual([
      { type: 'UsernameChanged', data: { userId: 'u1', username: 'robin_r', previousUsername: null } },
    ]);
    const after = rebuild([created, ...events]);
    expect(after).toMatchObject({ username: 'robin_r' });
    expect(decideUpdateProfile(after, 'u1', { username: 'robin_r' })).toEqual([]);
  });

  it('never changes the email: a different one needs the password and the new inbox', () => {
    expect(() => decideUpdateProfile(state, 'u1', { email: 'new@example.com', firstName: 'Rob' })).toThrow(
      EmailChangeNeedsPasswordError,
    );
  });

  it('refuses an unknown user', () => {
    expect(() => decideUpdateProfile(null, 'u1', { firstName: 'X' })).toThrow(UserNotFoundError);
  });
});

describe('sign-in detail changes', () => {
  const state = rebuild([created]);
  const request = (email: string, tokenHash: string, at = now) =>
    decideRequestEmailChange(rebuild([created]), { email, tokenHash, checkedPasswordHash: 'h1', now: at });

  it('asks for an email change with the checked password; the address moves only on the link, once', () => {
    const requested = request(' new@example.com ', 't1');
    expect(requested).toEqual([
      {
        type: 'EmailChangeRequested',
        data: { userId: 'u1', email: 'new@example.com', tokenHash: 't1', expiresAt: '2026-11-23T10:00:00.000Z' },
      },
    ]);
    const pending = rebuild([created, ...requested]);
    expect(pending?.email).toBe('Ada@Example.com');
    const confirmed = decideConfirmEmailChange(pending, { tokenHash: 't1', now });
    expect(confirmed).toEqual([
      { type: 'EmailChanged', data: { userId: 'u1', email: 'new@example.com', previousEmail: 'Ada@Example.com' } },
    ]);
    const after = rebuild([created, ...requested, ...confirmed]);
    expect(after?.email).toBe('new@example.com');
    expect(() => decideConfirmEmailChange(after, { tokenHash: 't1', now })).toThrow(EmailLinkInvalidError);
  });

  it('refuses a wrong password, the same address, an unknown user', () => {
    expect(() =>
      decideRequestEmailChange(state, { email: 'b@example.com', tokenHash: 't', checkedPasswordHash: 'old', now }),
    ).toThrow(WrongPasswordError);
    expect(() => request(' ADA@example.com', 't')).toThrow(SameEmailError);
    expect(() =>
      decideRequestEmailChange(null, { email: 'b@example.com', tokenHash: 't', checkedPasswordHash: 'h1', now }),
    ).toThrow(UserNotFoundError);
  });

  it('honours only the newest link, within 24 hours, and none after a password change', () => {
    const first = request('one@example.com', 't1');
    const second = request('two@example.com', 't2');
    const both = rebuild([created, ...first, ...second]);
    expect(() => decideConfirmEmailChange(both, { tokenHash: 't1', now })).toThrow(EmailLinkInvalidError);
    const dayLater = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    expect(() => decideConfirmEmailChange(both, { tokenHash: 't2', now: dayLater })).toThrow(EmailLinkInvalidError);
    expect(decideConfirmEmailChange(both, { tokenHash: 't2', now: new Date(dayLater.getTime() - 1) })).toHaveLength(1);

    const changed = decideChangePassword(both, { checkedPasswordHash: 'h1', passwordHash: 'h2' });
    expect(changed).toEqual([{ type: 'PasswordChanged', data: { passwordHash: 'h2', reason: 'change' } }]);
    expect(() => decideConfirmEmailChange(rebuild([created, ...first, ...changed]), { tokenHash: 't1', now })).toThrow(
      EmailLinkInvalidError,
    );
  });

  it('changes the password only if the one checked is still current', () => {
    expect(() => decideChangePassword(state, { checkedPasswordHash: 'stale', passwordHash: 'h2' })).toThrow(
      WrongPasswordError,
    );
    expect(() => decideChangePassword(null, { checkedPasswordHash: 'h1', passwordHash: 'h2' })).toThrow(
      UserNotFoundError,
    );
  });
});

describe('a Listener sign-up: no payment, an emailed link instead', () => {
  const listener = { ...created.data, userId: 'l1', role: 'listener' as const };

  it('asks the address to confirm, with a week-long link; paying roles are asked nothing', () => {
    expect(decideCreateAccount(null, listener, { tokenHash: 'c1', now })).toEqual([
      { type: 'AccountCreated', data: listener },
      {
        type: 'SignUpEmailConfirmationRequested',
        data: { userId: 'l1', tokenHash: 'c1', expiresAt: '2026-11-29T10:00:00.000Z' },
      },
    ]);
    expect(decideCreateAccount(null, created.data, { tokenHash: 'c1', now })).toEqual([created]);
    expect(() => decideCreateAccount(rebuild([created]), listener, { tokenHash: 'c1', now })).toThrow(
      AccountExistsError,
    );
  });

  it('confirms with the link once (a second use is no error), never with another token or after a week', () => {
    const state = rebuild(decideCreateAccount(null, listener, { tokenHash: 'c1', now }));
    expect(() => decideConfirmSignUpEmail(state, { tokenHash: 'other', now })).toThrow(EmailLinkInvalidError);
    const late = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000);
    expect(() => decideConfirmSignUpEmail(state, { tokenHash: 'c1', now: late })).toThrow(EmailLinkInvalidError);
    const confirmed = decideConfirmSignUpEmail(state, { tokenHash: 'c1', now });
    expect(confirmed).toEqual([{ type: 'SignUpEmailConfirmed', data: { userId: 'l1' } }]);
    const after = rebuild([...decideCreateAccount(null, listener, { tokenHash: 'c1', now }), ...confirmed]);
    expect(after?.emailConfirmed).toBe(true);
    expect(decideConfirmSignUpEmail(after, { tokenHash: 'c1', now })).toEqual([]);
    expect(() => decideConfirmSignUpEmail(rebuild([created]), { tokenHash: 'c1', now })).toThrow(EmailLinkInvalidError);
  });
});
