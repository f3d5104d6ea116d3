import { evolveStanding, type Standing, type StandingEvent } from './standing.js';

const event = (type: StandingEvent['type'], data: object) => ({ type, data }) as unknown as StandingEvent;
const fold = (...events: ReturnType<typeof event>[]) => events.reduce<Standing | null>(evolveStanding, null);

const created = event('AccountCreated', { userId: 'u', role: 'fan' });
const paid = event('PaymentCompleted', { userId: 'u', foundingFanNumber: 7 });
const session = event('KycSessionStarted', { userId: 'u', sessionId: 's' });

describe('a user standing, from the user stream', () => {
  it('is nothing before the account exists', () => {
    expect(fold(paid)).toBeNull();
  });

  it('a new account has paid nothing and is not verified', () => {
    expect(fold(created)).toEqual({
      role: 'fan',
      paymentCompleted: false,
      foundingFanNumber: null,
      verified: false,
      kycCompleted: false,
      veriffStatus: null,
      suspended: false,
    });
  });

  it('payment, then an approved check: paid with the founding number, verified', () => {
    expect(fold(created, paid, session, event('KycApproved', { userId: 'u', sessionId: 's' }))).toMatchObject({
      paymentCompleted: true,
      foundingFanNumber: 7,
      verified: true,
      kycCompleted: true,
      veriffStatus: 'approved',
    });
  });

  it('a declined or abandoned check is not verified, and says which', () => {
    expect(fold(created, paid, session, event('KycDeclined', { status: 'resubmission_requested' }))).toMatchObject({
      verified: false,
      veriffStatus: 'declined',
    });
    expect(fold(created, paid, session, event('KycExpired', { status: 'abandoned' }))).toMatchObject({
      verified: false,
      veriffStatus: 'expired',
    });
  });

  it('a new session after an approval keeps the approval', () => {
    const approved = event('KycApproved', { userId: 'u', sessionId: 's' });
    expect(fold(created, paid, session, approved, session)).toMatchObject({ verified: true, veriffStatus: 'approved' });
  });

  it('a suspension holds until it is lifted, and keeps the rest of the standing', () => {
    const suspended = event('MemberSuspended', { userId: 'u', operatorId: 'o', reason: 'spam' });
    const lifted = event('MemberSuspensionLifted', { userId: 'u', operatorId: 'o', reason: 'appeal' });
    expect(fold(created, paid, suspended)).toMatchObject({ suspended: true, paymentCompleted: true });
    expect(fold(created, paid, suspended, lifted)).toMatchObject({ suspended: false, foundingFanNumber: 7 });
  });

  it("a Listener's confirmed email opens the app as a payment does; another role's confirms nothing", () => {
    const confirmed = event('SignUpEmailConfirmed', { userId: 'u' });
    const listener = event('AccountCreated', { userId: 'u', role: 'listener' });
    expect(fold(listener)).toMatchObject({ role: 'listener', paymentCompleted: false });
    expect(fold(listener, confirmed)).toMatchObject({
      paymentCompleted: true,
      verified: false,
      foundingFanNumber: null,
    });
    expect(fold(created, confirmed)).toMatchObject({ paymentCompleted: false });
  });
});
