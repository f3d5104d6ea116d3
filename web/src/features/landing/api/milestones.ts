import { queryOptions } from '@tanstack/react-query';
import { ZMilestoneProgress } from '@app/contracts';
import { apiGet } from '@/lib/api-client';

/** Live progress toward the milestones; the api caches it briefly, so a minute of staleness is plenty here. */
export const milestoneProgressQuery = queryOptions({
  queryKey: ['/api/milestones'],
  queryFn: ({ signal }) => apiGet('/api/milestones', ZMilestoneProgress, { signal }),
  staleTime: 60_000,
});
