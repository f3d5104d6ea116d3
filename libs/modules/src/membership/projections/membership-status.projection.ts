import type { EventOfType } from '@app/contracts';
import { defineProjection } from '@app/event-store';
import type { Queryable } from '@app/platform';

export const MEMBERSHIP_STATUS_PROJECTION = 'membership-status';

/** A user's row, made by the first membership event about them: the account itself is identity's. */
async function update(db: Queryable, userId: string, assignments: string, values: unknown[]): Promise<void> {
  await db.query('insert into membership_status (user_id) values ($1) on conflict (user_id) do nothing', [userId]);
  await db.query(`update membership_status set ${assignments} where user_id = $1`, [userId, ...values]);
}

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
    for (const event of events) {
      switch (event.type) {
        case 'PaymentCompleted': {
          const p = event.data;
          await update(
            db,
            p.userId,
            `payment_completed = true, verification_payment_amount_cents = $2, verification_payment_date = $3,
             payment_method_last4 = $4, payment_method_brand = $5, stripe_customer_id = $6,
             stripe_subscription_id = $7, founding_fan_number = $8`,
            [p.amountCents, p.paidAt, p.cardLast4, p.cardBrand, p.customerId, p.subscriptionId, p.foundingFanNumber],
          );
          break;
        }
        case 'MembershipStarted':
        case 'MembershipEnded':
          await update(db, event.data.userId, 'monthly_member = $2', [event.type === 'MembershipStarted']);
          break;
        case 'KycSessionStarted':
          await update(
            db,
            event.data.userId,
            "veriff_session_id = $2, veriff_status = case when veriff_status = 'approved' then 'approved' else 'pending' end",
            [event.data.sessionId],
          );
          break;
        case 'KycApproved': {
          const k = event.data;
          await update(
            db,
            k.userId,
            `verified = true, kyc_completed = true, veriff_status = 'approved', veriff_session_id = $2,
             veriff_decision_time = $3, veriff_first_name = $4, veriff_last_name = $5`,
            [k.sessionId, k.decisionTime, k.firstName, k.lastName],
          );
          break;
        }
        case 'KycDeclined':
        case 'KycExpired': {
          const k = event.data;
          const status = k.status === 'declined' || k.status === 'resubmission_requested' ? 'declined' : 'expired';
          await update(
            db,
            k.userId,
            'kyc_completed = false, veriff_status = $2, veriff_session_id = $3, veriff_decision_time = $4',
            [status, k.sessionId, k.decisionTime],
          );
          break;
        }
      }
    }
  },
});
