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

/**
 * Whether the free Listener membership is open, as the landing's progress shows it: undefined while
 * unknown. For what to show only: the server's sign-up asks the log itself (listenerMembershipOpen).
 */
export function listenerMembershipOpen(progress: TMilestoneProgress | undefined): boolean | undefined {
  if (!progress) return undefined;
  return progress.milestones.some((milestone) => milestone.id === 'listener-membership' && milestone.reachedAt);
}

const numbers = new Intl.NumberFormat('en-US');

/** "10,000 verified fans and 10,000 verified artists": the Listener milestone's targets as configured (the product's until known). */
export function listenerTargetsText(progress: TMilestoneProgress | undefined): string {
  const targets = progress?.milestones.find((milestone) => milestone.id === 'listener-membership')?.targets;
  const fans = targets?.verifiedFans ?? 10_000;
  const artists = targets?.verifiedArtists ?? 10_000;
  return `${numbers.format(fans)} verified fans and ${numbers.format(artists)} verified artists`;
}
