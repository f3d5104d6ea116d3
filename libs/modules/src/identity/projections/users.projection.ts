import { DELETED_MEMBER_NAME, mediaPath, type EventOfType } from '@app/contracts';
import { defineProjection, tailOf, defineRowTable, RowBatch } from '@app/event-store';

export const USERS_PROJECTION = 'identity-users';

/** A row of identity_users as stored (migrations 1-4). */
interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  zip_code: string;
  created_at: Date | string;
  username: string | null;
  phone: string | null;
  genres: unknown;
  privacy_settings: Record<string, unknown>;
  notification_settings: Record<string, unknown>;
  profile_image_url: string | null;
}

const USERS = defineRowTable<UserRow>({
  name: 'identity_users',
  key: 'id',
  columns: [
    'id',
    'email',
    'first_name',
    'last_name',
    'role',
    'zip_code',
    'created_at',
    'username',
    'phone',
    'genres',
    'privacy_settings',
    'notification_settings',
    'profile_image_url',
  ],
});

/**
 * One row per account: who the user is and their profile, as My Profile and the navigation bar show
 * them. Identity's own events only, and the profile photo: media records the choice (ProfileImageSet)
 * but the photo is part of the profile. Payment and identity check are membership's read model
 * (membership_status), the balance is Payola's (payola_balances); permission checks read neither.
 */
export const usersProjection = defineProjection<
  EventOfType<
    | 'AccountCreated'
    | 'ProfileUpdated'
    | 'EmailChanged'
    | 'UsernameChanged'
    | 'SettingsChanged'
    | 'ProfileImageSet'
    | 'MemberErased'
  >
>({
  kind: 'projection',
  name: USERS_PROJECTION,
  eventTypes: [
    'AccountCreated',
    'ProfileUpdated',
    'EmailChanged',
    'UsernameChanged',
    'SettingsChanged',
    'ProfileImageSet',
    'MemberErased',
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
    {
      version: 4,
      description:
        'payment, identity check and balance move to the modules that own them (membership_status, payola_balances)',
      sql: `alter table identity_users
              drop column payola_balance,
              drop column payment_completed,
              drop column verification_payment_amount_cents,
              drop column verification_payment_date,
              drop column payment_method_last4,
              drop column payment_method_brand,
              drop column stripe_customer_id,
              drop column stripe_subscription_id,
              drop column founding_fan_number,
              drop column monthly_member,
              drop column verified,
              drop column kyc_completed,
              drop column veriff_session_id,
              drop column veriff_status,
              drop column veriff_decision_time,
              drop column veriff_first_name,
              drop column veriff_last_name`,
    },
  ],
  async handle(events, db) {
    const users = await RowBatch.load(
      db,
      USERS,
      events.map((event) => event.data.userId),
    );
    for (const event of events) {
      switch (event.type) {
        case 'AccountCreated': {
          const data = event.data;
          users.insertIfMissing({
            id: data.userId,
            email: data.email,
            first_name: data.firstName,
            last_name: data.lastName,
            role: data.role,
            zip_code: data.zipCode,
            created_at: event.recordedAt,
            username: null,
            phone: null,
            genres: [],
            privacy_settings: {},
            notification_settings: {},
            profile_image_url: null,
          });
          break;
        }
        case 'ProfileUpdated': {
          // Only the fields the event carries change (undefined: untouched; a null phone clears it).
          const { userId, firstName, lastName, phone, genres } = event.data;
          users.update(userId, (user) => {
            if (firstName !== undefined) user.first_name = firstName;
            if (lastName !== undefined) user.last_name = lastName;
            if (phone !== undefined) user.phone = phone;
            if (genres !== undefined) user.genres = genres;
          });
          break;
        }
        case 'EmailChanged':
          users.update(event.data.userId, (user) => (user.email = event.data.email));
          break;
        case 'UsernameChanged':
          users.update(event.data.userId, (user) => (user.username = event.data.username));
          break;
        case 'SettingsChanged': {
          // Only the toggles that changed are in the event: merged over what is stored (jsonb's ||).
          const { privacySettings = {}, notificationSettings = {} } = event.data;
          users.update(event.data.userId, (user) => {
            user.privacy_settings = { ...user.privacy_settings, ...privacySettings };
            user.notification_settings = { ...user.notification_settings, ...notificationSettings };
          });
          break;
        }
        case 'ProfileImageSet':
          users.update(event.data.userId, (user) => (user.profile_image_url = mediaPath(event.data.mediaId)));
          break;
        case 'MemberErased':
          // What the log's redacted values give on a replay: a row that says "Deleted member", nothing of theirs.
          users.update(event.data.userId, (user) => {
            user.email = '';
            user.first_name = DELETED_MEMBER_NAME.firstName;
            user.last_name = DELETED_MEMBER_NAME.lastName;
            user.zip_code = '';
            user.username = null;
            user.phone = null;
            user.genres = [];
            user.profile_image_url = null;
          });
          break;
      }
    }
    return tailOf([users.write(db)]); // the COMMIT follows it in the same round trip (BatchTail)
  },
});
