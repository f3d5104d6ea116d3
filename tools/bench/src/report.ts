import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_READY_TARGET_SECONDS, type ApiReadyResult } from './api-ready.js';
import type { AppendComparison } from './append-bench.js';
import type { ShopBenchResult } from './shop-bench.js';
import { CATALOG_TARGETS, catalogRatioTarget, type CatalogBenchResult } from './catalog-bench.js';
import type { LagResult } from './lag-bench.js';
import type { ProjectionComparison, ReplayComparison } from './projection-bench.js';
import type { RealLagResult } from './real-lag.js';
import type { RealReplayResult } from './real-replay.js';
import { formatInt, formatRate, REPO_ROOT } from './bench-util.js';
import { formatKb, type WebBundleResult } from './web-bundle.js';

export interface Machine {
  nproc: number;
  cpu: string;
  memoryGb: number;
  node: string;
  postgres: Record<string, string>;
  database: string;
}

export interface BenchResults {
  startedAt: string;
  machine: Machine;
  append1?: AppendComparison;
  append8?: AppendComparison;
  projection?: ProjectionComparison;
  replay?: ReplayComparison;
  lag?: LagResult;
  /** The real projections over a realistic log, see real-replay.ts. */
  realReplay?: RealReplayResult;
  /** The real projectors' lag under the realistic mix, see real-lag.ts. */
  realLag?: RealLagResult;
  /** The landing page's JavaScript (web/dist as built), see web-bundle.ts. */
  web?: WebBundleResult;
  /** The api's start, spawn to /api/health 200, see api-ready.ts. */
  apiReady?: ApiReadyResult;
  /** The artist catalogue's read endpoints under load, see catalog-bench.ts. */
  catalog?: CatalogBenchResult;
  /** The shop's redemption transaction beside a bare balance update, see shop-bench.ts. */
  shop?: ShopBenchResult;
  errors: { phase: string; message: string }[];
}

type Verdict = 'PASS' | 'MISS' | '' | 'ERROR';

interface Row {
  metric: string;
  ours: string;
  baseline: string;
  ratio: string;
  target: string;
  verdict: Verdict;
}

const verdict = (ok: boolean): Verdict => (ok ? 'PASS' : 'MISS');

export const TARGETS = {
  append8Ratio: 0.5,
  projectionPerSecond: 20_000,
  replaySeconds: 30,
  lagP99Ms: 100,
  realProjectorPerSecond: 20_000,
  opsReplaySeconds: 60,
  opsVerifySeconds: 60,
  realLagP99Ms: 100,
} as const;

function rows(results: BenchResults, replayTarget: number): Row[] {
  const failed = (phase: string) => results.errors.some((e) => e.phase === phase);
  const errorRow = (metric: string, target: string): Row => ({
    metric,
    ours: 'error',
    baseline: '',
    ratio: '',
    target,
    verdict: 'ERROR',
  });
  const out: Row[] = [];
  const append = (
    comparison: AppendComparison | undefined,
    metric: string,
    target: string,
    check?: (c: AppendComparison) => boolean,
  ) => {
    if (!comparison) {
      if (failed('append')) out.push(errorRow(metric, target));
      return;
    }
    out.push({
      metric,
      ours: formatRate(comparison.ours.perSecond),
      baseline: formatRate(comparison.baseline.perSecond),
      ratio: comparison.ratio.toFixed(2),
      target,
      verdict: check ? verdict(check(comparison)) : '',
    });
  };
  append(results.append1, 'append, 1 appender', '');
  append(
    results.append8,
    'append, 8 appenders',
    `>= ${TARGETS.append8Ratio.toFixed(2)}`,
    (c) => c.ratio >= TARGETS.append8Ratio,
  );

  const projectionTarget = `>= ${formatRate(TARGETS.projectionPerSecond)}`;
  const { projection } = results;
  if (projection) {
    out.push({
      metric: `projection (1 row/event, batch ${projection.batchSize})`,
      ours: formatRate(projection.perSecond),
      baseline: `ordered scan ${formatRate(projection.scan.perSecond)}`,
      ratio: projection.ratio.toFixed(2),
      target: projectionTarget,
      verdict: verdict(projection.perSecond >= TARGETS.projectionPerSecond),
    });
    if (projection.beforeAnalyze) {
      out.push({
        metric: '  same, before ANALYZE (info)',
        ours: formatRate(projection.beforeAnalyze.perSecond),
        baseline: '',
        ratio: (projection.beforeAnalyze.perSecond / projection.scan.perSecond).toFixed(2),
        target: '',
        verdict: '',
      });
    }
  } else if (failed('projection')) out.push(errorRow('projection (one row per event)', projectionTarget));

  const replayMetric = `replay ${formatInt(replayTarget)} events`;
  const replayTargetText = `< ${TARGETS.replaySeconds} s`;
  const { replay } = results;
  if (replay) {
    out.push({
      metric: `${replayMetric} (batch ${replay.batchSize})`,
      ours: `${replay.seconds.toFixed(1)} s (${formatRate(replay.perSecond)})`,
      baseline: `scan ${replay.scan.seconds.toFixed(1)} s`,
      ratio: replay.ratio.toFixed(2),
      target: replayTargetText,
      verdict: verdict(replay.seconds < TARGETS.replaySeconds),
    });
  } else if (failed('replay')) out.push(errorRow(replayMetric, replayTargetText));

  const lagTarget = `p99 < ${TARGETS.lagP99Ms} ms`;
  const { lag } = results;
  if (lag) {
    out.push({
      metric: `lag at ${lag.ratePerSecond} ev/s p50 / p99 (max)`,
      ours: `${lag.p50Ms.toFixed(1)} / ${lag.p99Ms.toFixed(1)} ms (${lag.maxMs.toFixed(0)})`,
      baseline: 'n/a',
      ratio: '',
      target: lagTarget,
      verdict: verdict(lag.p99Ms < TARGETS.lagP99Ms),
    });
  } else if (failed('lag')) out.push(errorRow('lag p50 / p99', lagTarget));

  realRows(results, out, failed, errorRow);

  const webMetric = 'landing page JS, first visit, brotli';
  const { web } = results;
  if (web) {
    out.push({
      metric: webMetric,
      ours: `${formatKb(web.total.brotli)} (gzip ${formatKb(web.total.gzip)}, raw ${formatKb(web.total.raw)})`,
      baseline: 'n/a',
      ratio: '',
      target: `<= ${formatKb(web.budgetBrotliBytes)}`,
      verdict: verdict(web.pass),
    });
  } else if (failed('web')) out.push(errorRow(webMetric, ''));

  const { apiReady } = results;
  const readyMetric = 'api ready after start (spawn to /api/health 200)';
  if (apiReady) {
    out.push({
      metric: `${readyMetric}, ${apiReady.bundled ? 'bundled as npm start runs it' : 'unbundled'}`,
      ours: `median ${apiReady.medianSeconds.toFixed(2)} s of ${apiReady.seconds.map((s) => s.toFixed(2)).join(', ')}`,
      baseline: '',
      ratio: '',
      target: `< ${API_READY_TARGET_SECONDS} s`,
      verdict: verdict(apiReady.medianSeconds < API_READY_TARGET_SECONDS),
    });
  } else if (failed('ready')) out.push(errorRow(readyMetric, `< ${API_READY_TARGET_SECONDS} s`));

  const { catalog } = results;
  const catalogTarget = `p99 < ${CATALOG_TARGETS.p99Ms} ms, >= ${CATALOG_TARGETS.ratio.toFixed(2)}`;
  if (catalog) {
    for (const scenario of catalog.scenarios) {
      const ratioTarget = catalogRatioTarget(scenario.name);
      out.push({
        metric: `${scenario.name} (${formatInt(/venue/i.test(scenario.name) ? catalog.venues : catalog.artists)} ${/venue/i.test(scenario.name) ? 'venues' : 'artists'}, ${catalog.concurrency} clients)`,
        ours:
          `p50 ${scenario.ours.p50Ms.toFixed(1)} / p99 ${scenario.ours.p99Ms.toFixed(1)} ms, ${formatInt(scenario.ours.perSecond)}/s` +
          (scenario.apiCpuUsPerRequest === undefined ? '' : `, ${formatInt(scenario.apiCpuUsPerRequest)} us CPU`),
        baseline: `p50 ${scenario.baseline.p50Ms.toFixed(1)} / p99 ${scenario.baseline.p99Ms.toFixed(1)} ms, ${formatInt(scenario.baseline.perSecond)}/s`,
        ratio: scenario.ratio.toFixed(2),
        target: `p99 < ${CATALOG_TARGETS.p99Ms} ms, >= ${ratioTarget.toFixed(2)}`,
        verdict: verdict(
          scenario.ours.errors === 0 && scenario.ours.p99Ms < CATALOG_TARGETS.p99Ms && scenario.ratio >= ratioTarget,
        ),
      });
    }
  } else if (failed('catalog')) out.push(errorRow('catalogue endpoints', catalogTarget));

  const { shop } = results;
  if (shop) {
    out.push({
      metric: `shop redemption, exactly once (${formatInt(shop.fans)} fans, ${shop.concurrency} clients, no HTTP)`,
      ours: `p50 ${shop.ours.p50Ms.toFixed(1)} / p99 ${shop.ours.p99Ms.toFixed(1)} ms, ${formatInt(shop.ours.perSecond)}/s`,
      baseline: `bare UPDATE ... WHERE balance >= price: p50 ${shop.baseline.p50Ms.toFixed(1)} / p99 ${shop.baseline.p99Ms.toFixed(1)} ms, ${formatInt(shop.baseline.perSecond)}/s`,
      ratio: shop.ratio.toFixed(2),
      target: '',
      verdict: '',
    });
  } else if (failed('shop')) out.push(errorRow('shop redemption', ''));
  return out;
}

/** The real-replay and real-lag phases' rows: one per projector, then the ops commands. */
function realRows(
  results: BenchResults,
  out: Row[],
  failed: (phase: string) => boolean,
  errorRow: (metric: string, target: string) => Row,
): void {
  const { realReplay, realLag } = results;
  const perSecondTarget = `>= ${formatRate(TARGETS.realProjectorPerSecond)}`;
  if (realReplay) {
    for (const projector of realReplay.projectors) {
      out.push({
        metric: `real replay ${projector.name} (${formatInt(projector.events)} of ${formatInt(realReplay.events)} events)`,
        ours: `${formatRate(projector.perSecond)} (${projector.seconds.toFixed(1)} s)`,
        baseline: `its scan ${formatRate(projector.scan.perSecond)}`,
        ratio: projector.ratio.toFixed(2),
        target: perSecondTarget,
        verdict: verdict(projector.perSecond >= TARGETS.realProjectorPerSecond),
      });
    }
    for (const [run, target] of [
      [realReplay.opsReplay, TARGETS.opsReplaySeconds],
      [realReplay.opsVerify, TARGETS.opsVerifySeconds],
    ] as const) {
      if (!run) continue;
      out.push({
        metric: `${run.command}, ${formatInt(realReplay.events)} real events (end to end)`,
        ours: `${run.seconds.toFixed(1)} s${run.exitCode === 0 ? '' : `, exit ${run.exitCode}`}`,
        baseline: 'n/a',
        ratio: '',
        target: `< ${target} s`,
        verdict: verdict(run.exitCode === 0 && run.seconds < target),
      });
    }
  }
  if (failed('real-replay')) out.push(errorRow('real replay', perSecondTarget));
  const lagTarget = `p99 < ${TARGETS.realLagP99Ms} ms`;
  if (realLag) {
    for (const consumer of realLag.consumers) {
      const judged = consumer.kind === 'projection' && consumer.events > 0;
      out.push({
        metric: `real lag ${consumer.name}${consumer.kind === 'reactor' ? ' (reactor, info)' : ''} at ${realLag.ratePerSecond} ev/s p50 / p95 / p99 (max)`,
        ours:
          consumer.events > 0
            ? `${consumer.p50Ms.toFixed(1)} / ${consumer.p95Ms.toFixed(1)} / ${consumer.p99Ms.toFixed(1)} ms (${consumer.maxMs.toFixed(0)})`
            : 'no events of its types',
        baseline: 'n/a',
        ratio: '',
        target: consumer.kind === 'projection' ? lagTarget : '',
        verdict: judged ? verdict(consumer.p99Ms < TARGETS.realLagP99Ms) : '',
      });
    }
  } else if (failed('real-lag')) out.push(errorRow('real lag', lagTarget));
}

export function formatTable(results: BenchResults, replayTarget: number): string {
  const header: Row = {
    metric: 'metric',
    ours: 'ours',
    baseline: 'PostgreSQL baseline',
    ratio: 'ratio',
    target: 'target',
    verdict: '',
  };
  const table = [header, ...rows(results, replayTarget)];
  const keys = ['metric', 'ours', 'baseline', 'ratio', 'target'] as const;
  const widths = keys.map((key) => Math.max(...table.map((row) => row[key].length)));
  const lines = table.map((row) =>
    [...keys.map((key, i) => row[key].padEnd(widths[i]!)), row.verdict].join('   ').trimEnd(),
  );
  const { machine } = results;
  lines.push(
    '',
    `machine: nproc ${machine.nproc}, ${machine.cpu}, ${machine.memoryGb} GB RAM; node ${machine.node}; ` +
      `PostgreSQL ${machine.postgres.server_version ?? '?'} (shared_buffers ${machine.postgres.shared_buffers ?? '?'}, ` +
      `synchronous_commit ${machine.postgres.synchronous_commit ?? '?'}, autovacuum ${machine.postgres.autovacuum ?? '?'})`,
    "ratio = our events/s ÷ the baseline's events/s (for replay: scan time ÷ replay time; for the catalogue: " +
      'api requests/s ÷ the same SQL through pg, same pool size).',
  );
  if (results.catalog) {
    const { catalog } = results;
    lines.push(
      `catalogue load: ${catalog.apiProcesses} api process(es) sharing ${catalog.poolSize} connections, ` +
        `load from ${catalog.loadGenerator}, ${catalog.viewers} signed-in fans.`,
    );
  }
  if (results.realReplay) {
    const { realReplay } = results;
    lines.push(
      `real mix (${formatInt(realReplay.events)} events, written in ${realReplay.fillSeconds.toFixed(1)} s): ` +
        realReplay.mix.map((m) => `${m.type} ${(m.share * 100).toFixed(1)}%`).join(', '),
    );
    lines.push(
      `real replay: the log surveyed once (analyze, events by type) in ${realReplay.surveySeconds.toFixed(2)} s, ` +
        'then each projector replayed with that survey, as ops replay does',
    );
  }
  if (results.realLag) {
    const { realLag } = results;
    lines.push(
      `real lag: ${formatInt(realLag.events)} events in ${formatInt(realLag.commands)} transactions over ${realLag.seconds} s ` +
        `on a ${formatInt(realLag.logEvents)}-event log (catch-up first: ${realLag.catchUpSeconds.toFixed(1)} s); ` +
        `append p50 ${realLag.appendP50Ms.toFixed(1)} / p99 ${realLag.appendP99Ms.toFixed(1)} ms, ` +
        `${formatRate(realLag.achievedPerSecond)} achieved, ` +
        `worst schedule slip ${realLag.maxScheduleSlipMs.toFixed(1)} ms; oldest transaction of another database ` +
        `on the server meanwhile ${formatInt(realLag.oldestForeignTransactionMs)} ms (it holds every reader back).`,
    );
  }
  for (const error of results.errors) lines.push(`ERROR in ${error.phase}: ${error.message}`);
  return lines.join('\n');
}

export async function writeJson(results: BenchResults, replayTarget: number, fileName: string): Promise<string> {
  const file = path.join(REPO_ROOT, '.reports', fileName);
  await mkdir(path.dirname(file), { recursive: true });
  const summary = rows(results, replayTarget).map(({ metric, ours, baseline, ratio, target, verdict: v }) => ({
    metric,
    ours,
    baseline,
    ratio,
    target,
    verdict: v,
  }));
  await writeFile(file, `${JSON.stringify({ ...results, targets: TARGETS, summary }, null, 2)}\n`);
  return file;
}
