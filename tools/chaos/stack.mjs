// The fault suite's own stack on loopback: an embedded PostgreSQL (its own data directory, so it can be
// paused without touching anyone else's server), its own redis-server, its own s3rver, and the built api
// and worker as child processes that this harness supervises: what it kills it starts again.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  adminQuery,
  databaseUrl,
  freePort,
  redisAnswers,
  startEmbeddedPostgres,
  startLocalS3,
} from '../../deploy/local/services.mjs';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const BUCKET = 'payola-media';

/** Polls `probe` until it answers true, up to `timeoutMs`; answers whether it did. */
async function until(probe, timeoutMs, intervalMs = 100) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return true;
    await sleep(intervalMs);
  }
  return false;
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child, timeoutMs) {
  if (exited(child)) return Promise.resolve(true);
  return Promise.race([
    new Promise((resolve) => child.once('exit', () => resolve(true))),
    sleep(timeoutMs).then(() => false),
  ]);
}

/** redis-server from the PATH on a port of its own, memory only. Killing it loses everything in it. */
class OwnRedis {
  constructor(port, dir) {
    this.port = port;
    this.dir = dir;
    this.url = `redis://127.0.0.1:${port}`;
    this.child = null;
  }

  async start() {
    const binary = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
    if (!binary) {
      throw new Error('redis-server is not on the PATH (Debian/Ubuntu: "sudo apt-get install redis-server")');
    }
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    this.child = spawn(binary, [...args, '--dir', this.dir], { stdio: 'ignore' });
    if (!(await until(() => redisAnswers(this.url), 10_000)))
      throw new Error(`redis-server did not answer on ${this.url}`);
  }

  /** Kills it with SIGKILL (everything in it is gone) and waits until it is gone. */
  async kill() {
    const child = this.child;
    if (!child || exited(child)) return;
    child.kill('SIGKILL');
    await waitForExit(child, 5000);
  }

  async stop() {
    const child = this.child;
    if (!child || exited(child)) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 5000))) await this.kill();
  }
}

/**
 * The embedded PostgreSQL's postmaster and every process it started (backends, checkpointer, ...),
 * from the data directory's postmaster.pid. Stopping the postmaster first means no new backend is
 * forked while the children are being listed.
 */
function postmasterPid(dataDir) {
  const text = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8');
  return Number(text.split('\n')[0]);
}

function childPids(pid) {
  const result = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' });
  return result.stdout
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/**
 * Starts PostgreSQL, Redis and S3 for the suite; the api and worker come per run (`startApp`).
 * `stop()` ends everything it started; it is safe to call more than once and after a failure.
 */
export async function startStack({ tmpDir, log }) {
  const stack = {
    pg: null,
    redis: null,
    s3: null,
    pgDataDir: path.join(tmpDir, 'postgres'),
    paused: new Set(),
  };
  await mkdir(path.join(tmpDir, 'redis'), { recursive: true });

  const pgPort = await freePort();
  stack.pg = await startEmbeddedPostgres({ dataDir: stack.pgDataDir, port: pgPort, persistent: false });
  stack.adminUrl = stack.pg.url;
  log(`postgres on 127.0.0.1:${pgPort} (embedded, data in ${stack.pgDataDir})`);

  stack.redis = new OwnRedis(await freePort(), path.join(tmpDir, 'redis'));
  await stack.redis.start();
  log(`redis on ${stack.redis.url}`);

  stack.s3 = await startLocalS3({ port: await freePort(), directory: path.join(tmpDir, 's3'), bucket: BUCKET });
  log(`s3rver on ${stack.s3.url}`);

  stack.apiPort = await freePort();
  stack.workerHealthPort = await freePort();

  /** SIGSTOPs the postmaster and all its processes for `ms`, then SIGCONTs them. */
  stack.pausePostgres = async (ms) => {
    // Once the suite is shutting down, a fault still scheduled does nothing.
    if (stack.closed) return { processes: 0 };
    const pid = postmasterPid(stack.pgDataDir);
    process.kill(pid, 'SIGSTOP');
    stack.paused.add(pid);
    const children = childPids(pid);
    for (const child of children) {
      try {
        process.kill(child, 'SIGSTOP');
        stack.paused.add(child);
      } catch {
        // It ended between listing and stopping.
      }
    }
    await sleep(ms);
    stack.resumePostgres();
    return { processes: 1 + children.length };
  };

  stack.resumePostgres = () => {
    for (const pid of stack.paused) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Gone.
      }
    }
    stack.paused.clear();
  };

  /** SIGKILLs redis-server and, after `delayMs`, starts an empty one on the same port. */
  stack.restartRedis = async (delayMs) => {
    if (stack.closed) return;
    await stack.redis.kill();
    await sleep(delayMs);
    if (!stack.closed) await stack.redis.start();
  };

  /** A fresh database for one run: a copy of the migrated template, made once. */
  stack.createDatabase = async (name) => {
    if (!stack.template) {
      stack.template = `chaos_template_${process.pid}`;
      await adminQuery(stack.adminUrl, `create database ${stack.template}`);
      const migrate = spawnSync(process.execPath, [path.join(REPO_ROOT, 'worker/dist/ops/cli.js'), 'migrate'], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl(stack.adminUrl, stack.template), LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      if (migrate.status !== 0) {
        throw new Error(`ops migrate failed (exit ${migrate.status}):\n${migrate.stdout}\n${migrate.stderr}`);
      }
    }
    await adminQuery(stack.adminUrl, `create database ${name} template ${stack.template}`);
    return databaseUrl(stack.adminUrl, name);
  };

  stack.dropDatabase = async (name) => {
    await adminQuery(stack.adminUrl, `drop database if exists ${name} with (force)`);
  };

  stack.flushRedis = async () => {
    // Our own redis-server: a fresh start is the simplest FLUSHALL.
    await stack.redis.kill();
    await stack.redis.start();
  };

  stack.stop = async () => {
    stack.closed = true;
    stack.resumePostgres();
    await stack.redis?.stop().catch(() => undefined);
    await stack.s3?.stop().catch(() => undefined);
    await stack.pg?.stop().catch(() => undefined);
  };
  return stack;
}

/**
 * One supervised process (the api or the worker): started with the run's environment, its output
 * appended to a log file, ready when `readyUrl` answers. If it exits without being asked to, that is
 * recorded and it is started again, as a process supervisor would.
 */
class Supervised {
  constructor({ name, script, env, readyUrl, logFile, onUnexpectedExit }) {
    Object.assign(this, { name, script, env, readyUrl, onUnexpectedExit });
    this.logStream = createWriteStream(logFile, { flags: 'a' });
    this.child = null;
    this.stopping = false;
    this.restarting = null;
    this.starts = 0;
  }

  spawn() {
    const child = spawn(process.execPath, [this.script], {
      cwd: REPO_ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.starts += 1;
    this.logStream.write(`\n--- ${this.name} start #${this.starts} pid ${child.pid} at ${new Date().toISOString()}\n`);
    child.stdout.pipe(this.logStream, { end: false });
    child.stderr.pipe(this.logStream, { end: false });
    child.on('exit', (code, signal) => {
      this.logStream.write(`--- ${this.name} pid ${child.pid} exited (code ${code}, signal ${signal})\n`);
      if (this.child !== child || this.stopping || child.expectedExit) return;
      this.onUnexpectedExit?.({ name: this.name, code, signal });
      this.restarting = this.restartAfter(500);
    });
    this.child = child;
    return child;
  }

  /** Whether the current process (the supervisor may have replaced it meanwhile) answers within `timeoutMs`. */
  async ready(timeoutMs = 60_000) {
    return until(async () => {
      if (this.stopping) return true;
      if (!this.child || exited(this.child)) return false;
      const response = await fetch(this.readyUrl, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      return response.status < 500;
    }, timeoutMs);
  }

  async start() {
    this.spawn();
    if (!(await this.ready())) throw new Error(`${this.name} did not become ready (log: ${this.logStream.path})`);
  }

  async restartAfter(delayMs) {
    await sleep(delayMs);
    if (this.stopping) return true;
    this.spawn();
    return this.ready();
  }

  /** SIGKILL, then (after `delayMs`, like a supervisor's back-off) a new process; answers whether it came back. */
  async sigkill(delayMs) {
    await this.restarting;
    const child = this.child;
    if (child && !exited(child)) {
      child.expectedExit = true;
      child.kill('SIGKILL');
      await waitForExit(child, 5000);
    }
    this.restarting = this.restartAfter(delayMs);
    return this.restarting;
  }

  async stop() {
    this.stopping = true;
    const child = this.child;
    if (child && !exited(child)) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 15_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5000);
      }
    }
    await new Promise((resolve) => this.logStream.end(resolve));
  }
}

/** The api and worker of one run, on the stack's ports, against the run's database. */
export async function startApp(stack, { databaseUrl: url, runId, logFile, onUnexpectedExit }) {
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: url,
    REDIS_URL: stack.redis.url,
    HOST: '127.0.0.1',
    PORT: String(stack.apiPort),
    PUBLIC_URL: `http://127.0.0.1:${stack.apiPort}`,
    WORKER_HEALTH_PORT: String(stack.workerHealthPort),
    S3_ENDPOINT: stack.s3.url,
    S3_BUCKET: BUCKET,
    QUEUE_PREFIX: `chaos-${runId}`,
    SERVE_WEB: 'false',
    API_PROCESSES: '1',
    DB_POOL_SIZE: '8',
    // Every virtual user signs up from 127.0.0.1.
    RATE_LIMIT_FACTOR: '1000',
    LOG_LEVEL: process.env.CHAOS_LOG_LEVEL || 'warn',
    SESSION_SECRET: `chaos-session-secret-${process.pid}-0123456789abcdef`,
  };
  // The test modes stand in for Stripe, Veriff and reCAPTCHA: none of their keys may leak in.
  for (const key of ['STRIPE_SECRET_KEY', 'VERIFF_API_KEY', 'RECAPTCHA_SECRET_KEY', 'SMTP_URL', 'S3_PUBLIC_ENDPOINT']) {
    delete env[key];
  }
  const api = new Supervised({
    name: 'api',
    script: path.join(REPO_ROOT, 'api/dist/main.js'),
    env,
    readyUrl: `http://127.0.0.1:${stack.apiPort}/api/health`,
    logFile,
    onUnexpectedExit,
  });
  const worker = new Supervised({
    name: 'worker',
    script: path.join(REPO_ROOT, 'worker/dist/main.js'),
    env,
    readyUrl: `http://127.0.0.1:${stack.workerHealthPort}/health`,
    logFile,
    onUnexpectedExit,
  });
  const app = {
    api,
    worker,
    baseUrl: `http://127.0.0.1:${stack.apiPort}`,
    workerHealthUrl: `http://127.0.0.1:${stack.workerHealthPort}/health`,
    async stop() {
      await Promise.all([api.stop(), worker.stop()]);
    },
  };
  try {
    await Promise.all([worker.start(), api.start()]);
  } catch (error) {
    await app.stop();
    throw error;
  }
  return app;
}

/**
 * Waits until every projector and reactor has applied the whole log and the log stops growing (a
 * reactor's award is new work for the projectors), up to `timeoutMs`. Answers the last lag seen.
 */
export async function waitForCatchUp(app, url, timeoutMs) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let last = { caughtUp: false, projectors: [] };
  try {
    let stableSince = null;
    let lastHead = null;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const head = (await client.query('select coalesce(max(global_position), 0)::text as head from events')).rows[0]
        .head;
      const health = await fetch(app.workerHealthUrl, { signal: AbortSignal.timeout(5000) })
        .then((r) => r.json())
        .catch(() => null);
      const projectors = health?.projectors ?? [];
      const behind = projectors.filter((p) => p.eventsBehind > 0);
      last = { caughtUp: projectors.length > 0 && behind.length === 0, projectors: behind };
      if (last.caughtUp && head === lastHead) {
        stableSince ??= Date.now();
        if (Date.now() - stableSince >= 1500) return last;
      } else stableSince = null;
      lastHead = head;
      await sleep(250);
    }
    return { ...last, caughtUp: false };
  } finally {
    await client.end().catch(() => undefined);
  }
}
