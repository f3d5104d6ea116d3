// Runs once per integration run: finds a PostgreSQL server, creates a migrated template database for
// this run only, starts a local S3 server (s3rver) unless S3_ENDPOINT names one, and hands its coordinates to the test files through the environment.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { schemaMigrations } from '@app/modules/migrations';
import { runMigrations } from '@app/platform';
import {
  adminQuery,
  databaseUrl,
  findOrStartTestPostgres,
  findOrStartTestRedis,
  findOrStartTestS3,
} from '../../../deploy/local/services.mjs';

export default async function globalSetup() {
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  await mkdir(path.join(repoRoot, '.data'), { recursive: true });
  const server = await findOrStartTestPostgres(repoRoot);
  const runId = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await adminQuery(server.url, `create database ${runId}_template`);
  // The write-side schema only: each test applies the read models it uses (migrateReadModels).
  await runMigrations(databaseUrl(server.url, `${runId}_template`), schemaMigrations);

  process.env.TEST_ADMIN_DATABASE_URL = server.url;
  process.env.TEST_RUN_ID = runId;
  const redis = await findOrStartTestRedis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', {
    dataDir: path.join(repoRoot, '.data/test-redis'),
  });
  process.env.REDIS_URL = redis.url;
  globalThis.__stopTestRedis = redis.stop;
  process.env.QUEUE_PREFIX = runId;
  globalThis.__stopTestPostgres = server.stop;
  process.env.S3_BUCKET ||= 'payola-media';
  const storage = await findOrStartTestS3({
    directory: path.join(repoRoot, '.data', `test-s3-${runId}`),
    bucket: process.env.S3_BUCKET,
  });
  process.env.S3_ENDPOINT = storage.url;
  globalThis.__stopTestS3 = storage.stop;
}
