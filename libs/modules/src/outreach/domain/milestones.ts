import { MILESTONES, type TMilestoneId } from '@app/contracts';

/** A milestone and the verified fans and verified artists it needs (each at least its own threshold). */
export interface Milestone {
  id: TMilestoneId;
  verifiedFans: number;
  verifiedArtists: number;
}

export interface MilestoneCounts {
  verifiedFans: number;
  verifiedArtists: number;
}

/** The product's thresholds; the processes use the configured ones (libs/platform config, milestoneThresholds). */
export const DEFAULT_MILESTONES: readonly Milestone[] = MILESTONES.map(({ id, threshold }) => ({
  id,
  verifiedFans: threshold,
  verifiedArtists: threshold,
}));

export function milestoneStreamId(id: TMilestoneId): string {
  return `milestone-${id}`;
}

/** A milestone is reached when verified fans AND verified artists each reach their threshold. */
export function reachedMilestones(counts: MilestoneCounts, milestones: readonly Milestone[]): Milestone[] {
  return milestones.filter((m) => counts.verifiedFans >= m.verifiedFans && counts.verifiedArtists >= m.verifiedArtists);
}

/**
 * The one number MilestoneReached and the progress answer have always carried ("at N of each"): the
 * larger of the two thresholds, which are equal in production.
 */
export function headlineThreshold(milestone: Milestone): number {
  return Math.max(milestone.verifiedFans, milestone.verifiedArtists);
}

/** The milestone whose reaching opens the free Listener membership (and emails the waitlist). */
export const LISTENER_MEMBERSHIP: TMilestoneId = 'listener-membership';
