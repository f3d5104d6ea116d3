import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { chromium, expect, test } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

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
// calibrated: this browser's benchmarkIndex, measured right before each run with Lighthouse's own
// benchmark (the median of three readings), divided by 1,500, so that this machine, as busy as it is then, stands for the preset's.
// The score asserted is the median of RUNS runs, as Lighthouse's docs advise against its variance: one
// run slowed by a neighbour's burst of CPU does not fail it, a real regression slows them all.
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

  // The installed Chromium with the project's launch options (playwright.config.ts), and a DevTools port.
  const port = await freePort();
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--remote-debugging-port=${port}`],
  });
  const runs: RunSummary[] = [];
  try {
    const benchmarkPage = await browser.newPage();
    for (let attempt = 1; runs.length < RUNS && attempt <= RUNS + RETRIES; attempt++) {
      // The median of three readings: one reading taken in a neighbour's short burst (or lull) of CPU
      // would set the slowdown for the whole run.
      const readings: number[] = [];
      for (let i = 0; i < 3; i++) readings.push(await benchmarkPage.evaluate(pageFunctions.computeBenchmarkIndex));
      const benchmarkIndex = median(readings);
      const cpuSlowdownMultiplier = Math.round((benchmarkIndex / PRESET_HOST_BENCHMARK_INDEX) * 100) / 100;
      const result = await lighthouse(
        url,
        { port, output: 'json', logLevel: 'error', onlyAudits: AUDITS },
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
      expect(lhr?.runtimeError, 'Lighthouse could not load the page').toBeUndefined();
      const score = lhr?.categories.performance?.score;
      if (score === null || score === undefined) {
        // A metric Lighthouse could not compute (its trace sometimes misses the navigation's start,
        // NO_NAVSTART, "run Lighthouse again"): no score to count, so the run is made again.
        const errors = METRIC_AUDITS.map((id) => lhr?.audits[id]?.errorMessage).filter(Boolean);
        console.log(`Lighthouse run ${attempt} has no score (${[...new Set(errors)].join('; ')}): running again`);
        continue;
      }
      const metric = (id: string) => lhr?.audits[id]?.numericValue ?? Number.NaN;
      runs.push({
        score,
        cpuSlowdownMultiplier,
        benchmarkIndex: lhr?.environment.benchmarkIndex ?? benchmarkIndex,
        firstContentfulPaintMs: Math.round(metric('first-contentful-paint')),
        largestContentfulPaintMs: Math.round(metric('largest-contentful-paint')),
        totalBlockingTimeMs: Math.round(metric('total-blocking-time')),
        speedIndexMs: Math.round(metric('speed-index')),
        cumulativeLayoutShift: Number(metric('cumulative-layout-shift').toFixed(3)),
      });
    }
  } finally {
    await browser.close();
  }

  // Every run's figures, in the test output and the JSON report, for docs/performance.md and for a failure.
  const summary = JSON.stringify(runs, null, 2);
  console.log(`Lighthouse (desktop preset), ${url}:\n${summary}`);
  await testInfo.attach('lighthouse-runs.json', { body: summary, contentType: 'application/json' });
  expect(runs, `${RUNS} runs with a score in ${RUNS + RETRIES} attempts`).toHaveLength(RUNS);
  const score = median(runs.map((run) => run.score));
  expect(score, `median performance score of ${runs.length} runs: ${summary}`).toBeGreaterThanOrEqual(MIN_SCORE);
});
