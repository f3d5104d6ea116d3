import { withTransaction, type Pool } from '@app/platform';
import type { Projection } from '@app/event-store';

/** Creates each projection's live tables when missing (they live in the public schema). */
export async function setupProjections(pool: Pool, projections: readonly Projection[]): Promise<void> {
  for (const projection of projections) {
    await withTransaction(pool, (client) => projection.setup(client));
  }
}
