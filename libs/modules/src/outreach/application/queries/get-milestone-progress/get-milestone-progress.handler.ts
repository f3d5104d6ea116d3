import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TMilestoneProgress } from '@app/contracts';
import { InjectConfig, InjectPool, milestoneThresholds, type AppConfig, type Pool } from '@app/platform';
import { headlineThreshold } from '../../../domain/milestones.js';
import { GetMilestoneProgress } from './get-milestone-progress.query.js';

/** The landing page asks on every visit; the counts move slowly, so each api process asks PostgreSQL at most this often. */
export const MILESTONE_PROGRESS_CACHE_MS = 10_000;

@QueryHandler(GetMilestoneProgress)
export class GetMilestoneProgressHandler implements IQueryHandler<GetMilestoneProgress> {
  private cached: { value: Promise<TMilestoneProgress>; until: number } | null = null;

  constructor(
    @InjectPool() private readonly pool: Pool,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  execute(): Promise<TMilestoneProgress> {
    const now = Date.now();
    if (this.cached && this.cached.until > now) return this.cached.value;
    const value = this.read();
    this.cached = { value, until: now + MILESTONE_PROGRESS_CACHE_MS };
    value.catch(() => (this.cached = null));
    return value;
  }

  private async read(): Promise<TMilestoneProgress> {
    const [counts, reached] = await Promise.all([
      this.pool.query<{ verified_fans: number; verified_artists: number }>(
        'select verified_fans, verified_artists from outreach_milestone_counts where id = 1',
      ),
      this.pool.query<{ milestone: string; reached_at: Date }>(
        'select milestone, reached_at from outreach_milestones_reached',
      ),
    ]);
    const reachedAt = new Map(reached.rows.map((row) => [row.milestone, row.reached_at.toISOString()]));
    return {
      verifiedFans: counts.rows[0]?.verified_fans ?? 0,
      verifiedArtists: counts.rows[0]?.verified_artists ?? 0,
      // The configured thresholds, the ones the recorder counts toward: the landing shows the real targets.
      milestones: milestoneThresholds(this.config).map((milestone) => ({
        id: milestone.id,
        threshold: headlineThreshold(milestone),
        targets: { verifiedFans: milestone.verifiedFans, verifiedArtists: milestone.verifiedArtists },
        reachedAt: reachedAt.get(milestone.id) ?? null,
      })),
    };
  }
}
