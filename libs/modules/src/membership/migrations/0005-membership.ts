import type { Migration } from '@app/platform';

/**
 * Write-side tables of payments and identity checks: payment sessions (docs/product.md §3), webhook events
 * already handled (duplicates are dropped), and founding fan numbers (one gap-free counter row:
 * numbers are handed out in payment-completion order, once, and a rolled-back payment burns none).
 */
export const membership0005: Migration = {
  name: '0005-membership',
  description: 'payment sessions, webhook events handled, founding fan numbers, identity checks',
  sql: `
      create table payment_sessions (
        id text primary key,
        stripe_payment_intent_id text not null unique,
        user_id text not null,
        email text not null,
        first_name text,
        last_name text,
        selected_role text not null,
        membership_addon boolean not null,
        amount_cents integer not null,
        client_secret text not null,
        card_last4 text,
        card_brand text,
        customer_id text,
        subscription_id text,
        payment_completed boolean not null default false,
        account_created boolean not null default true,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null default now() + interval '24 hours'
      );
      create index payment_sessions_user on payment_sessions (user_id);
      create index payment_sessions_subscription on payment_sessions (subscription_id);

      create table processed_webhook_events (
        provider text not null,
        event_id text not null,
        processed_at timestamptz not null default now(),
        primary key (provider, event_id)
      );

      create table founding_fan_counter (
        id boolean primary key default true check (id),
        last_number integer not null
      );
      insert into founding_fan_counter (last_number) values (0);

      create table founding_fans (
        user_id text primary key,
        number integer not null unique
      );

      create table kyc_sessions (
        session_id text primary key,
        user_id text not null,
        provider text not null,
        url text,
        created_at timestamptz not null default now()
      );
      create index kyc_sessions_user on kyc_sessions (user_id);
    `,
};
