import {
  decideRequestPasswordReset,
  decideResetPassword,
  normalizeEmail,
  rebuild,
  ResetLinkInvalidError,
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
