import type { EventOfType } from '@app/contracts';
import { defineProjection, tailOf, defineRowTable, RowBatch } from '@app/event-store';

export const MEMBERSHIP_STATUS_PROJECTION = 'membership-status';

/** A row of membership_status as stored (migration 1); timestamps as PostgreSQL's text or ISO strings. */
interface MembershipStatusRow {
  user_id: string;
  payment_completed: boolean;
  verification_payment_amount_cents: number | null;
  verification_payment_date: string | null;
  payment_method_last4: string | null;
  payment_method_brand: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  founding_fan_number: number | null;
  monthly_member: boolean;
  verified: boolean;
  kyc_completed: boolean;
  veriff_session_id: string | null;
  veriff_status: string | null;
  veriff_decision_time: string | null;
  veriff_first_name: string | null;
  veriff_last_name: string | null;
}

/** The row `insert into membership_status (user_id) values ($1)` makes: every other column's default. */
function newStatus(userId: string): MembershipStatusRow {
  return {
    user_id: userId,
    payment_completed: false,
    verification_payment_amount_cents: null,
    verification_payment_date: null,
    payment_method_last4: null,
    payment_method_brand: null,
    stripe_customer_id: null,
    stripe_subscription_id: null,
    founding_fan_number: null,
    monthly_member: false,
    verified: false,
    kyc_completed: false,
    veriff_session_id: null,
    veriff_status: null,
    veriff_decision_time: null,
    veriff_first_name: null,
    veriff_last_name: null,
  };
}

const STATUSES = defineRowTable<MembershipStatusRow>({
  name: 'membership_status',
  key: 'user_id',
  columns: Object.keys(newStatus('')) as (keyof MembershipStatusRow)[],
});

/**
 * One row per user who has started paying or an identity check: the verification payment, the monthly
 * membership and the identity check as the operator reads them. Permission checks never read it: they
 * fold the user's standing from the log (identity's GetAuthUser), so no write waits for this.
 */
export const membershipStatusProjection = defineProjection<
  EventOfType<
    | 'PaymentCompleted'
    | 'MembershipStarted'
    | 'MembershipEnded'
    | 'KycSessionStarted'
    | 'KycApproved'
    | 'KycDeclined'
    | 'KycExpired'
    | 'MemberErased'
  >
>({
  kind: 'projection',
  name: MEMBERSHIP_STATUS_PROJECTION,
  eventTypes: [
    'PaymentCompleted',
    'MembershipStarted',
    'MembershipEnded',
    'KycSessionStarted',
    'KycApproved',
    'KycDeclined',
    'KycExpired',
    'MemberErased',
  ],
  tables: ['membership_status'],
  migrations: [
    {
      version: 1,
      description:
        'one row per paying or checked user: verification payment, monthly membership, identity check ' +
        '(until then in identity_users)',
      sql: `create table membership_status (
              user_id text primary key,
              payment_completed boolean not null default false,
              verification_payment_amount_cents integer,
              verification_payment_date timestamptz,
              payment_method_last4 text,
              payment_method_brand text,
              stripe_customer_id text,
              stripe_subscription_id text,
              founding_fan_number integer,
              monthly_member boolean not null default false,
              verified boolean not null default false,
              kyc_completed boolean not null default false,
              veriff_session_id text,
              veriff_status text,
              veriff_decision_time timestamptz,
              veriff_first_name text,
              veriff_last_name text
            )`,
    },
  ],
  async handle(events, db) {
    const statuses = await RowBatch.load(
      db,
      STATUSES,
      events.map((event) => event.data.userId),
    );
    // A user's row is made by the first membership event about them: the account itself is identity's.
    const update = (userId: string, change: (row: MembershipStatusRow) => void) => {
      statuses.insertIfMissing(newStatus(userId));
      statuses.update(userId, change);
    };
    for (const event of events) {
      switch (event.type) {
        case 'PaymentCompleted': {
          const p = event.data;
          update(p.userId, (row) => {
            row.payment_completed = true;
            row.verification_payment_amount_cents = p.amountCents;
            row.verification_payment_date = p.paidAt;
            row.payment_method_last4 = p.cardLast4;
            row.payment_method_brand = p.cardBrand;
            row.stripe_customer_id = p.customerId;
            row.stripe_subscription_id = p.subscriptionId;
            row.founding_fan_number = p.foundingFanNumber;
          });
          break;
        }
        case 'MembershipStarted':
        case 'MembershipEnded':
          update(event.data.userId, (row) => (row.monthly_member = event.type === 'MembershipStarted'));
          break;
        case 'KycSessionStarted':
          update(event.data.userId, (row) => {
            row.veriff_session_id = event.data.sessionId;
            // A new session after an approval does not undo it.
            row.veriff_status = row.veriff_status === 'approved' ? 'approved' : 'pending';
          });
          break;
        case 'KycApproved': {
          const k = event.data;
          update(k.userId, (row) => {
            row.verified = true;
            row.kyc_completed = true;
            row.veriff_status = 'approved';
            row.veriff_session_id = k.sessionId;
            row.veriff_decision_time = k.decisionTime;
            row.veriff_first_name = k.firstName;
            row.veriff_last_name = k.lastName;
          });
          break;
        }
        case 'KycDeclined':
        case 'KycExpired': {
          const k = event.data;
          const status = k.status === 'declined' || k.status === 'resubmission_requested' ? 'declined' : 'expired';
          update(k.userId, (row) => {
            row.kyc_completed = false;
            row.veriff_status = status;
            row.veriff_session_id = k.sessionId;
            row.veriff_decision_time = k.decisionTime;
          });
          break;
        }
        case 'MemberErased':
          // The personal fields (redacted in the log from now on); the facts others' counts rest on stay.
          statuses.update(event.data.userId, (row) => {
            row.payment_method_last4 = null;
            row.veriff_first_name = null;
            row.veriff_last_name = null;
          });
          break;
      }
    }
    return tailOf([statuses.write(db)]); // the COMMIT follows it in the same round trip (BatchTail)
  },
});
