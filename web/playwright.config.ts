import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

const desktop = { ...chromium, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };

// The product started for this run records every /api answer here; the run's end checks each against
// the OpenAPI document (e2e/support/openapi-check.ts). Set once, in the runner: its workers inherit it.
process.env.RECORD_API_RESPONSES_DIR ||= `${repoRoot}.reports/api-responses-${process.pid}`;
const LIGHTHOUSE_SPEC = '**/lighthouse.e2e.spec.ts';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.spec.ts',
  // Starts the whole product on a fresh database and sets E2E_BASE_URL.
  globalSetup: './e2e/support/global-setup.ts',
  // Every answer recorded in the run, checked against /api/openapi.json: a mismatch fails the run.
  globalTeardown: './e2e/support/openapi-check.ts',
  outputDir: 'test-results/',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // CI runs the suite alone on 2 cores shared with the product under test (api, worker, PostgreSQL):
  // one browser at a time keeps every step well inside its timeouts (two workers starved each other).
  workers: process.env.CI ? 1 : 2,
  timeout: 60_000,
  expect: { timeout: 7_500 },
  reporter: [['list'], ['json', { outputFile: `${repoRoot}.reports/e2e.json` }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: LIGHTHOUSE_SPEC,
      use: desktop,
    },
    {
      name: 'phone',
      use: {
        ...chromium,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
      testIgnore: LIGHTHOUSE_SPEC,
    },
    {
      // Lighthouse (issue 23) measures time, so it runs alone: after every other test is done (a failed
      // one skips it; `npm run test:lighthouse` runs it by itself), in the desktop browser.
      name: 'lighthouse',
      testMatch: LIGHTHOUSE_SPEC,
      dependencies: ['desktop', 'phone'],
      use: desktop,
    },
  ],
});
