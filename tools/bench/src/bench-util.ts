import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitForFinalLog } from '@app/event-store';
import type { Pool } from '@app/platform';

const benchStarted = performance.now();

/** tools/bench/dist/ (or tools/bench/src/ under jest) -> the repository root. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export { sleep };

export function log(message: string): void {
  const elapsed = ((performance.now() - benchStarted) / 1000).toFixed(1).padStart(6);
  console.log(`[bench ${elapsed}s] ${message}`);
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatInt(value: number): string {
  return integer.format(value);
}

export function formatRate(perSecond: number): string {
  return `${formatInt(perSecond)} ev/s`;
}

/** Prints a progress line every few seconds while `work` runs. */
export async function withProgress<T>(
  label: string,
  total: number,
  done: () => number,
  work: () => Promise<T>,
  everyMs = 5000,
): Promise<T> {
  const started = performance.now();
  const timer = setInterval(() => {
    const count = done();
    const seconds = (performance.now() - started) / 1000;
    log(`  ${label}: ${formatInt(count)}/${formatInt(total)} (${formatRate(count / seconds)})`);
  }, everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

export interface LatencyFigures {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** What failed requests got (a status code, 'no answer', ...), where the load generator tells. */
  failures?: Record<string, number>;
}

/**
 * `concurrency` clients, each sending its next request as soon as the previous one is answered, for
 * `seconds`. `request` resolves true for a success, else what it got instead (a status code, say); a
 * request that throws counts as 'no answer'.
 */
export async function closedLoop(
  concurrency: number,
  seconds: number,
  request: () => Promise<true | string>,
): Promise<LatencyFigures> {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const outcome = await request().catch(() => 'no answer');
        latencies.push(performance.now() - t0);
        if (outcome !== true) {
          errors++;
          failures[outcome] = (failures[outcome] ?? 0) + 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    errors,
    failures,
  };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1]!;
}

let checkpoints = true;

/**
 * Whether checkpoint() runs. The smoke turns it off: a CHECKPOINT flushes the whole server's dirty
 * buffers, seconds on a server other test runs share, and the smoke's figures need no clean start.
 */
export function useCheckpoints(enabled: boolean): void {
  checkpoints = enabled;
}

/** Flushes dirty buffers so one run's checkpoint does not land in the next run's timing (needs superuser; optional). */
export async function checkpoint(pool: Pool): Promise<void> {
  if (checkpoints) await pool.query('checkpoint').catch(() => undefined);
}

/** Opens `count` pooled connections now, so connection setup is not timed. */
export async function warmPool(pool: Pool, count: number): Promise<void> {
  const clients = await Promise.all(Array.from({ length: count }, () => pool.connect()));
  for (const client of clients) client.release();
}

/**
 * Waits until every event appended so far is final (waitForFinalLog), for up to 2 minutes: on a PostgreSQL
 * that other test runs share, their transactions may hold the log back that long.
 */
export function waitForVisibleLog(pool: Pool): Promise<void> {
  return waitForFinalLog(pool, 120_000);
}
