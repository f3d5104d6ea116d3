import type { Queryable } from '@app/platform';

/**
 * Records a provider's webhook event as handled, in the caller's transaction, and says whether this
 * is its first delivery. The row commits with whatever the event caused, so a redelivery is dropped
 * only once that is stored; a concurrent delivery waits on the unique key and then finds it taken.
 */
export async function isFirstDelivery(tx: Queryable, provider: 'stripe' | 'veriff', eventId: string): Promise<boolean> {
  const inserted = await tx.query(
    'insert into processed_webhook_events (provider, event_id) values ($1, $2) on conflict do nothing',
    [provider, eventId],
  );
  return inserted.rowCount === 1;
}
