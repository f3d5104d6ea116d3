#!/usr/bin/env node
// `npm test`: every tier in order, on fresh databases of their own.
//   1. build (server and web app)   2. unit + integration (jest; real PostgreSQL and Redis)
//   2b. the web app's component tests (vitest in jsdom, the network answered by msw)
//   2c. the bench's smoke (tools/bench: every phase at tiny sizes; one check, failed by any phase's error)
//   3. the fault suite's short form (tools/chaos: a few runs against a stack of its own while it kills
//      and pauses it; docs/operations.md "Fault suite")
//   4. end-to-end (Playwright in Chromium against the whole product started by its launcher)
// Ends with the line "N passed, N failed" and a non-zero exit code when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const reports = path.join(root, '.reports');
const node = process.execPath;
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const say = (line) => console.log(`\n\x1b[35m[test]\x1b[0m ${line}`);

/** Exit codes of the stages that ended otherwise than 0, named in the summary: a stage can fail with no failed test. */
const badExits = [];

function run(command, args, stage = path.basename(args[0] ?? command)) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) badExits.push(`${stage} exited with ${result.signal ?? `code ${result.status}`}`);
  return result.status === 0;
}

function ensureChromium() {
  const chromium = env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is missing at ${chromium}: install it (Debian: "sudo apt-get install -y chromium") or set CHROMIUM_PATH.`,
    );
  }
  say('installing Chromium from apt (first run only)...');
  const ok =
    run('apt-get', ['update', '-qq']) &&
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core']);
  if (!ok || !existsSync(chromium)) throw new Error('Could not install Chromium with apt-get');
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function main() {
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  mkdirSync(path.join(root, '.data'), { recursive: true });
  ensureChromium();

  say('building...');
  if (!run('npm', ['run', 'build', '--silent'])) {
    console.log('\nbuild failed\n0 passed, 1 failed');
    return 1;
  }

  say('unit and integration tests (jest)...');
  const jestOk = run(
    node,
    [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      '--runInBand',
      '--json',
      `--outputFile=${path.join(reports, 'jest.json')}`,
    ],
    'jest',
  );

  say('web component tests (vitest)...');
  const vitestOk = run(
    node,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      'web/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, 'vitest.json')}`,
    ],
    'vitest',
  );

  say('bench smoke (npm run bench -- --smoke)...');
  const benchOk = run(node, ['tools/bench/dist/main.js', '--smoke'], 'bench smoke');
  const benchErrors = readJson(path.join(reports, 'bench-smoke.json'))?.errors ?? [];

  say('fault suite, short form (npm run chaos)...');
  const chaosOk = run(node, ['tools/chaos/main.mjs', `--report=${path.join(reports, 'chaos.json')}`], 'chaos');

  say('end-to-end tests (Playwright, Chromium)...');
  const e2eOk = run(
    node,
    ['node_modules/@playwright/test/cli.js', 'test', '-c', 'web/playwright.config.ts'],
    'playwright',
  );

  const jest = readJson(path.join(reports, 'jest.json'));
  const vitest = readJson(path.join(reports, 'vitest.json'));
  const chaos = readJson(path.join(reports, 'chaos.json'));
  const e2e = readJson(path.join(reports, 'e2e.json'));
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (jest) {
    passed += jest.numPassedTests;
    failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0);
    skipped += jest.numPendingTests + (jest.numTodoTests ?? 0);
  } else failed += 1;
  if (vitest) {
    passed += vitest.numPassedTests;
    // A file that failed with no failing test (it did not load) counts once.
    const brokenFiles = vitest.testResults.filter(
      (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
    );
    failed += vitest.numFailedTests + brokenFiles.length;
    skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  } else failed += 1;
  if (benchOk) passed += 1;
  else failed += 1;
  if (chaos) {
    passed += chaos.passed;
    failed += chaos.failed;
  } else failed += 1;
  if (e2e?.stats) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    skipped += e2e.stats.skipped;
    // Errors outside any test (a global set-up or teardown, a worker that crashed) fail the run with no failed test.
    for (const error of e2e.errors ?? [])
      console.log(`\x1b[31m[playwright] ${error.message ?? JSON.stringify(error)}\x1b[0m`);
  } else failed += 1;
  if (failed === 0 && (!jestOk || !vitestOk || !chaosOk || !e2eOk)) failed += 1;

  console.log(
    `\njest: ${jest ? `${jest.numPassedTests} passed, ${jest.numFailedTests} failed` : 'no report'}; ` +
      `vitest: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : 'no report'}; ` +
      `bench smoke: ${benchOk ? 'passed' : `failed (${benchErrors.map((e) => e.phase).join(', ') || 'no report'})`}; ` +
      `chaos: ${chaos ? `${chaos.passed} passed, ${chaos.failed} failed` : 'no report'}; ` +
      `playwright: ${e2e?.stats ? `${e2e.stats.expected + e2e.stats.flaky} passed, ${e2e.stats.unexpected} failed` : 'no report'}`,
  );
  if (badExits.length > 0) console.log(badExits.join('; '));
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

try {
  process.exit(main());
} catch (error) {
  console.error(`\n\x1b[31m[test] ${error instanceof Error ? error.message : error}\x1b[0m\n0 passed, 1 failed`);
  process.exit(1);
}
