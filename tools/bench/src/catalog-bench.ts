import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import nodePath from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import {
  createDomainEventRegistry,
  type DomainEvent,
  type TArtistListFilters,
  type TVenueListFilters,
} from '@app/contracts';
import {
  ARTIST_GENRES,
  ARTIST_TYPES,
  canonicalLink,
  foldName,
  US_STATES,
  VENUE_AGE_FILTERS,
  VENUE_TYPES,
  type CanonicalLink,
} from '@app/domain';
import { ConsumerRunner, EventStore, migrateReadModels } from '@app/event-store';
import {
  ARTIST_PROFILE_SQL,
  artistListSql,
  artistsProjection,
  VENUE_PROFILE_SQL,
  venueListSql,
  venuesProjection,
} from '@app/modules/catalog';
import { usersProjection } from '@app/modules/identity';
import { payolaLedgerProjection } from '@app/modules/payola';
import { createPool, preparedStatement, withTransaction, type Logger, type Pool } from '@app/platform';
import { checkpoint, closedLoop, formatInt, log, REPO_ROOT, sleep, type LatencyFigures } from './bench-util.js';

export type { LatencyFigures } from './bench-util.js';

const execFileAsync = promisify(execFile);

/**
 * The artist and venue catalogue under load: 100,000 artists and 100,000 venues with votes and
 * favourites go through the real write path's events and the real projections; then the api (its own
 * process, as deployed) answers list, search and profile requests from 50 concurrent clients, and the
 * same SQL runs bare through `pg` with the same concurrency and pool size, so the figure says what the
 * api adds.
 */

export interface CatalogScenarioResult {
  name: string;
  ours: LatencyFigures;
  baseline: LatencyFigures;
  /** Our requests/s over the bare query's. */
  ratio: number;
  /**
   * CPU time the api process spent per answered request during the measured run (user + system, from
   * /proc), in microseconds; undefined where /proc is not there or the api runs as several processes. Unlike
   * throughput and latency, it hardly depends on what else the shared cores are doing.
   */
  apiCpuUsPerRequest?: number;
}

export interface CatalogBenchResult {
  artists: number;
  venues: number;
  votes: number;
  favorites: number;
  seedSeconds: number;
  projectSeconds: number;
  concurrency: number;
  secondsPerScenario: number;
  poolSize: number;
  apiProcesses: number;
  viewers: number;
  /** Lines the api logged at error level during the phase: none is expected. */
  apiErrorsLogged: number;
  loadGenerator: LoadGenerator;
  scenarios: CatalogScenarioResult[];
}

export const CATALOG_TARGETS = { p99Ms: 50, ratio: 0.5 } as const;

/** The throughput ratio a scenario must reach: issue 23 asks 0.6 of the profiles (a primary-key read). */
export function catalogRatioTarget(scenarioName: string): number {
  return /^profile/i.test(scenarioName) ? 0.6 : CATALOG_TARGETS.ratio;
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ra',
  'shi',
  'to',
  'ven',
  'dar',
  'el',
  'or',
  'mon',
  'bel',
  'sa',
  'ri',
  'zu',
  'qua',
  'nov',
  'lux',
  'fen',
  'gal',
  'tri',
  'po',
  'ne',
  'vi',
  'sol',
  'mar',
  'jo',
  'ha',
  'cy',
  'ber',
];
const WORDS = [
  'Velvet',
  'Echo',
  'Neon',
  'Wolves',
  'Riot',
  'Garden',
  'Saints',
  'Machine',
  'Static',
  'Honey',
  'Ghost',
  'Harbor',
  'Crystal',
  'Orchestra',
  'Collective',
  'Sound',
  'Youth',
  'Parade',
  'Tigers',
  'Moon',
];
const ACCENTED = ['Björk', 'Sigur Rós', 'Beyoncé', 'Mötley', 'Café', 'Señor', 'Zoë', 'Łódź'];

function randomInt(max: number): number {
  return Math.floor(Math.random() * max);
}

function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)]!;
}

/** Pronounceable, mostly distinct names; some with accents and a leading "The", as in a real catalogue. */
function artistName(i: number): string {
  const word = () => {
    const syllables = Array.from({ length: 2 + randomInt(2) }, () => pick(SYLLABLES)).join('');
    return syllables.charAt(0).toUpperCase() + syllables.slice(1);
  };
  const roll = i % 10;
  if (roll === 0) return `The ${word()} ${pick(WORDS)}`;
  if (roll === 1) return `${pick(ACCENTED)} ${word()}`;
  if (roll < 5) return `${word()} ${pick(WORDS)}`;
  return `${word()} ${word()}`;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function links(i: number): CanonicalLink[] {
  const spotifyId = Array.from({ length: 22 }, () => pick([...BASE62])).join('');
  const result = [
    canonicalLink('spotify', `https://open.spotify.com/artist/${spotifyId}`),
    canonicalLink('instagram', `https://www.instagram.com/artist_${i}`),
  ];
  return result.map((r) => {
    if (!r.ok) throw new Error(r.message);
    return r.link;
  });
}

/** A search a fan would type: part of a stored name, sometimes with one letter dropped (a typo). */
function searchTerm(name: string): string {
  const word = name.replace(/^The /, '').split(' ')[0]!;
  if (word.length > 5 && Math.random() < 0.5) {
    const at = 1 + randomInt(word.length - 2);
    return word.slice(0, at) + word.slice(at + 1);
  }
  return word.toLowerCase();
}

async function appendAll(
  store: EventStore,
  pool: Pool,
  batch: { stream: string; event: DomainEvent }[],
): Promise<void> {
  await withTransaction(pool, async (client) => {
    for (const { stream, event } of batch) {
      await store.append(stream, 'no_stream', [{ ...event, metadata: { actingUserId: 'bench' } }], { client });
    }
  });
}

async function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface ApiProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Lines the api logged at error level or above (pino's 50 and 60) since it first answered. */
  errorsLogged(): number;
  stop(): Promise<void>;
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; undefined without /proc. */
async function cpuSecondsOf(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), counted from 3: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Linux's USER_HZ, which /proc reports CPU time in: 100 on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Passes a child's output through line by line, calling `onError` for each line logged at error or fatal. */
function passThrough(from: Readable, to: NodeJS.WriteStream, onError: () => void): void {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
    if (/"level":(50|60)\b/.test(line)) onError();
    to.write(`${line}\n`);
  });
}

/**
 * One api process (API_PROCESSES's default) unless BENCH_API_PROCESSES says more, sharing the pool size
 * the bare baseline gets, so both hold as many connections. Here the api shares 2 cores with PostgreSQL
 * and the load generator: a second process (one per core, as on a machine of its own) served ~45% more
 * list calls per second, but the scheduler then pauses one busy process for another so often that the
 * p99 went from 10-18 ms to 40-76 ms (All Artists, wrk, 2026-11-25).
 */
export function apiProcesses(): number {
  const wanted = Number(process.env.BENCH_API_PROCESSES || 1);
  return Number.isInteger(wanted) && wanted > 0 ? wanted : 1;
}

async function startApiProcess(databaseUrl: string, redisUrl: string, poolSize: number): Promise<ApiProcess> {
  const port = await unusedPort();
  const processes = apiProcesses();
  // BENCH_API_CPU_PROFILE=<dir>: the api writes a V8 CPU profile there when it stops (where its time went).
  const profileDir = process.env.BENCH_API_CPU_PROFILE;
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  // BENCH_API_NODE_FLAGS='--trace-gc --inspect=127.0.0.1:9333' (say): Node's flags for the api alone, which
  // NODE_OPTIONS cannot carry (it refuses --trace-gc) and would give the bench's own process too.
  const nodeFlags = process.env.BENCH_API_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...profiling, ...nodeFlags, nodePath.join(REPO_ROOT, 'api/dist/main.js')], {
    env: {
      ...process.env,
      // Not production: its session cookie is Secure, which this plain-HTTP loopback run cannot carry.
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      API_PROCESSES: String(processes),
      DB_POOL_SIZE: String(Math.max(1, Math.floor(poolSize / processes))),
      // The bench signs up its viewers from one address.
      RATE_LIMIT_FACTOR: '20',
      QUEUE_PREFIX: `bench-${process.pid}`,
      SESSION_SECRET: `bench-session-secret-${randomUUID()}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Counted from the first answer on: until then a loaded machine may see /api/health answer 503
  // (logged at error) while the api's connections come up, which the start-up loop below waits out.
  let errors = 0;
  let answered = false;
  const onError = () => {
    if (answered) errors++;
  };
  passThrough(child.stdout!, process.stdout, onError);
  passThrough(child.stderr!, process.stderr, onError);
  const errorsLogged = () => errors;
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`the api exited with code ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) {
      answered = true;
      return { baseUrl, child, errorsLogged, stop };
    }
    await sleep(100);
  }
  await stop();
  throw new Error('the api did not answer /api/health within 20 s');
}

/** A signed-in browser session: the session and CSRF cookies of a new account. */
async function signUp(baseUrl: string): Promise<{ cookie: string; userId: string }> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!, value.join('='));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await fetch(`${baseUrl}/api/auth/check`));
  const response = await fetch(`${baseUrl}/api/create-account`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookie(),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify({
      email: `bench-${randomUUID()}@example.com`,
      password: 'bench password 1',
      firstName: 'Bench',
      lastName: 'Mark',
      role: 'fan',
      zipCode: '10001',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  keep(response);
  const { userId } = (await response.json()) as { userId: string };
  // As the web app does after signing in: its next call gets the CSRF token bound to the new session,
  // which later calls then carry (a stale token would be reissued on every call).
  keep(await fetch(`${baseUrl}/api/auth/check`, { headers: { cookie: cookie() } }));
  return { cookie: cookie(), userId };
}

/** wrk (a C load generator, Debian's `wrk`) when it is installed: it costs the shared cores far less. */
async function wrkAvailable(): Promise<boolean> {
  return execFileAsync('wrk', ['--version']).then(
    () => true,
    (error: { code?: unknown }) => error.code !== 'ENOENT',
  );
}

/** wrk's script: a random path and a random viewer's cookies per request; the figures as JSON at the end. */
const WRK_SCRIPT = `
local paths, cookies = {}, {}
for line in io.lines(os.getenv("BENCH_PATHS")) do if #line > 0 then paths[#paths + 1] = line end end
for line in io.lines(os.getenv("BENCH_COOKIES")) do if #line > 0 then cookies[#cookies + 1] = line end end
math.randomseed(os.time())
request = function()
  return wrk.format("GET", paths[math.random(#paths)], { ["cookie"] = cookies[math.random(#cookies)] })
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"perSecond":%f,"p50Ms":%f,"p99Ms":%f,"errors":%d}\\n',
    summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, e.status + e.connect + e.read + e.write + e.timeout))
end
`;

export type LoadGenerator = 'wrk' | 'undici';

/**
 * The api under load from a process of its own: wrk when installed, else http-load.ts (undici's client;
 * fetch() would cost the load generator, which shares the cores, several times more CPU). Keep-alive
 * connections, one per client, each request a path drawn from the scenario's (2,000 unless `paths`
 * says) with the cookies of one of the viewers; a warm-up of `warmUpSeconds` first.
 */
async function loadApi(
  generator: LoadGenerator,
  baseUrl: string,
  cookies: string[],
  concurrency: number,
  warmUpSeconds: number,
  seconds: number,
  path: () => string,
  paths = 2000,
  apiPid?: number,
): Promise<LatencyFigures & { apiCpuUsPerRequest?: number }> {
  const dir = await mkdtemp(nodePath.join(os.tmpdir(), 'payola-bench-'));
  const pathsFile = nodePath.join(dir, 'paths.txt');
  const cookiesFile = nodePath.join(dir, 'cookies.txt');
  await writeFile(pathsFile, Array.from({ length: paths }, path).join('\n'));
  await writeFile(cookiesFile, cookies.join('\n'));
  try {
    if (generator === 'wrk') {
      const script = nodePath.join(dir, 'load.lua');
      await writeFile(script, WRK_SCRIPT);
      const env = { ...process.env, BENCH_PATHS: pathsFile, BENCH_COOKIES: cookiesFile };
      const run = async (s: number) => {
        const args = ['-t1', `-c${concurrency}`, `-d${s}s`, '--timeout', '10s', '-s', script, baseUrl];
        const { stdout } = await execFileAsync('wrk', args, { env, maxBuffer: 1 << 20 });
        return JSON.parse(stdout.trim().split('\n').at(-1)!) as LatencyFigures;
      };
      if (warmUpSeconds > 0) await run(warmUpSeconds);
      const cpuBefore = await cpuSecondsOf(apiPid);
      const figures = await run(seconds);
      const cpuAfter = await cpuSecondsOf(apiPid);
      const answered = figures.requests - figures.errors;
      if (cpuBefore === undefined || cpuAfter === undefined || answered <= 0) return figures;
      return { ...figures, apiCpuUsPerRequest: ((cpuAfter - cpuBefore) / answered) * 1e6 };
    }
    const script = nodePath.join(import.meta.dirname, 'http-load.js');
    const args = [script, baseUrl, String(concurrency), String(warmUpSeconds), String(seconds), cookiesFile, pathsFile];
    const { stdout } = await execFileAsync(process.execPath, args, { maxBuffer: 1 << 20 });
    return JSON.parse(stdout) as LatencyFigures;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The bare SQL's load: the same closed loop, in this process. */
function load(concurrency: number, seconds: number, request: () => Promise<boolean>): Promise<LatencyFigures> {
  return closedLoop(concurrency, seconds, async () => (await request()) || 'failed');
}

export interface CatalogBenchOptions {
  databaseUrl: string;
  redisUrl: string;
  logger: Logger;
  artists: number;
  venues: number;
  concurrency: number;
  secondsPerScenario: number;
  /** Each scenario's unmeasured warm-up (api and bare SQL alike); 0: none. */
  warmUpSeconds: number;
  /** The pause between seeding and measuring; 0: none. */
  settleSeconds: number;
  /** How many signed-in fans the load comes from (each request carries one of their sessions). */
  viewers: number;
}

const CITIES = [
  ['New York', 'NY'],
  ['Austin', 'TX'],
  ['Nashville', 'TN'],
  ['Chicago', 'IL'],
  ['Seattle', 'WA'],
  ['New Orleans', 'LA'],
  ['Los Angeles', 'CA'],
  ['Denver', 'CO'],
] as const;

/** A venue per index: a name like the artists' with a venue word, in one of a few cities (or anywhere). */
function venueEvent(i: number, addedBy: string): { venueId: string; name: string; event: DomainEvent } {
  const venueId = randomUUID();
  const [city, state] = i % 4 === 0 ? [`Town ${i % 997}`, pick(US_STATES)] : pick(CITIES);
  const name = `${artistName(i)} ${pick(['Hall', 'Club', 'Room', 'Lounge', 'Theater', 'Bar'])}`;
  const event: DomainEvent = {
    type: 'VenueAdded',
    data: {
      venueId,
      name,
      venueType: pick(VENUE_TYPES),
      streetAddress: `${1 + randomInt(999)} Main St`,
      city,
      state,
      country: 'USA',
      capacity: 50 + randomInt(2000),
      ageRestriction: pick(VENUE_AGE_FILTERS),
      soundSystem: null,
      bio: `${name} from the bench.`,
      phoneNumber: null,
      email: null,
      bookingContact: null,
      accessibility: null,
      parking: null,
      links: [],
      addedBy,
      addedByFoundingFanNumber: 1 + randomInt(5000),
    },
  };
  return { venueId, name, event };
}

export async function catalogBench(options: CatalogBenchOptions): Promise<CatalogBenchResult> {
  const { databaseUrl, artists: artistCount, concurrency, secondsPerScenario } = options;
  // The api's default pool size; the bare baseline gets the same number of connections.
  const poolSize = 10;
  const pool = createPool({ connectionString: databaseUrl, max: poolSize, applicationName: 'payola-bench-catalog' });
  // The read models the api reads while the bench signs up and loads it, migrated before it starts
  // as the worker has them on a live database (the auth check reads the users and Payola's).
  await migrateReadModels(pool, [usersProjection, payolaLedgerProjection, artistsProjection, venuesProjection]);
  const apiStarted = performance.now();
  const api = await startApiProcess(databaseUrl, options.redisUrl, poolSize);
  log(`  api answering in ${((performance.now() - apiStarted) / 1000).toFixed(1)} s`);
  try {
    // Signed-in fans asking at once, each with artists, votes and favourites of their own. The users
    // projection runs meanwhile, as the worker would: sign-up waits for it (read-your-writes).
    const users = new ConsumerRunner(pool, usersProjection, {
      databaseUrl,
      batchSize: 100,
      pollIntervalMs: 20,
      logger: options.logger,
    });
    await users.start();
    const viewers = [];
    const signUpStarted = performance.now();
    try {
      for (let i = 0; i < options.viewers; i++) viewers.push(await signUp(api.baseUrl));
    } finally {
      await users.stop();
    }
    log(`  ${options.viewers} fans signed up in ${((performance.now() - signUpStarted) / 1000).toFixed(1)} s`);
    const viewer = viewers[0]!;
    const cookies = viewers.map((v) => v.cookie);
    const generator: LoadGenerator = (await wrkAvailable()) ? 'wrk' : 'undici';
    const store = new EventStore(pool, createDomainEventRegistry());

    log(`  seeding ${formatInt(artistCount)} artists with votes and favourites (events through the event store)`);
    const fans = [
      ...viewers.map((v) => v.userId),
      ...Array.from({ length: 1000 - options.viewers }, () => randomUUID()),
    ];
    const ids: string[] = [];
    const names: string[] = [];
    let votes = 0;
    let favorites = 0;
    const seedStarted = performance.now();
    const BATCH = 500;
    for (let from = 0; from < artistCount; from += BATCH) {
      const batch: { stream: string; event: DomainEvent }[] = [];
      for (let i = from; i < Math.min(artistCount, from + BATCH); i++) {
        const artistId = randomUUID();
        const name = artistName(i);
        ids.push(artistId);
        names.push(name);
        const addedBy = pick(fans);
        batch.push({
          stream: `artist-${artistId}`,
          event: {
            type: 'ArtistAdded',
            data: {
              artistId,
              name,
              artistType: pick(ARTIST_TYPES),
              genre: pick(ARTIST_GENRES),
              secondaryGenre: null,
              recordLabel: null,
              bio: `${name} from the bench.`,
              links: links(i),
              addedBy,
              addedByFoundingFanNumber: 1 + randomInt(5000),
              attestation: 'bench',
            },
          },
        });
        // About one vote per artist and one favourite per three, from distinct fans.
        const voters = new Set(Array.from({ length: randomInt(3) }, () => pick(fans)));
        for (const userId of voters) {
          votes++;
          batch.push({
            stream: `artist-vote-${artistId}-${userId}`,
            event: { type: 'VoteCast', data: { artistId, userId } },
          });
        }
        if (i % 3 === 0) {
          favorites++;
          const userId = pick(fans);
          batch.push({
            stream: `artist-favorite-${artistId}-${userId}`,
            event: { type: 'ArtistFavorited', data: { artistId, userId } },
          });
        }
      }
      await appendAll(store, pool, batch);
      if ((from / BATCH) % 40 === 0) log(`    ${formatInt(from + BATCH)} artists`);
    }
    log(`  seeding ${formatInt(options.venues)} venues with votes and favourites`);
    const venueIds: string[] = [];
    const venueNames: string[] = [];
    for (let from = 0; from < options.venues; from += BATCH) {
      const batch: { stream: string; event: DomainEvent }[] = [];
      for (let i = from; i < Math.min(options.venues, from + BATCH); i++) {
        const { venueId, name, event } = venueEvent(i, pick(fans));
        venueIds.push(venueId);
        venueNames.push(name);
        batch.push({ stream: `venue-${venueId}`, event });
        for (const userId of new Set(Array.from({ length: randomInt(3) }, () => pick(fans)))) {
          votes++;
          batch.push({
            stream: `venue-vote-${venueId}-${userId}`,
            event: { type: 'VenueVoteCast', data: { venueId, userId } },
          });
        }
        if (i % 3 === 0) {
          favorites++;
          const userId = pick(fans);
          batch.push({
            stream: `venue-favorite-${venueId}-${userId}`,
            event: { type: 'VenueFavorited', data: { venueId, userId } },
          });
        }
      }
      await appendAll(store, pool, batch);
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    log('  projecting them (the catalog-artists and catalog-venues projections, as the worker runs them)');
    const projectStarted = performance.now();
    for (const projection of [artistsProjection, venuesProjection]) {
      const runner = new ConsumerRunner(pool, projection, {
        databaseUrl,
        batchSize: 1000,
        pollIntervalMs: 60_000,
        logger: options.logger,
      });
      await runner.start();
      await runner.catchUp();
      await runner.stop();
    }
    const projectSeconds = (performance.now() - projectStarted) / 1000;
    // A live database has had autovacuum pass over freshly written rows (hint bits, visibility map,
    // statistics) and its checkpoint behind it; this machine's PostgreSQL runs without autovacuum, so
    // the bench does both, or the first seconds measured would pay for the seeding's writes.
    await pool.query('vacuum analyze');
    await checkpoint(pool);
    log(
      `  seeded in ${seedSeconds.toFixed(1)} s, projected in ${projectSeconds.toFixed(1)} s; ` +
        `${formatInt(votes)} votes, ${formatInt(favorites)} favourites`,
    );
    // Minutes of seeding at full load leave the machine slower for a while (the same load measured
    // 30-40% fewer requests/s right after the seeding than on the settled database): a pause first, so
    // the figures are of the serving, not of the seeding's wake. BENCH_SETTLE_SECONDS=0 skips it.
    if (options.settleSeconds > 0) {
      log(`  settling for ${options.settleSeconds} s`);
      await sleep(options.settleSeconds * 1000);
    }

    // The same statements as the api, prepared the same way (preparedStatement).
    const bare = (text: string, values: unknown[]) => async () =>
      (await pool.query(preparedStatement(text, values))).rowCount !== null;
    const listFilters = (extra: Partial<TArtistListFilters>): TArtistListFilters => ({ limit: 24, ...extra });
    const venueFilters = (extra: Partial<TVenueListFilters>): TVenueListFilters => ({ limit: 24, ...extra });
    const scenarios: {
      name: string;
      path: () => string;
      baseline: () => () => Promise<boolean>;
      /** How many paths the load draws from (2,000 unless said). */
      paths?: number;
    }[] = [
      {
        name: 'list: All Artists, first page',
        path: () => '/api/artists/all',
        baseline: () => {
          const sql = artistListSql(viewer.userId, 'all', listFilters({}));
          return bare(sql.text, sql.values);
        },
      },
      {
        name: 'list: genre filter',
        path: () => `/api/artists/all?genre=${encodeURIComponent(pick(ARTIST_GENRES))}`,
        baseline: () => {
          const sql = artistListSql(viewer.userId, 'all', listFilters({ genre: pick(ARTIST_GENRES) }));
          return bare(sql.text, sql.values);
        },
      },
      {
        name: 'list: My Artists',
        path: () => '/api/artists/my',
        baseline: () => {
          const sql = artistListSql(viewer.userId, 'my', listFilters({}));
          return bare(sql.text, sql.values);
        },
      },
      {
        name: 'search: name, typos',
        path: () => `/api/artists/all?q=${encodeURIComponent(searchTerm(pick(names)))}`,
        baseline: () => {
          const sql = artistListSql(viewer.userId, 'all', listFilters({ q: searchTerm(pick(names)) }));
          return bare(sql.text, sql.values);
        },
      },
      {
        // Few of 50,000 drawn searches repeat within a run: the read cache rarely holds the answer.
        name: 'search: 50,000 drawn terms (mostly uncached)',
        path: () => `/api/artists/all?q=${encodeURIComponent(searchTerm(pick(names)))}`,
        paths: 50_000,
        baseline: () => {
          const sql = artistListSql(viewer.userId, 'all', listFilters({ q: searchTerm(pick(names)) }));
          return bare(sql.text, sql.values);
        },
      },
      {
        name: 'profile: /api/artists/{id}',
        path: () => `/api/artists/${pick(ids)}`,
        baseline: () => bare(ARTIST_PROFILE_SQL, [viewer.userId, pick(ids)]),
      },
      {
        name: 'list: All Venues, first page',
        path: () => '/api/venues',
        baseline: () => {
          const sql = venueListSql(viewer.userId, 'all', venueFilters({}));
          return bare(sql.text, sql.values);
        },
      },
      {
        name: 'list: venue type and age filters',
        path: () =>
          `/api/venues?type=${encodeURIComponent(pick(VENUE_TYPES))}&age=${encodeURIComponent(pick(VENUE_AGE_FILTERS))}`,
        baseline: () => {
          const sql = venueListSql(
            viewer.userId,
            'all',
            venueFilters({ type: pick(VENUE_TYPES), age: pick(VENUE_AGE_FILTERS) }),
          );
          return bare(sql.text, sql.values);
        },
      },
      {
        name: 'search: venue name, typos',
        path: () => `/api/venues?q=${encodeURIComponent(searchTerm(pick(venueNames)))}`,
        baseline: () => {
          const sql = venueListSql(viewer.userId, 'all', venueFilters({ q: searchTerm(pick(venueNames)) }));
          return bare(sql.text, sql.values);
        },
      },
      {
        name: 'profile: /api/venues/{id}',
        path: () => `/api/venues/${pick(venueIds)}`,
        baseline: () => bare(VENUE_PROFILE_SQL, [viewer.userId, pick(venueIds)]),
      },
    ];
    const only = process.env.BENCH_CATALOG_SCENARIOS?.split(',').map((word) => word.trim());
    const chosen = only ? scenarios.filter((scenario) => only.some((word) => scenario.name.includes(word))) : scenarios;

    const results: CatalogScenarioResult[] = [];
    for (const scenario of chosen) {
      // A short warm-up of both paths, then each measured on its own.
      const ours = await loadApi(
        generator,
        api.baseUrl,
        cookies,
        concurrency,
        options.warmUpSeconds,
        secondsPerScenario,
        scenario.path,
        scenario.paths,
        // Several api processes are forks of this child: its own CPU time would not be theirs.
        apiProcesses() === 1 ? api.child.pid : undefined,
      );
      if (options.warmUpSeconds > 0) await load(concurrency, 1, () => scenario.baseline()());
      const baseline = await load(concurrency, secondsPerScenario, () => scenario.baseline()());
      const { apiCpuUsPerRequest, ...oursFigures } = ours;
      const result = {
        name: scenario.name,
        ours: oursFigures,
        baseline,
        ratio: ours.perSecond / baseline.perSecond,
        apiCpuUsPerRequest,
      };
      results.push(result);
      const cpu = apiCpuUsPerRequest === undefined ? '' : `, api CPU ${formatInt(apiCpuUsPerRequest)} us/request`;
      log(
        `  ${scenario.name}: api p50 ${ours.p50Ms.toFixed(1)} ms, p99 ${ours.p99Ms.toFixed(1)} ms, ` +
          `${formatInt(ours.perSecond)} req/s (${ours.errors} errors${cpu}); bare SQL p50 ${baseline.p50Ms.toFixed(1)} ms, ` +
          `p99 ${baseline.p99Ms.toFixed(1)} ms, ${formatInt(baseline.perSecond)} q/s; ratio ${result.ratio.toFixed(2)}`,
      );
    }
    // Keeps the folded names honest in the log: what a typo search looked like.
    log(`  e.g. "${names[0]}" folds to "${foldName(names[0]!)}", searched as "${searchTerm(names[0]!)}"`);
    return {
      artists: artistCount,
      venues: options.venues,
      votes,
      favorites,
      seedSeconds,
      projectSeconds,
      concurrency,
      secondsPerScenario,
      poolSize,
      apiProcesses: apiProcesses(),
      viewers: options.viewers,
      apiErrorsLogged: api.errorsLogged(),
      loadGenerator: generator,
      scenarios: results,
    };
  } finally {
    await api.stop();
    await pool.end();
  }
}
