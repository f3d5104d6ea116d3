#!/usr/bin/env node
// `npm start`: builds what changed, then runs the whole product on one origin (default
// http://localhost:3000, listening on 127.0.0.1 unless HOST says otherwise) with embedded defaults:
// an embedded PostgreSQL when DATABASE_URL is unset, the local Redis (started from the PATH if
// needed), a local S3 server (s3rver) when S3_ENDPOINT is unset, and every third party in its test mode.
// `npm run dev`: the same with hot reload (tsc --watch, node --watch, Vite's dev server).
// An api or worker that exits is started again after a pause that doubles from 0.5 s up to 15 s (back to
// 0.5 s once it has stayed up 30 s); Ctrl+C or SIGTERM stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { apiBundleFresh, apiBundlePath, bundleApi } from './bundle-api.mjs';
import { EMBEDDED_POSTGRES, embeddedPostgresPort, embeddedPostgresUrl } from './embedded-postgres.mjs';
import { adminQuery, ensureRedis, freePort, startEmbeddedPostgres, startLocalS3 } from './services.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const skipBuild = args.has('--no-build');
const node = process.execPath;
const env = { NODE_ENV: 'development', ...process.env };
const port = Number(env.PORT || 3000);
// This machine only, unless HOST says otherwise: test modes and the local inbox are for the developer.
env.HOST ||= '127.0.0.1';
const cleanups = [];
/** Every child process running now. */
const children = new Set();
/** Restarts waiting for their pause to end; cancelled on shutdown. */
const restartTimers = new Set();
let shuttingDown = false;

const RESTART_FIRST_DELAY_MS = 500;
const RESTART_MAX_DELAY_MS = 15_000;
/** A process that stayed up this long counts as healthy again: its next restart waits the first delay. */
const RESTART_RESET_AFTER_MS = 30_000;

const say = (line) => console.log(`\x1b[35m[start]\x1b[0m ${line}`);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env, ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

async function build() {
  say('building the server (tsc -b)...');
  run(node, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.json']);
  if (dev) return;
  if (!apiBundleFresh(root)) {
    say('bundling the api into one file (rolldown)...');
    await bundleApi(root);
  }
  const webSources = [
    'web/src',
    'web/index.html',
    'web/vite.config.ts',
    'web/public',
    'libs/contracts/src',
    'libs/domain/src',
  ];
  const builtAt = newestMtime(path.join(root, 'web/dist/index.html'));
  if (webSources.some((source) => newestMtime(path.join(root, source)) > builtAt)) {
    say('building the web app (vite build)...');
    // The served bundle is always a production build (minified, React without its development
    // checks); NODE_ENV=development only tells the server side that test modes are fine here.
    run('npm', ['run', 'build', '-w', 'web', '--silent'], { env: { ...env, NODE_ENV: 'production' } });
  }
}

async function database() {
  if (env.DATABASE_URL) return `from DATABASE_URL`;
  const { database: name, dataDir } = EMBEDDED_POSTGRES;
  const pgPort = embeddedPostgresPort(env);
  say(`starting embedded PostgreSQL on port ${pgPort} (data in ${dataDir})...`);
  const server = await startEmbeddedPostgres({ dataDir: path.join(root, dataDir), port: pgPort, persistent: true });
  cleanups.push(() => server.stop());
  const exists = await adminQuery(server.url, 'select 1 from pg_database where datname = $1', [name]);
  if (exists.length === 0) await adminQuery(server.url, `create database ${name}`);
  env.DATABASE_URL = embeddedPostgresUrl(pgPort, name);
  return `embedded, port ${pgPort}, data in ${dataDir}`;
}

async function redis() {
  env.REDIS_URL ||= 'redis://127.0.0.1:6379';
  const result = await ensureRedis(env.REDIS_URL, { dataDir: path.join(root, '.data/redis') });
  if (result.stop) cleanups.push(result.stop);
  return result.started ? `started redis-server on ${env.REDIS_URL}` : env.REDIS_URL;
}

async function storage() {
  if (env.S3_ENDPOINT) return `${env.S3_ENDPOINT} (from S3_ENDPOINT), bucket ${env.S3_BUCKET || 'payola-media'}`;
  const s3Port = Number(env.LOCAL_S3_PORT || 4568);
  const directory = env.LOCAL_S3_DIR || '.data/s3';
  env.S3_BUCKET ||= 'payola-media';
  say(`starting the local S3 server (s3rver) on port ${s3Port} (objects in ${directory})...`);
  // CORS for the app's origin only (and Vite's under `npm run dev`); requests must be signed (local-s3.mjs).
  const allowedOrigins = [env.PUBLIC_URL || `http://localhost:${port}`, ...(dev ? [`http://localhost:${port}`] : [])];
  const bucket = env.S3_BUCKET;
  const server = await startLocalS3({ port: s3Port, directory: path.resolve(root, directory), bucket, allowedOrigins });
  cleanups.push(() => server.stop());
  env.S3_ENDPOINT = server.url;
  return `s3rver on ${server.url}, bucket ${env.S3_BUCKET}, objects in ${directory}`;
}

const seconds = (ms) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Runs a child with its output prefixed by its name. `restart`: when it exits while we are not
 * shutting down, start it again after a pause that doubles with each quick exit; otherwise its exit
 * stops everything. `onStart(attempt)` is called with every start.
 */
function child(name, command, commandArgs, extraEnv = {}, { restart = false, onStart } = {}) {
  let attempt = 0;
  let delay = RESTART_FIRST_DELAY_MS;
  const start = () => {
    attempt += 1;
    const startedAt = Date.now();
    const proc = spawn(command, commandArgs, {
      cwd: root,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, so shutdown reaches what it starts in turn (npm does not pass
      // SIGTERM on to Vite); Ctrl+C reaches the launcher, which stops each group.
      detached: true,
    });
    const prefix = `\x1b[36m[${name}]\x1b[0m `;
    for (const stream of [proc.stdout, proc.stderr]) {
      let pending = '';
      stream.on('data', (chunk) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop();
        for (const line of lines) process.stdout.write(prefix + line + '\n');
      });
    }
    proc.on('exit', (code, signal) => {
      children.delete(proc);
      if (shuttingDown) return;
      const how = signal ?? `code ${code}`;
      if (!restart) {
        say(`${name} exited (${how}); stopping everything`);
        void shutdown(1);
        return;
      }
      if (Date.now() - startedAt >= RESTART_RESET_AFTER_MS) delay = RESTART_FIRST_DELAY_MS;
      say(`${name} exited (${how}); restarting in ${seconds(delay)} (attempt ${attempt + 1})`);
      const timer = setTimeout(() => {
        restartTimers.delete(timer);
        if (!shuttingDown) start();
      }, delay);
      restartTimers.add(timer);
      delay = Math.min(delay * 2, RESTART_MAX_DELAY_MS);
    });
    children.add(proc);
    onStart?.(attempt, proc);
  };
  start();
}

/**
 * Says how long the api took from its start to answering GET /api/health with 200 (PostgreSQL and Redis
 * reachable); resolves with the time, or null when it exited or did not answer within a minute.
 */
async function reportApiReady(healthUrl, attempt, proc) {
  const startedAt = performance.now();
  const deadline = Date.now() + 60_000;
  while (!shuttingDown && proc.exitCode === null && proc.signalCode === null && Date.now() < deadline) {
    const ok = await fetch(healthUrl, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) {
      const ms = performance.now() - startedAt;
      say(`api ready in ${seconds(ms)}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
      return ms;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!shuttingDown && proc.exitCode === null && proc.signalCode === null) {
    say(`api not answering ${healthUrl} with 200 after a minute (is PostgreSQL or Redis down?)`);
  }
  return null;
}

function signalGroup(proc, signal) {
  try {
    process.kill(-proc.pid, signal);
  } catch {
    proc.kill(signal);
  }
}

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  say('shutting down...');
  for (const timer of restartTimers) clearTimeout(timer);
  await Promise.all(
    [...children].map(
      (proc) =>
        new Promise((resolve) => {
          if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
          const timer = setTimeout(() => signalGroup(proc, 'SIGKILL'), 10_000);
          proc.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          signalGroup(proc, 'SIGTERM');
        }),
    ),
  );
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  process.exit(code);
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether binding to `host` keeps the product on this machine (0.0.0.0, :: or a LAN address do not). */
function isLoopbackHost(host) {
  if (host === 'localhost') return true;
  if (isIPv4(host)) return loopback.check(host, 'ipv4');
  return isIPv6(host) && loopback.check(host, 'ipv6');
}

/** How the launcher itself reaches a server bound to `host`. */
function localAddress(host) {
  if (['0.0.0.0', '::'].includes(host)) return '127.0.0.1';
  return isIPv6(host) ? `[${host}]` : host;
}

/** What a stranger who reaches the product can do with each third party left in its test mode. */
function testModeRisks() {
  const risks = [];
  if (!env.STRIPE_SECRET_KEY) risks.push(['payments', 'pay with a test card']);
  if (!env.VERIFF_API_KEY) risks.push(['identity', 'approve their own identity check']);
  if (!env.RECAPTCHA_SECRET_KEY) risks.push(['captcha', 'pass the captcha unsolved']);
  // The inbox answers loopback callers only, but in dev Vite's proxy calls the api from this machine
  // on behalf of whoever reached Vite, so it cannot tell them apart.
  if (!env.SMTP_URL && dev) risks.push(['email', "read every email, reset links included (Vite's proxy looks local)"]);
  else if (!env.SMTP_URL) risks.push(['email', undefined]);
  return risks;
}

function networkLines() {
  if (isLoopbackHost(env.HOST)) {
    return [`  network:   this machine only (HOST=${env.HOST}); HOST=0.0.0.0 lets other machines in`];
  }
  const yellow = (text) => `\x1b[33m${text}\x1b[0m`;
  const lines = [
    `  network:   ${yellow('reachable from other machines')} (HOST=${env.HOST}); set PUBLIC_URL to the address they use`,
  ];
  const risks = testModeRisks();
  if (risks.length > 0) {
    const harms = risks.map(([, harm]) => harm).filter(Boolean);
    lines.push(
      yellow(
        `  WARNING: test modes are on (${risks.map(([mode]) => mode).join(', ')}) and other machines can reach them.`,
      ),
      ...(harms.length > 0 ? [yellow(`  Anyone who reaches this machine can ${harms.join('; ')}.`)] : []),
      yellow('  Set the real keys, or leave HOST unset (127.0.0.1).'),
    );
  }
  return lines;
}

function thirdPartyModes() {
  const mode = (configured, real, test) => (configured ? real : `${test} (test mode)`);
  return [
    `payments:  ${mode(env.STRIPE_SECRET_KEY, 'Stripe', 'built-in test card form, Stripe test cards')}`,
    `identity:  ${mode(env.VERIFF_API_KEY, 'Veriff', 'built-in approve/decline check')}`,
    `captcha:   ${mode(env.RECAPTCHA_SECRET_KEY, 'reCAPTCHA', 'built-in check')}`,
    `email:     ${mode(env.SMTP_URL, `SMTP ${env.SMTP_URL}`, 'local inbox')}`,
  ];
}

function handleSignals() {
  // embedded-postgres installs exit hooks that stop its server and exit at once, orphaning the api
  // and worker; we stop everything ourselves, in order.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(0));
  }
}

async function main() {
  handleSignals();
  if (!skipBuild) await build();
  const dbInfo = await database();
  handleSignals();
  const redisInfo = await redis();
  const storageInfo = await storage();
  env.QUEUE_PREFIX ||= 'payola';
  env.WORKER_HEALTH_PORT ||= String(port + 1);
  env.PUBLIC_URL ||= `http://localhost:${port}`;

  say('migrating the database...');
  run(node, ['worker/dist/ops/cli.js', 'migrate']);

  const apiPort = dev ? String(await freePort()) : String(port);
  // The launcher asks the api itself (in dev Vite's port only proxies to it).
  const apiHealthUrl = `http://${dev ? '127.0.0.1' : localAddress(env.HOST)}:${apiPort}/api/health`;
  let firstReady;
  const onApiStart = (attempt, proc) => {
    const ready = reportApiReady(apiHealthUrl, attempt, proc);
    firstReady ??= ready;
  };
  if (dev) {
    child('tsc', node, [
      path.join(root, 'node_modules/typescript/bin/tsc'),
      '-b',
      'tsconfig.json',
      '--watch',
      '--preserveWatchOutput',
    ]);
    // Only Vite's proxy calls the api in dev: it stays on loopback whatever HOST says.
    child(
      'api',
      node,
      ['--watch', 'api/dist/main.js'],
      { PORT: apiPort, HOST: '127.0.0.1', SERVE_WEB: 'false' },
      { restart: true, onStart: onApiStart },
    );
    child('worker', node, ['--watch', 'worker/dist/main.js'], {}, { restart: true });
    const viteArgs = ['--host', env.HOST, '--port', String(port), '--strictPort'];
    child('web', 'npm', ['run', 'dev', '-w', 'web', '--silent', '--', ...viteArgs], {
      API_PORT: apiPort,
      WEB_PORT: String(port),
    });
  } else {
    const bundled = apiBundleFresh(root);
    if (!bundled) say('the api bundle is missing or older than the build; running the unbundled api (slower to start)');
    const apiMain = bundled ? path.relative(root, apiBundlePath(root)) : 'api/dist/main.js';
    // V8's compiled code kept on disk (keyed by each file's content, so a rebuild only misses): compiling the
    // 8 MB bundle was ~20% of the api's start-up CPU, and a restarted api (a crash) starts from the cache.
    const compileCache = { NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE || path.join(root, '.data/compile-cache') };
    child('api', node, [apiMain], { PORT: apiPort, ...compileCache }, { restart: true, onStart: onApiStart });
    child('worker', node, ['worker/dist/main.js'], compileCache, { restart: true });
  }

  const healthUrl = `http://${localAddress(env.HOST)}:${port}/api/health`;
  await firstReady;
  if (shuttingDown) return;
  console.log(
    [
      '',
      `  \x1b[1mPayola is running${dev ? ' (dev, hot reload)' : ''}:\x1b[0m  \x1b[32m${env.PUBLIC_URL}\x1b[0m`,
      `  api:       ${env.PUBLIC_URL}/api   health: ${healthUrl}`,
      `  worker:    health http://${localAddress(env.HOST)}:${env.WORKER_HEALTH_PORT}/health`,
      `  database:  ${dbInfo}`,
      `  redis:     ${redisInfo}`,
      `  storage:   ${storageInfo}`,
      ...thirdPartyModes().map((line) => `  ${line}`),
      ...networkLines(),
      '  Ctrl+C stops everything.',
      '',
    ].join('\n'),
  );
}

main().catch(async (error) => {
  console.error(`\n\x1b[31m[start] ${error instanceof Error ? error.message : error}\x1b[0m`);
  await shutdown(1);
});
