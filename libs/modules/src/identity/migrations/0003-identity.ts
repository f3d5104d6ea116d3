import type { Migration } from '@app/platform';

/**
 * Write-side tables of the identity module, written in the same transaction as the events they go
 * with: email uniqueness, password-reset tokens (hashed), and the login session store.
 */
export const identity0003: Migration = {
  name: '0003-identity',
  description: 'email reservations, password-reset tokens, sessions, local inbox',
  sql: `
      create table email_reservations (
        email_normalized text primary key,
        user_id text not null unique,
        reserved_at timestamptz not null default now()
      );

      create table password_reset_tokens (
        token_hash text primary key,
        user_id text not null,
        expires_at timestamptz not null
      );
      create index password_reset_tokens_user on password_reset_tokens (user_id);

      -- connect-pg-simple's session store (spec: sid, sess, expire).
      create table session (
        sid varchar not null primary key,
        sess json not null,
        expire timestamp(6) not null
      );
      create index session_expire on session (expire);

      -- Emails "sent" while no SMTP server is configured: the local inbox a developer can open.
      create table local_inbox (
        id bigint generated always as identity primary key,
        recipient text not null,
        subject text not null,
        html text not null,
        text text not null,
        sent_at timestamptz not null default now()
      );
    `,
};
