import type { Migration } from '@app/platform';

/**
 * The operators module's write side: what must never be on the event log. `operator_second_factors`
 * holds each operator's TOTP secret (pending until a code confirms it) and the last time step a code
 * was accepted at, so a code is good once. `operator_recovery_codes` holds only the sha256 of each
 * recovery code and when it was used. A revoke deletes both; the log keeps only that it happened.
 */
export const operators0012: Migration = {
  name: '0012-operators',
  description: 'operator second factors (TOTP secrets) and hashed recovery codes',
  sql: `
      create table operator_second_factors (
        user_id text primary key,
        secret text not null,
        enrolled_at timestamptz,
        last_time_step bigint not null default 0,
        created_at timestamptz not null default now()
      );
      create table operator_recovery_codes (
        user_id text not null,
        code_hash text not null,
        used_at timestamptz,
        primary key (user_id, code_hash)
      );
    `,
};
