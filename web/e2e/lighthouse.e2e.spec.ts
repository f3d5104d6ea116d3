import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium, expect, type LaunchOptions, test } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

// Issue #23: the landing page scores at least 95 for performance in Lighthouse, on the product the e2e
// launcher starts (the built app, served by the api as in production, over plain HTTP: gzip).
//
// Lighthouse's desktop preset (10 Mbps, 40 ms, no CPU slowdown on a high-end desktop), throttling
// simulated (Lantern) from one unthrottled load. The mobile preset (slow 4G, a mid-range phone) is the
// harder bar and is not asserted (see docs/performance.md for its figures).
//
// The CPU part of the simulation scales the CPU time this load actually took, and this machine has 2
// cores shared with the product, its database and whatever else runs: Lighthouse's benchmarkIndex here
// reads anywhere from ~150 (busy) to ~1,500, where the preset assumes a high-end desktop (1,500-2,000,
// Lighthouse docs/throttling.md). As that doc advises for a different machine, the CPU slowdown is
// calibrated: the benchmarkIndex Lighthouse itself measured in this run's browser right before its load,
// divided by 1,500, so that this machine, as busy as it was then, stands for the preset's. Lighthouse
// gathers first (its artifacts saved to disk) and scores after, with the multiplier that run's own
// benchmark calls for. A reading taken on a page of our own before the run does not do: in CI
// (2026-11-27) it read 2,475-3,240 while Lighthouse's, a moment later, read 1,123-1,580, and the
// 1.65-2.16x slowdown it set failed the test (0.98 / 0.84 / 0.75) on an unchanged page.
// The score asserted is the median of RUNS runs, as Lighthouse's docs advise against its variance: one
// run slowed by a neighbour's burst of CPU does not fail it, a real regression slows them all. Each run
// has a browser of its own: in one shared browser, every run measured slower than the one before
// (benchmarkIndex 1,580 -> 1,282 -> 1,123 in that CI run).
//
// It runs alone (the `lighthouse` project in playwright.config.ts runs after the others), in the
// browser that project configures, with a DevTools port added for Lighthouse.
const MIN_SCORE = 0.95;
const RUNS = 3;
/** Runs made again when Lighthouse could not compute a metric (not when it scored low). */
const RETRIES = 2;
/** The lowest benchmarkIndex of the high-end desktop that the desktop preset's 1x assumes. */
const PRESET_HOST_BENCHMARK_INDEX = 1_500;

/**
 * The five metrics the performance score is made of, and what explains them; the other audits (and
 * the gatherers only they need, such as the full-page screenshot) would add seconds to every run and
 * nothing to the score.
 */
const METRIC_AUDITS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];
const AUDITS = [
  ...METRIC_AUDITS,
  'metrics',
  'network-requests',
  'long-tasks',
  'mainthread-work-breakdown',
  'bootup-time',
  'lcp-breakdown-insight',
];

interface RunSummary {
  score: number;
  cpuSlowdownMultiplier: number;
  /** Lighthouse's measure of this machine's speed during the run (higher is faster; 1,500+ a high-end desktop). */
  benchmarkIndex: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  speedIndexMs: number;
  cumulativeLayoutShift: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Runs one Lighthouse gather in a browser of its own (the installed Chromium with the project's launch
 * options, and a DevTools port for Lighthouse), closed after it: a run never shares a browser with the
 * tabs, caches and background work of the runs before it.
 */
async function gatherInFreshBrowser(
  launchOptions: LaunchOptions,
  gather: (port: number) => Promise<unknown>,
): Promise<void> {
  const port = await freePort();
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--remote-debugging-port=${port}`],
  });
  try {
    await gather(port);
  } finally {
    await browser.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

test('the landing page scores at least 95 for performance in Lighthouse (desktop preset, median of 3 runs)', async ({
  baseURL,
  launchOptions,
}, testInfo) => {
  test.setTimeout(150_000);
  expect(baseURL, 'the e2e launcher sets E2E_BASE_URL').toBeTruthy();
  const url = new URL('/', baseURL).href;

  const runs: RunSummary[] = [];
  for (let attempt = 1; runs.length < RUNS && attempt <= RUNS + RETRIES; attempt++) {
    // Gather first (one unthrottled load, its trace, and Lighthouse's benchmark of this browser taken
    // right before it), then score those artifacts with the CPU slowdown their own benchmark calls for.
    const artifactsDir = testInfo.outputPath(`lighthouse-artifacts-${attempt}`);
    const flags = { output: 'json' as const, logLevel: 'error' as const, onlyAudits: AUDITS };
    await gatherInFreshBrowser(launchOptions, (port) =>
      lighthouse(url, { ...flags, port, gatherMode: artifactsDir }, desktopConfig),
    );
    // The gather ran no CPU slowdown (a simulated run only scales CPU time when it scores), so the
    // settings it recorded take the calibrated multiplier: Lighthouse scores only with the settings
    // it gathered with.
    const artifactsPath = join(artifactsDir, 'artifacts.json');
    const artifacts = JSON.parse(await readFile(artifactsPath, 'utf8')) as {
      BenchmarkIndex: number;
      settings: { throttling: { cpuSlowdownMultiplier: number } };
    };
    const benchmarkIndex = artifacts.BenchmarkIndex;
    const cpuSlowdownMultiplier = Math.round((benchmarkIndex / PRESET_HOST_BENCHMARK_INDEX) * 100) / 100;
    artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdownMultiplier;
    await writeFile(artifactsPath, JSON.stringify(artifacts));
    const result = await lighthouse(
      undefined,
      { ...flags, auditMode: artifactsDir },
      {
        ...desktopConfig,
        settings: {
          ...desktopConfig.settings,
          throttling: { ...desktopConfig.settings?.throttling, cpuSlowdownMultiplier },
        },
      },
    );
    const lhr = result?.lhr;
    // The whole report of each run, for the Lighthouse viewer when a figure needs explaining.
    if (lhr) {
      const reportPath = testInfo.outputPath(`lighthouse-run-${attempt}.json`);
      await writeFile(reportPath, JSON.stringify(lhr));
      await testInfo.attach(`lighthouse-run-${attempt}.json`, { path: reportPath, contentType: 'application/json' });
    }
    // Lighthouse's trace sometimes misses the navigation's start (NO_NAVSTART, "run Lighthouse again"):
    // scored from saved artifacts, that is the run's error; otherwise a metric it could not compute.
    // Either way there is no score to count, so the run is made again.
    const missedNavigationStart = lhr?.runtimeError?.code === 'NO_NAVSTART';
    if (!missedNavigationStart) expect(lhr?.runtimeError, 'Lighthouse could not load the page').toBeUndefined();
    const score = lhr?.categories.performance?.score;
    if (missedNavigationStart || score === null || score === undefined) {
      const errors = METRIC_AUDITS.map((id) => lhr?.audits[id]?.errorMessage).filter(Boolean);
      const reason = missedNavigationStart ? 'NO_NAVSTART' : [...new Set(errors)].join('; ');
      console.log(`Lighthouse run ${attempt} has no score (${reason}): running again`);
      continue;
    }
    const metric = (id: string) => lhr?.audits[id]?.numericValue ?? Number.NaN;
    runs.push({
      score,
      cpuSlowdownMultiplier,
      benchmarkIndex,
      firstContentfulPaintMs: Math.round(metric('first-contentful-paint')),
      largestContentfulPaintMs: Math.round(metric('largest-contentful-paint')),
      totalBlockingTimeMs: Math.round(metric('total-blocking-time')),
      speedIndexMs: Math.round(metric('speed-index')),
      cumulativeLayoutShift: Number(metric('cumulative-layout-shift').toFixed(3)),
    });
  }

  // Every run's figures, in the test output and the JSON report, for docs/performance.md and for a failure.
  const summary = JSON.stringify(runs, null, 2);
  console.log(`Lighthouse (desktop preset), ${url}:\n${summary}`);
  await testInfo.attach('lighthouse-runs.json', { body: summary, contentType: 'application/json' });
  expect(runs, `${RUNS} runs with a score in ${RUNS + RETRIES} attempts`).toHaveLength(RUNS);
  const score = median(runs.map((run) => run.score));
  expect(score, `median performance score of ${runs.length} runs: ${summary}`).toBeGreaterThanOrEqual(MIN_SCORE);
});
