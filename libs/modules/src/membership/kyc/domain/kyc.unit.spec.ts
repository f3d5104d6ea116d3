import {
  decideKycDecision,
  decideRecordSession,
  decideStartSession,
  foldKyc,
  KycAccountNotFoundError,
  KycAlreadyVerifiedError,
  KycPaymentRequiredError,
  statusAfter,
  type KycAccount,
  type KycDecisionInput,
  type KycEvent,
  type KycProviderName,
} from './kyc.js';

const userId = 'user-1';
/** The account comes from the identity module (GetAccount), not from the stream's events. */
const account: KycAccount = { email: 'fan@example.com', firstName: 'Fan', lastName: 'One' };
const paid: KycEvent = {
  type: 'PaymentCompleted',
  data: {
    userId,
    amountCents: 1500,
    currency: 'usd',
    provider: 'stripe-test-mode',
    providerPaymentId: 'in_1',
    customerId: null,
    subscriptionId: null,
    cardLast4: null,
    cardBrand: null,
    paidAt: '2026-02-28T10:00:00.000Z',
    foundingFanNumber: 1,
  },
};
const started = (sessionId: string, provider: KycProviderName = 'veriff-test-mode'): KycEvent => ({
  type: 'KycSessionStarted',
  data: { userId, sessionId, provider },
});
const decisionTime = '2026-03-01T10:00:00.000Z';
const approved = (sessionId: string): KycEvent => ({
  type: 'KycApproved',
  data: { userId, sessionId, decisionTime, firstName: 'Fan', lastName: 'One' },
});
const declined = (sessionId: string): KycEvent => ({
  type: 'KycDeclined',
  data: { userId, sessionId, decisionTime, status: 'declined' },
});

function decision(sessionId: string, status: string): KycDecisionInput {
  return { userId, sessionId, status, decisionTime, firstName: 'Fan', lastName: 'One' };
}

describe('starting an identity check', () => {
  it('needs an account and a completed payment', () => {
    expect(() => decideStartSession(foldKyc([]), 'veriff', null)).toThrow(KycAccountNotFoundError);
    expect(() => decideStartSession(foldKyc([]), 'veriff', account)).toThrow(KycPaymentRequiredError);
    expect(decideStartSession(foldKyc([paid]), 'veriff', account)).toEqual({ start: true });
  });

  it('continues the open session of the same provider, and starts anew after a decision', () => {
    expect(decideStartSession(foldKyc([paid, started('s1')]), 'veriff-test-mode', account)).toEqual({ reuse: 's1' });
    expect(decideStartSession(foldKyc([paid, started('s1')]), 'veriff', account)).toEqual({ start: true });
    expect(decideStartSession(foldKyc([paid, started('s1'), declined('s1')]), 'veriff-test-mode', account)).toEqual({
      start: true,
    });
  });

  it('is pending again after a decline or an expiry', () => {
    const retried = foldKyc([paid, started('s1'), declined('s1'), started('s2')]);
    expect(retried.status).toBe('pending');
  });

  it('records the session the provider opened, or continues one a concurrent start recorded first', () => {
    const opened = { userId, sessionId: 's2', provider: 'veriff-test-mode' as const };
    expect(decideRecordSession(foldKyc([paid]), account, opened)).toEqual({
      events: [{ type: 'KycSessionStarted', data: opened }],
    });
    expect(decideRecordSession(foldKyc([paid, started('s1')]), account, opened)).toEqual({ reuse: 's1' });
  });

  it('is refused once approved', () => {
    expect(() => decideStartSession(foldKyc([paid, started('s1'), approved('s1')]), 'veriff', account)).toThrow(
      KycAlreadyVerifiedError,
    );
  });
});

describe('a decision from the provider', () => {
  const open = foldKyc([paid, started('s1')]);

  it('approves with the decision time and the names the provider read', () => {
    const events = decideKycDecision(open, decision('s1', 'approved'));
    expect(events).toEqual([
      { type: 'KycApproved', data: { userId, sessionId: 's1', decisionTime, firstName: 'Fan', lastName: 'One' } },
    ]);
    expect(statusAfter(open, events)).toBe('approved');
  });

  it('maps declined and resubmission_requested to KycDeclined, expired and abandoned to KycExpired', () => {
    for (const status of ['declined', 'resubmission_requested']) {
      const events = decideKycDecision(open, decision('s1', status));
      expect(events).toEqual([{ type: 'KycDeclined', data: { userId, sessionId: 's1', decisionTime, status } }]);
      expect(statusAfter(open, events)).toBe('declined');
    }
    for (const status of ['expired', 'abandoned']) {
      const events = decideKycDecision(open, decision('s1', status));
      expect(events).toEqual([{ type: 'KycExpired', data: { userId, sessionId: 's1', decisionTime, status } }]);
      expect(statusAfter(open, events)).toBe('expired');
    }
  });

  it('records nothing for review or a status it does not know', () => {
    expect(decideKycDecision(open, decision('s1', 'review'))).toEqual([]);
    expect(decideKycDecision(open, decision('s1', 'something_new'))).toEqual([]);
  });

  it('changes nothing once the user is approved', () => {
    const approvedState = foldKyc([paid, started('s1'), approved('s1')]);
    for (const status of ['approved', 'declined', 'expired']) {
      expect(decideKycDecision(approvedState, decision('s1', status))).toEqual([]);
    }
  });

  it('ignores a late decline or expiry of an older session, but honours a late approval', () => {
    const second = foldKyc([paid, started('s1'), declined('s1'), started('s2')]);
    expect(decideKycDecision(second, decision('s1', 'expired'))).toEqual([]);
    expect(decideKycDecision(second, decision('s1', 'declined'))).toEqual([]);
    expect(decideKycDecision(second, decision('s1', 'approved'))).toHaveLength(1);
    expect(decideKycDecision(second, decision('s2', 'declined'))).toHaveLength(1);
  });
});
