import type { Migration } from '../migrations-runner.js';

/**
 * Crypto-shredding's key table (libs/event-store/src/personal-data-crypto.ts): one AES-256 key per
 * subject of personal data (a member, or an email that wrote without an account), under the sha256 of
 * the subject. Never in the log: erasing a member destroys their key here, in the transaction that
 * records MemberErased, and the personal fields sealed with it in the log can never be read again. An
 * erased member keeps a row without a key, so nothing appended for them afterwards is readable either.
 */
export const personalDataKeys0015: Migration = {
  name: '0015-personal-data-keys',
  description: 'a data key per subject of personal data in the log (crypto-shredding)',
  sql: `
      create table personal_data_keys (
        subject text primary key,
        data_key bytea,
        created_at timestamptz not null default now(),
        erased_at timestamptz,
        constraint personal_data_keys_erased check ((data_key is null) = (erased_at is not null))
      );
      -- When the log's existing personal fields were sealed (npm run ops -- migrate does it once, see
      -- sealExistingPersonalData): the one-time storage-format upgrade of a log written before this.
      create table personal_data_sealing (
        sealed_at timestamptz not null default now(),
        sealed bigint not null
      );
    `,
};
