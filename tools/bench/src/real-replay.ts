import { spawn } from 'node:child_process';
import path from 'node:path';
import { createDomainEventRegistry } from '@app/contracts';
import {
  LOG_START,
  migrateReadModels,
  readAll,
  replayProjection,
  surveyLog,
  type LogPosition,
  type Projection,
} from '@app/event-store';
import type { Pool } from '@app/platform';
import {
  checkpoint,
  formatInt,
  formatRate,
  log,
  REPO_ROOT,
  timed,
  waitForVisibleLog,
  withProgress,
} from './bench-util.js';
import { countEvents } from './projection-bench.js';
import { workerLogConsumers } from './real-consumers.js';
import { writeRealLog } from './real-log.js';
import { RealMix, spreadClock } from './real-mix.js';

/** The same seed gives the same log: runs compare. */
export const REAL_MIX_SEED = 23;
/** The bulk log's history: long enough for a few monthly grants and renewals. */
const HISTORY_DAYS = 120;

export interface RealLog {
  mix: RealMix;
  events: number;
  fillSeconds: number;
}

/**
 * The realistic log, written once per run and shared by the real-* phases, with every real projection's
 * read model migrated first (as `ops migrate` and the worker do before anything projects or replays).
 */
export async function ensureRealLog(pool: Pool, target: number, existing: RealLog | null): Promise<RealLog> {
  if (!existing) await migrateReadModels(pool, (await workerLogConsumers()).projections);
  if (existing && existing.events >= target) {
    await waitForVisibleLog(pool);
    return existing;
  }
  const mix = existing?.mix ?? new RealMix(REAL_MIX_SEED, spreadClock(target, HISTORY_DAYS));
  const { added, seconds } = await writeRealLog(
    pool,
    mix,
    createDomainEventRegistry(),
    target - (existing?.events ?? 0),
  );
  // An old log is vacuumed and analyzed; give the replays and the scans the same start.
  await pool.query('vacuum (analyze) events');
  await pool.query('vacuum (analyze) streams');
  await waitForVisibleLog(pool);
  log(`  wrote ${formatInt(added)} realistic events in ${seconds.toFixed(1)} s (multi-row inserts + vacuum)`);
  return { mix, events: (existing?.events ?? 0) + added, fillSeconds: (existing?.fillSeconds ?? 0) + seconds };
}

/** The mix as a share of each event type, largest first: what the report writes down. */
export function mixShares(mix: RealMix): { type: string; events: number; share: number }[] {
  const total = [...mix.counts.values()].reduce((sum, n) => sum + n, 0);
  return [...mix.counts]
    .map(([type, events]) => ({ type, events, share: events / total }))
    .sort((a, b) => b.events - a.events);
}

export interface ScanRun {
  events: number;
  seconds: number;
  perSecond: number;
}

export interface ProjectorReplay {
  name: string;
  events: number;
  seconds: number;
  perSecond: number;
  /** Reading exactly its events (same type filter, same batch size) and nothing else. */
  scan: ScanRun;
  /** ours / scan events per second. */
  ratio: number;
}

export interface OpsRun {
  command: string;
  seconds: number;
  exitCode: number;
  /** The last lines it printed (its per-projection summary, or what went wrong). */
  output: string[];
}

export interface RealReplayResult {
  events: number;
  fillSeconds: number;
  batchSize: number;
  /** The one analyze and count by type of the log that every replay then reads (as `ops replay` takes it). */
  surveySeconds: number;
  mix: { type: string; events: number; share: number }[];
  projectors: ProjectorReplay[];
  opsReplay?: OpsRun;
  opsVerify?: OpsRun;
}

/**
 * What replayProjection's reads cost alone: the log from its start in (transaction, position) order,
 * only the projection's types, `batchSize` at a time, each batch turned into events as the projector
 * gets them (readAll, the projector's own read).
 */
export async function typedScan(pool: Pool, projection: Projection, batchSize: number): Promise<ScanRun> {
  let events = 0;
  const { seconds } = await timed(async () => {
    let after: LogPosition = LOG_START;
    for (;;) {
      const batch = await readAll(pool, after, { limit: batchSize, types: projection.eventTypes });
      const last = batch.at(-1);
      if (!last) return;
      events += batch.length;
      after = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    }
  });
  return { events, seconds, perSecond: events / seconds };
}

/** Runs the built ops CLI on the bench database, timed from spawn to exit. */
export async function runOps(databaseUrl: string, args: string[]): Promise<OpsRun> {
  const cli = path.join(REPO_ROOT, 'worker/dist/ops/cli.js');
  const lines: string[] = [];
  const started = performance.now();
  const exitCode = await new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(line.trimEnd());
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
  return {
    command: `ops ${args.join(' ')}`,
    seconds: (performance.now() - started) / 1000,
    exitCode,
    output: lines.filter((line) => !line.includes('░') && !line.includes('█')).slice(-20),
  };
}

/** Replays shorter than this are timed three times (the median is kept). */
const SHORT_REPLAY_SECONDS = 1;

/**
 * Every real projection replayed over the realistic log (replayProjection, fresh tables swapped in),
 * each beside the scan of its own events; then the whole `ops replay` and `ops verify`, end to end.
 */
export async function realReplayBench(options: {
  pool: Pool;
  databaseUrl: string;
  realLog: RealLog;
  batchSize: number;
  /** The ops commands to time; the smoke runs only verify (the seconds two more CLI starts cost it). */
  opsCommands: readonly ('replay' | 'verify')[];
}): Promise<RealReplayResult> {
  const { pool, batchSize } = options;
  const result: RealReplayResult = {
    events: await countEvents(pool),
    fillSeconds: options.realLog.fillSeconds,
    batchSize,
    mix: mixShares(options.realLog.mix),
    surveySeconds: 0,
    projectors: [],
  };
  // `ops replay` and `verify` survey the log once for every projection: the replays timed below do
  // the same, so each figure is that projector's own work (the survey's time is reported on its own).
  const surveyed = await timed(() => surveyLog(pool));
  result.surveySeconds = surveyed.seconds;
  log(`  log surveyed (analyze, events by type) in ${surveyed.seconds.toFixed(2)} s, once for every replay`);
  for (const projection of (await workerLogConsumers()).projections) {
    await checkpoint(pool);
    const scan = await typedScan(pool, projection, batchSize);
    await checkpoint(pool);
    let handledSoFar = 0;
    const replayOnce = () =>
      timed(() =>
        withProgress(
          `replayed ${projection.name}`,
          scan.events,
          () => handledSoFar,
          () =>
            replayProjection(pool, projection, {
              batchSize,
              survey: surveyed.result,
              onProgress: (handled) => {
                handledSoFar = handled;
              },
            }),
        ),
      );
    const first = await replayOnce();
    const { result: replay } = first;
    let { seconds } = first;
    // A replay of under a second (the sparse projectors': a few thousand events in 0.1-0.7 s) is timed
    // twice more and the median kept: at that scale one run's figure swung 17,500-28,600 ev/s between
    // runs on one VM. Each replay swaps in fresh tables, so the runs are alike.
    if (seconds < SHORT_REPLAY_SECONDS) {
      const times = [seconds];
      for (let i = 0; i < 2; i++) times.push((await replayOnce()).seconds);
      times.sort((a, b) => a - b);
      seconds = times[1]!;
      log(`  ${projection.name}: three replays in ${times.map((t) => t.toFixed(3)).join(' / ')} s, the median kept`);
    }
    if (replay.events !== scan.events) {
      throw new Error(`${projection.name} replayed ${replay.events} events; its scan read ${scan.events}`);
    }
    const run: ProjectorReplay = {
      name: projection.name,
      events: replay.events,
      seconds,
      perSecond: replay.events / seconds,
      scan,
      ratio: replay.events / seconds / scan.perSecond,
    };
    result.projectors.push(run);
    log(
      `  ${projection.name}: ${formatInt(run.events)} events in ${seconds.toFixed(2)} s (${formatRate(run.perSecond)}); ` +
        `scan ${scan.seconds.toFixed(2)} s (${formatRate(scan.perSecond)}), ratio ${run.ratio.toFixed(2)}`,
    );
  }

  for (const command of options.opsCommands) {
    await checkpoint(pool);
    const run = await runOps(options.databaseUrl, [command]);
    log(`  npm run ops -- ${command}: ${run.seconds.toFixed(1)} s, exit ${run.exitCode}`);
    if (command === 'replay') result.opsReplay = run;
    else result.opsVerify = run;
    if (run.exitCode !== 0) {
      throw new Error(`ops ${command} exited ${run.exitCode}: ${run.output.slice(-5).join(' / ')}`);
    }
  }
  return result;
}
