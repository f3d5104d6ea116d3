import type { EventOfType } from '@app/contracts';
import { defineProjection, defineRowTable, RowBatch, tailOf } from '@app/event-store';
import { CLAIMS_PROJECTION } from '../catalog-names.js';

type ClaimEvent = EventOfType<
  'EntryClaimCodeIssued' | 'EntryClaimSubmitted' | 'EntryClaimApproved' | 'EntryClaimRefused'
>;

/** A row of catalog_claims as stored (migration 1). */
interface ClaimRow {
  claim_id: string;
  kind: string;
  entry_id: string;
  user_id: string;
  code: string;
  expires_at: string;
  status: string;
  link_platform: string | null;
  link_url: string | null;
  issued_at: Date | string;
  submitted_at: Date | string | null;
  decided_at: Date | string | null;
  operator_id: string | null;
  reason: string | null;
  position: number | string;
}

const CLAIMS = defineRowTable<ClaimRow>({
  name: 'catalog_claims',
  key: 'claim_id',
  columns: [
    'claim_id',
    'kind',
    'entry_id',
    'user_id',
    'code',
    'expires_at',
    'status',
    'link_platform',
    'link_url',
    'issued_at',
    'submitted_at',
    'decided_at',
    'operator_id',
    'reason',
    'position',
  ],
});

/**
 * One row per claim (a code issued, then submitted, then decided). A batch is set-based, so a replay
 * costs two statements per batch rather than one per event: it loads the claims its events name, folds
 * the events in log order in memory with the rules of the statements they replace (a code issued is
 * `insert ... on conflict do nothing`, the first wins; a submission or decision is an update, nothing
 * when the claim is not there yet), and writes the changed claims back. The rules are idempotent, so a
 * batch delivered twice leaves the same rows. `position` is where the claim was submitted: the console's
 * queue order.
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
    const claims = await RowBatch.load(
      db,
      CLAIMS,
      events.map((event) => event.data.claimId),
    );
    for (const event of events) {
      switch (event.type) {
        case 'EntryClaimCodeIssued': {
          const { claimId, kind, entryId, userId, code, expiresAt } = event.data;
          claims.insertIfMissing({
            claim_id: claimId,
            kind,
            entry_id: entryId,
            user_id: userId,
            code,
            expires_at: expiresAt,
            status: 'issued',
            link_platform: null,
            link_url: null,
            issued_at: event.recordedAt,
            submitted_at: null,
            decided_at: null,
            operator_id: null,
            reason: null,
            position: event.globalPosition,
          });
          break;
        }
        case 'EntryClaimSubmitted':
          claims.update(event.data.claimId, (claim) => {
            claim.status = 'pending';
            claim.link_platform = event.data.link.platform;
            claim.link_url = event.data.link.url;
            claim.submitted_at = event.recordedAt;
            claim.position = event.globalPosition;
          });
          break;
        case 'EntryClaimApproved':
        case 'EntryClaimRefused':
          claims.update(event.data.claimId, (claim) => {
            claim.status = event.type === 'EntryClaimApproved' ? 'approved' : 'refused';
            claim.decided_at = event.recordedAt;
            claim.operator_id = event.data.operatorId;
            claim.reason = event.data.reason;
          });
          break;
      }
    }
    return tailOf([claims.write(db)]); // the COMMIT follows it in the same round trip (BatchTail)
  },
});
