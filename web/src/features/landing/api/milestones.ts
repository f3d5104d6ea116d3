import { queryOptions } from '@tanstack/react-query';
import type { TMilestoneProgress } from '@app/contracts';
import { apiGet } from '@/lib/api-client';

/**
 * Live progress toward the milestones; the api caches it briefly, so a minute of staleness is plenty here.
 * Read as its contract's type, not parsed with ZMilestoneProgress: the landing page loads no zod (issue #23).
 */
export const milestoneProgressQuery = queryOptions({
  queryKey: ['/api/milestones'],
  queryFn: ({ signal }) => apiGet<TMilestoneProgress>('/api/milestones', undefined, { signal }),
  staleTime: 60_000,
});
