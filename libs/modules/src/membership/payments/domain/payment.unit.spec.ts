import {
  decideCompletePayment,
  decideEndMembership,
  decideOpenPortal,
  decideRenewMembership,
  decideStartCheckout,
  needsFoundingFanNumber,
  NoPaymentMethodsError,
  OwnAccountOnlyError,
  PaymentAlreadyCompletedError,
  paymentFold,
  type CompletePaymentInput,
  type PaymentEvent,
} from './payment.js';

const given = (events: PaymentEvent[]) => events.reduce(paymentFold.evolve, paymentFold.initialState());

const userId = 'u1';
const paidAt = '2026-11-22T10:00:00.000Z';
const now = '2026-12-22T10:00:00.000Z';

function payment(
  role: CompletePaymentInput['role'],
  overrides: Partial<CompletePaymentInput> = {},
): CompletePaymentInput {
  const fan = role === 'fan';
  return {
    role,
    userId,
    amountCents: fan ? 1500 : 1000,
    currency: 'usd',
    provider: 'stripe-test-mode',
    providerPaymentId: fan ? 'in_1' : 'pi_1',
    customerId: 'cus_1',
    subscriptionId: fan ? 'sub_1' : null,
    cardLast4: '4242',
    cardBrand: 'visa',
    paidAt,
    foundingFanNumber: fan ? 7 : null,
    ...overrides,
  };
}

const completed = (role: CompletePaymentInput['role']) => decideCompletePayment(given([]), payment(role));
const ended: PaymentEvent = { type: 'MembershipEnded', data: { userId, endedAt: paidAt } };

describe('completing the verification payment', () => {
  it("records a fan's payment with their founding fan number and starts the monthly membership", () => {
    const { role: _role, ...data } = payment('fan');
    expect(completed('fan')).toEqual([
      { type: 'PaymentCompleted', data },
      { type: 'MembershipStarted', data: { userId, subscriptionId: 'sub_1', startedAt: paidAt } },
    ]);
    const state = given(completed('fan'));
    expect(state).toMatchObject({
      paymentCompleted: true,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      foundingFanNumber: 7,
      membershipActive: true,
    });
  });

  it('records other roles once, with no number and no membership', () => {
    const events = completed('artist');
    expect(events.map((e) => e.type)).toEqual(['PaymentCompleted']);
    expect(given(events)).toMatchObject({ paymentCompleted: true, foundingFanNumber: null, membershipActive: false });
  });

  it('changes nothing when the payment is reported again', () => {
    expect(decideCompletePayment(given(completed('fan')), payment('fan', { providerPaymentId: 'in_2' }))).toEqual([]);
  });

  it('asks for a founding fan number only for a fan whose payment is still open', () => {
    expect(needsFoundingFanNumber(given([]), 'fan')).toBe(true);
    expect(needsFoundingFanNumber(given([]), 'artist')).toBe(false);
    expect(needsFoundingFanNumber(given(completed('fan')), 'fan')).toBe(false);
  });
});

describe('starting a checkout and opening the customer portal', () => {
  it('is only for your own account, and only until the payment completed', () => {
    expect(() => decideStartCheckout(given([]), { userId, requestedUserId: 'u2' })).toThrow(OwnAccountOnlyError);
    expect(() => decideStartCheckout(given([]), { userId, requestedUserId: userId })).not.toThrow();
    expect(() => decideStartCheckout(given([]), { userId })).not.toThrow();
    expect(() => decideStartCheckout(given(completed('artist')), { userId })).toThrow(PaymentAlreadyCompletedError);
  });

  it('opens the portal for the customer of the completed payment, and refuses before one', () => {
    expect(() => decideOpenPortal(given([]))).toThrow(NoPaymentMethodsError);
    expect(() => decideOpenPortal(given([]))).toThrow("You haven't set up any payment methods yet.");
    expect(decideOpenPortal(given(completed('artist')))).toEqual({ customerId: 'cus_1' });
  });
});

describe('the monthly membership follows the subscription', () => {
  const renewal = { userId, subscriptionId: 'sub_1', paidUntil: '2027-01-22T10:00:00.000Z', now };

  it('renews an active membership', () => {
    const events = decideRenewMembership(given(completed('fan')), renewal);
    expect(events).toEqual([{ type: 'MembershipRenewed', data: { userId, paidUntil: renewal.paidUntil } }]);
    expect(given([...completed('fan'), ...events])).toMatchObject({
      membershipActive: true,
      paidUntil: renewal.paidUntil,
    });
  });

  it('ignores a renewal before any payment', () => {
    expect(decideRenewMembership(given([]), renewal)).toEqual([]);
  });

  it('ends an active membership, once', () => {
    const events = decideEndMembership(given(completed('fan')), { userId, now });
    expect(events).toEqual([{ type: 'MembershipEnded', data: { userId, endedAt: now } }]);
    const afterEnd = given([...completed('fan'), ...events]);
    expect(afterEnd.membershipActive).toBe(false);
    expect(decideEndMembership(afterEnd, { userId, now })).toEqual([]);
    expect(decideEndMembership(given(completed('artist')), { userId, now })).toEqual([]);
  });

  it('starts a lapsed membership again when a later invoice is paid', () => {
    const lapsed = given([...completed('fan'), ended]);
    expect(decideRenewMembership(lapsed, renewal)).toEqual([
      { type: 'MembershipStarted', data: { userId, subscriptionId: 'sub_1', startedAt: now } },
      { type: 'MembershipRenewed', data: { userId, paidUntil: renewal.paidUntil } },
    ]);
  });
});
