import {
  decideRequestPasswordReset,
  decideUpdateProfile,
  decideResetPassword,
  normalizeEmail,
  rebuild,
  ResetLinkInvalidError,
  UserNotFoundError,
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

  it('moves the email and the username, and says what they were', () => {
    const events = decideUpdateProfile(state, 'u1', { email: 'new@example.com', username: 'robin_r' });
    expect(events).toEqual([
      { type: 'EmailChanged', data: { userId: 'u1', email: 'new@example.com', previousEmail: 'robin@example.com' } },
      { type: 'UsernameChanged', data: { userId: 'u1', username: 'robin_r', previousUsername: null } },
    ]);
    const after = rebuild([created, ...events]);
    expect(after).toMatchObject({ email: 'new@example.com', username: 'robin_r' });
    expect(decideUpdateProfile(after, 'u1', { username: 'robin_r' })).toEqual([]);
  });

  it('refuses an unknown user', () => {
    expect(() => decideUpdateProfile(null, 'u1', { firstName: 'X' })).toThrow(UserNotFoundError);
  });
});
