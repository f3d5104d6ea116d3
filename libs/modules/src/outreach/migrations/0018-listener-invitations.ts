import type { Migration } from '@app/platform';

/**
 * The Listener invitation link: each invitation email carries a random token that pre-fills the
 * Listener sign-up from the waitlist entry; only its sha256 is kept (as for reset links), so the table
 * never holds a usable link and the URL never holds the address.
 */
export const outreach0018: Migration = {
  name: '0018-listener-invitations',
  description: 'waitlist entries: the invitation link token hash',
  sql: `
      alter table waitlist_entries add column invitation_token_hash text unique;
    `,
};
