import type { EventOfType } from '@app/contracts';
import { defineProjection } from '@app/event-store';
import { CLAIMS_PROJECTION } from '../catalog-names.js';

type ClaimEvent = EventOfType<
  'EntryClaimCodeIssued' | 'EntryClaimSubmitted' | 'EntryClaimApproved' | 'EntryClaimRefused'
>;

/**
 * One row per claim (a code issued, then submitted, then decided). Claims are rare (a few per entry
 * ever), so a batch applies them one statement per event, in log order; each statement is idempotent
 * (an insert on conflict does nothing, an update sets the same values), so a batch delivered twice
 * leaves the same rows. `position` is where the claim was submitted: the console's queue order.
 */
export const claimsProjection = defineProjection<ClaimEvent>({
  kind: 'projection',
  name: CLAIMS_PROJECTION,
  eventTypes: ['EntryClaimCodeIssued', 'EntryClaimSubmitted', 'EntryClaimApproved', 'EntryClaimRefused'],
  tables: ['catalog_claims'],
  migrations: [
    {
      version: 1,
      description: 'claims of artists and venues: code, chosen link, status and the decision',
      sql: `create table catalog_claims (
              claim_id text primary key,
              kind text not null,
              entry_id text not null,
              user_id text not null,
              code text not null,
              expires_at timestamptz not null,
              status text not null,
              link_platform text,
              link_url text,
              issued_at timestamptz not null,
              submitted_at timestamptz,
              decided_at timestamptz,
              operator_id text,
              reason text,
              position bigint not null
            );
            create index catalog_claims_queue on catalog_claims (status, position);
            create index catalog_claims_user on catalog_claims (user_id) where status = 'approved';`,
    },
  ],
  async handle(events, db) {
    for (const event of events) {
      switch (event.type) {
        case 'EntryClaimCodeIssued': {
          const { claimId, kind, entryId, userId, code, expiresAt } = event.data;
          await db.query(
            `insert into catalog_claims (claim_id, kind, entry_id, user_id, code, expires_at, status, issued_at, position)
             values ($1, $2, $3, $4, $5, $6, 'issued', $7, $8) on conflict (claim_id) do nothing`,
            [claimId, kind, entryId, userId, code, expiresAt, event.recordedAt, event.globalPosition],
          );
          break;
        }
        case 'EntryClaimSubmitted':
          await db.query(
            `update catalog_claims set status = 'pending', link_platform = $2, link_url = $3, submitted_at = $4,
               position = $5 where claim_id = $1`,
            [event.data.claimId, event.data.link.platform, event.data.link.url, event.recordedAt, event.globalPosition],
          );
          break;
        case 'EntryClaimApproved':
        case 'EntryClaimRefused':
          await db.query(
            `update catalog_claims set status = $2, decided_at = $3, operator_id = $4, reason = $5 where claim_id = $1`,
            [
              event.data.claimId,
              event.type === 'EntryClaimApproved' ? 'approved' : 'refused',
              event.recordedAt,
              event.data.operatorId,
              event.data.reason,
            ],
          );
          break;
      }
    }
  },
});
