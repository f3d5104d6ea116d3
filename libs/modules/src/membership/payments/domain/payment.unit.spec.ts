import { amountMismatchMessage } from '@app/contracts';
import {
  amountDueToday,
  decideCompletePayment,
  decideEndMembership,
  decideOpenPortal,
  decideRenewMembership,
  decideStartCheckout,
  needsFoundingFanNumber,
  NoPaymentMethodsError,
  OwnAccountOnlyError,
  paidAsDue,
  PaymentAlreadyCompletedError,
  PaymentAmountMismatchError,
  paymentFold,
  paymentStanding,
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
  const due = amountDueToday(role);
  return {
    role,
    userId,
    paid: { ...due },
    due,
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
    const { role: _role, paid: _paid, due: _due, ...data } = payment('fan');
    expect(completed('fan')).toEqual([
      { type: 'PaymentCompleted', data: { ...data, amountCents: 1500, currency: 'usd' } },
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
    expect(events[0]!.data).toMatchObject({ amountCents: 1000, currency: 'usd' });
    expect(given(events)).toMatchObject({ paymentCompleted: true, foundingFanNumber: null, membershipActive: false });
  });

  it('changes nothing when the payment is reported again', () => {
    expect(decideCompletePayment(given(completed('fan')), payment('fan', { providerPaymentId: 'in_2' }))).toEqual([]);
  });

  it('asks for a founding fan number only for a fan whose payment is still open and paid as due', () => {
    expect(needsFoundingFanNumber(given([]), payment('fan'))).toBe(true);
    expect(needsFoundingFanNumber(given([]), payment('artist'))).toBe(false);
    expect(needsFoundingFanNumber(given(completed('fan')), payment('fan'))).toBe(false);
    expect(needsFoundingFanNumber(given([]), payment('fan', { paid: { amountCents: 500, currency: 'usd' } }))).toBe(
      false,
    );
  });
});

describe('the amount paid against the amount due', () => {
  const fanDue = amountDueToday('fan');
  const short = payment('fan', { paid: { amountCents: 500, currency: 'usd' }, foundingFanNumber: null });
  const mismatched = (p: CompletePaymentInput): PaymentEvent => ({
    type: 'PaymentAmountMismatched',
    data: {
      userId,
      provider: 'stripe-test-mode',
      providerPaymentId: p.providerPaymentId,
      paidAmountCents: p.paid.amountCents,
      paidCurrency: p.paid.currency,
      dueAmountCents: p.due.amountCents,
      dueCurrency: p.due.currency,
      reportedAt: paidAt,
    },
  });

  it('is due as fans $15.00 and others $10.00, in US dollars', () => {
    expect(amountDueToday('fan')).toEqual({ amountCents: 1500, currency: 'usd' });
    expect(amountDueToday('artist')).toEqual({ amountCents: 1000, currency: 'usd' });
    expect(amountDueToday('venue')).toEqual({ amountCents: 1000, currency: 'usd' });
  });

  it('completes with the exact amount in the currency due (whatever its case)', () => {
    expect(paidAsDue({ amountCents: 1500, currency: 'usd' }, fanDue)).toBe(true);
    expect(paidAsDue({ amountCents: 1500, currency: 'USD' }, fanDue)).toBe(true);
    const events = decideCompletePayment(given([]), payment('fan', { paid: { amountCents: 1500, currency: 'USD' } }));
    expect(events.map((e) => e.type)).toEqual(['PaymentCompleted', 'MembershipStarted']);
  });

  it('records a short payment and completes nothing', () => {
    expect(paidAsDue(short.paid, fanDue)).toBe(false);
    const events = decideCompletePayment(given([]), short);
    expect(events).toEqual([mismatched(short)]);
    const state = given(events);
    expect(state).toMatchObject({ paymentCompleted: false, membershipActive: false, foundingFanNumber: null });
    expect(paymentStanding(state)).toEqual({
      paymentCompleted: false,
      foundingFanNumber: null,
      amountMismatch: { paidAmountCents: 500, paidCurrency: 'usd', dueAmountCents: 1500, dueCurrency: 'usd' },
    });
  });

  it('records the right amount in the wrong currency, an overpayment, and a report naming no amount', () => {
    for (const paid of [
      { amountCents: 1500, currency: 'eur' },
      { amountCents: 2000, currency: 'usd' },
      { amountCents: null, currency: 'usd' },
      { amountCents: 1500, currency: null },
    ]) {
      const p = payment('fan', { paid, foundingFanNumber: null });
      expect(paidAsDue(paid, fanDue)).toBe(false);
      expect(decideCompletePayment(given([]), p)).toEqual([mismatched(p)]);
    }
    const artist = payment('artist', { paid: { amountCents: 1000, currency: 'cad' } });
    expect(decideCompletePayment(given([]), artist)).toEqual([mismatched(artist)]);
  });

  it('records the same short report of a payment once, and a different one again', () => {
    const state = given([mismatched(short)]);
    expect(decideCompletePayment(state, short)).toEqual([]);
    const other = payment('fan', { paid: { amountCents: 1000, currency: 'usd' }, foundingFanNumber: null });
    expect(decideCompletePayment(state, other)).toEqual([mismatched(other)]);
  });

  it('tells the payer, and offers no new checkout, while the payment stands short', () => {
    const state = given([mismatched(short)]);
    expect(() => decideStartCheckout(state, { userId })).toThrow(PaymentAmountMismatchError);
    expect(() => decideStartCheckout(state, { userId })).toThrow(
      'We received $5.00, but $15.00 is due. Your membership is not active yet. Please contact support and we will sort it out.',
    );
  });

  it('lets a later report of the full amount complete the payment, and then forgets the mismatch', () => {
    const events = decideCompletePayment(given([mismatched(short)]), payment('fan'));
    expect(events.map((e) => e.type)).toEqual(['PaymentCompleted', 'MembershipStarted']);
    const state = given([mismatched(short), ...events]);
    expect(paymentStanding(state)).toEqual({ paymentCompleted: true, foundingFanNumber: 7, amountMismatch: null });
    expect(decideCompletePayment(state, short)).toEqual([]);
  });
});

describe('the words a payer reads about a payment that was not the amount due', () => {
  const due = { dueAmountCents: 1500, dueCurrency: 'usd' };

  it('says what arrived, what is due, that the membership is not active, and to contact support', () => {
    expect(amountMismatchMessage({ paidAmountCents: 500, paidCurrency: 'usd', ...due })).toBe(
      'We received $5.00, but $15.00 is due. Your membership is not active yet. Please contact support and we will sort it out.',
    );
  });

  it("names both currencies when they differ, in each currency's own units", () => {
    expect(amountMismatchMessage({ paidAmountCents: 1500, paidCurrency: 'eur', ...due })).toMatch(
      /^We received €15\.00 \(EUR\), but \$15\.00 \(USD\) is due\. Your membership is not active yet\./,
    );
    expect(amountMismatchMessage({ paidAmountCents: 1500, paidCurrency: 'jpy', ...due })).toMatch(
      /^We received ¥1,500 \(JPY\), but \$15\.00 \(USD\) is due\./,
    );
  });

  it('says so when the report named no amount', () => {
    expect(amountMismatchMessage({ paidAmountCents: null, paidCurrency: null, ...due })).toBe(
      'We could not confirm how much your payment was, and $15.00 is due. Your membership is not active yet. Please contact support and we will sort it out.',
    );
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
