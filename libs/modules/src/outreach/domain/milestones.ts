import { MILESTONES, type TMilestoneId } from '@app/contracts';

export interface Milestone {
  id: TMilestoneId;
  threshold: number;
}

export interface MilestoneCounts {
  verifiedFans: number;
  verifiedArtists: number;
}

export const DEFAULT_MILESTONES: readonly Milestone[] = MILESTONES;

export function milestoneStreamId(id: TMilestoneId): string {
  return `milestone-${id}`;
}

/** A milestone is reached when verified fans AND verified artists each reach its threshold. */
export function reachedMilestones(counts: MilestoneCounts, milestones: readonly Milestone[]): Milestone[] {
  return milestones.filter((m) => counts.verifiedFans >= m.threshold && counts.verifiedArtists >= m.threshold);
}

/** The milestone whose reaching opens the free Listener membership (and emails the waitlist). */
export const LISTENER_MEMBERSHIP: TMilestoneId = 'listener-membership';
