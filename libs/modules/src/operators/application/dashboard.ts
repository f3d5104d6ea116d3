import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { OPS_DASHBOARD_DAYS, type TOpsDashboard } from '@app/contracts';
import { readLag } from '@app/event-store';
import { EMAIL_QUEUE, InjectConfig, InjectPool, InjectRedis, QUEUES, type AppConfig, type Pool } from '@app/platform';
import { MEDIA_CLEANUP_QUEUE } from '../../media/index.js';
import { GetMilestoneProgress } from '../../outreach/queries.js';
import { MONTHLY_GRANT_QUEUE } from '../../payola/index.js';
import { LOG_CONSUMER_NAMES } from './log-consumer-names.js';

/** Every BullMQ queue of the product (the dashboard's counts, and the queue board at /ops/queues). */
export const QUEUE_NAMES = [QUEUES.projections, EMAIL_QUEUE, MONTHLY_GRANT_QUEUE, MEDIA_CLEANUP_QUEUE] as const;
/** A Redis that does not answer in this time shows as unknown counts rather than holding the page. */
const QUEUE_COUNT_TIMEOUT_MS = 500;
/** Several operators (or one reloading) share one read for this long. */
export const DASHBOARD_CACHE_MS = 2000;

/**
 * The console's dashboard, from read models and small tables only, so its cost does not grow with
 * the log: the milestone counts (outreach's query), 30 rows of per-day counts (the
 * operators-daily-activity projection), each consumer's checkpoint lag, and the queues' job counts.
 */
@Injectable()
export class Dashboard {
  private readonly queues: Queue[];
  private cached: { value: Promise<TOpsDashboard>; until: number } | null = null;

  constructor(
    @InjectPool() private readonly pool: Pool,
    @InjectRedis() redis: Redis,
    @InjectConfig() config: AppConfig,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {
    this.queues = QUEUE_NAMES.map((name) => new Queue(name, { connection: redis, prefix: config.QUEUE_PREFIX }));
  }

  read(): Promise<TOpsDashboard> {
    const now = Date.now();
    if (this.cached && this.cached.until > now) return this.cached.value;
    const value = this.build();
    this.cached = { value, until: now + DASHBOARD_CACHE_MS };
    value.catch(() => (this.cached = null));
    return value;
  }

  async close(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }

  private async build(): Promise<TOpsDashboard> {
    const [milestones, days, lags, queues] = await Promise.all([
      this.queries.execute(new GetMilestoneProgress()),
      this.days(),
      readLag(this.pool, LOG_CONSUMER_NAMES),
      Promise.all(this.queues.map((queue) => this.counts(queue))),
    ]);
    // The counters run toward the Listener milestone as configured (the first one the progress lists).
    const [listener] = milestones.milestones;
    if (!listener) throw new Error('the milestone progress lists no milestone');
    return {
      milestones: {
        verifiedFans: milestones.verifiedFans,
        verifiedArtists: milestones.verifiedArtists,
        target: listener.threshold,
        targets: listener.targets,
      },
      days,
      // In the declared order (projections, then reactors), not the order PostgreSQL happened to join them.
      consumers: [...lags]
        .sort((a, b) => LOG_CONSUMER_NAMES.indexOf(a.name) - LOG_CONSUMER_NAMES.indexOf(b.name))
        .map((lag) => ({
          name: lag.name,
          eventsBehind: Number(lag.eventsBehind),
          secondsBehind: Math.round(lag.secondsBehind * 10) / 10,
        })),
      queues,
      generatedAt: new Date().toISOString(),
    };
  }

  /** The last OPS_DASHBOARD_DAYS UTC days, oldest first, zeros included (generate_series fills the gaps). */
  private async days(): Promise<TOpsDashboard['days']> {
    const { rows } = await this.pool.query<{
      day: string;
      sign_ups: number;
      payments: number;
      identity_checks: number;
    }>(
      `select to_char(d.day, 'YYYY-MM-DD') as day,
              coalesce(sum(a.count) filter (where a.kind = 'sign-ups'), 0)::int as sign_ups,
              coalesce(sum(a.count) filter (where a.kind = 'payments'), 0)::int as payments,
              coalesce(sum(a.count) filter (where a.kind = 'identity-checks'), 0)::int as identity_checks
       from generate_series((now() at time zone 'utc')::date - ($1::int - 1), (now() at time zone 'utc')::date, interval '1 day') as d(day)
       left join ops_daily_activity a on a.day = d.day::date
       group by d.day
       order by d.day`,
      [OPS_DASHBOARD_DAYS],
    );
    return rows.map((row) => ({
      day: row.day,
      signUps: row.sign_ups,
      payments: row.payments,
      identityChecks: row.identity_checks,
    }));
  }

  private async counts(queue: Queue): Promise<TOpsDashboard['queues'][number]> {
    const unknown = { name: queue.name, waiting: null, active: null, delayed: null, failed: null };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), QUEUE_COUNT_TIMEOUT_MS)));
    try {
      const counts = await Promise.race([queue.getJobCounts('waiting', 'active', 'delayed', 'failed'), timeout]);
      if (!counts) return unknown;
      return {
        name: queue.name,
        waiting: counts.waiting ?? 0,
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
      };
    } catch {
      return unknown;
    } finally {
      clearTimeout(timer);
    }
  }
}
