import { stageEmail, withTransaction, type Pool } from '@app/platform';
import { listenerMembershipOpenEmail } from '../application/emails/outreach.emails.js';
import { issueListenerInvitation } from '../application/services/listener-invitation-tokens.js';
import { LISTENER_MEMBERSHIP } from '../domain/milestones.js';

export const LISTENER_INVITATION_CHUNK = 200;

/**
 * Emails everyone on the waitlist who has not had it that the free Listener membership is open,
 * once the campaign is open. Each chunk marks its addresses and stages their emails in one
 * transaction, so a crash loses nothing and sends nothing twice: the next pass (on any worker:
 * rows are claimed with SKIP LOCKED) carries on with whoever is left. Returns the emails staged.
 */
export async function sendListenerInvitations(
  pool: Pool,
  publicUrl: string,
  chunkSize = LISTENER_INVITATION_CHUNK,
): Promise<number> {
  const open = await pool.query('select 1 from outreach_invitation_campaigns where milestone = $1', [
    LISTENER_MEMBERSHIP,
  ]);
  if (open.rowCount === 0) return 0;
  let total = 0;
  for (;;) {
    const staged = await withTransaction(pool, async (client) => {
      const { rows } = await client.query<{ email_key: string; email: string; first_name: string }>(
        `update waitlist_entries w set listener_invited_at = now()
         from (select email_key from waitlist_entries where listener_invited_at is null
               order by joined_at, email_key limit $1 for update skip locked) picked
         where w.email_key = picked.email_key
         returning w.email_key, w.email, w.first_name`,
        [chunkSize],
      );
      for (const row of rows) {
        const link = await issueListenerInvitation(client, row.email_key, publicUrl);
        await stageEmail(client, listenerMembershipOpenEmail(row.email, row.first_name, link));
      }
      return rows.length;
    });
    total += staged;
    if (staged < chunkSize) return total;
  }
}
