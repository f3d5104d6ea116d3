import { mediaPath, type EventOfType } from '@app/contracts';
import { defineProjection } from '@app/event-store';
import type { Queryable } from '@app/platform';

export const USERS_PROJECTION = 'identity-users';

async function update(db: Queryable, userId: string, assignments: string, values: unknown[]): Promise<void> {
  await db.query(`update identity_users set ${assignments} where id = $1`, [userId, ...values]);
}

/**
 * One row per account: what the auth check, the navigation bar and the profile show — account,
 * payment, identity check and Payola balance — so one read shows the whole user.
 */
export const usersProjection = defineProjection<
  EventOfType<
    | 'AccountCreated'
    | 'PayolaAwarded'
    | 'PaymentCompleted'
    | 'MembershipStarted'
    | 'MembershipEnded'
    | 'KycSessionStarted'
    | 'KycApproved'
    | 'KycDeclined'
    | 'KycExpired'
    | 'ProfileUpdated'
    | 'EmailChanged'
    | 'UsernameChanged'
    | 'SettingsChanged'
    | 'ProfileImageSet'
  >
>({
  kind: 'projection',
  name: USERS_PROJECTION,
  eventTypes: [
    'AccountCreated',
    'PayolaAwarded',
    'PaymentCompleted',
    'MembershipStarted',
    'MembershipEnded',
    'KycSessionStarted',
    'KycApproved',
    'KycDeclined',
    'KycExpired',
    'ProfileUpdated',
    'EmailChanged',
    'UsernameChanged',
    'SettingsChanged',
    'ProfileImageSet',
  ],
  tables: ['identity_users'],
  migrations: [
    {
      version: 1,
      description: 'one row per account: account, payment, identity check and Payola balance',
      // `if not exists`: databases from before versioned read-model migrations already have it.
      sql: `create table if not exists identity_users (
              id text primary key,
              email text not null,
              first_name text not null,
              last_name text not null,
              role text not null,
              zip_code text not null,
              created_at timestamptz not null,
              payola_balance integer not null default 0,
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
    {
      version: 2,
      description: "My Profile's fields: username, phone, genres, visibility and notification settings",
      sql: `alter table identity_users
              add column username text,
              add column phone text,
              add column genres jsonb not null default '[]',
              add column privacy_settings jsonb not null default '{}',
              add column notification_settings jsonb not null default '{}'`,
    },
    {
      version: 3,
      description: 'the profile photo (a checked, re-encoded image in object storage)',
      sql: 'alter table identity_users add column profile_image_url text',
    },
  ],
  async handle(events, db) {
    for (const event of events) {
      switch (event.type) {
        case 'AccountCreated': {
          const data = event.data;
          await db.query(
            `insert into identity_users (id, email, first_name, last_name, role, zip_code, created_at)
             values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
            [data.userId, data.email, data.firstName, data.lastName, data.role, data.zipCode, event.recordedAt],
          );
          break;
        }
        case 'PayolaAwarded': {
          const award = event.data;
          await update(db, award.userId, 'payola_balance = payola_balance + $2', [award.amount]);
          break;
        }
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
        case 'KycSessionStarted': {
          const k = event.data;
          await update(
            db,
            k.userId,
            "veriff_session_id = $2, veriff_status = case when veriff_status = 'approved' then 'approved' else 'pending' end",
            [k.sessionId],
          );
          break;
        }
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
        case 'ProfileUpdated': {
          const { userId, firstName, lastName, phone, genres } = event.data;
          const columns: [string, unknown][] = [
            ['first_name', firstName],
            ['last_name', lastName],
            ['phone', phone],
            ['genres', genres && JSON.stringify(genres)],
          ];
          const set = columns.filter(([, value]) => value !== undefined);
          await update(
            db,
            userId,
            set.map(([column], index) => `${column} = $${index + 2}`).join(', '),
            set.map(([, value]) => value),
          );
          break;
        }
        case 'EmailChanged':
          await update(db, event.data.userId, 'email = $2', [event.data.email]);
          break;
        case 'UsernameChanged':
          await update(db, event.data.userId, 'username = $2', [event.data.username]);
          break;
        case 'SettingsChanged':
          // Only the toggles that changed are in the event: merged over what is stored.
          await update(
            db,
            event.data.userId,
            'privacy_settings = privacy_settings || $2::jsonb, notification_settings = notification_settings || $3::jsonb',
            [JSON.stringify(event.data.privacySettings ?? {}), JSON.stringify(event.data.notificationSettings ?? {})],
          );
          break;
        case 'ProfileImageSet':
          await update(db, event.data.userId, 'profile_image_url = $2', [mediaPath(event.data.mediaId)]);
          break;
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
