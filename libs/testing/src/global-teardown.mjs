// Drops every database this run made, then stops an embedded server if one was started.
import { adminQuery } from '../../../deploy/local/services.mjs';

export default async function globalTeardown() {
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;
  const runId = process.env.TEST_RUN_ID;
  if (adminUrl && runId) {
    const rows = await adminQuery(adminUrl, 'select datname from pg_database where datname like $1', [`${runId}\\_%`]);
    for (const { datname } of rows) await adminQuery(adminUrl, `drop database if exists "${datname}" with (force)`);
  }
  await globalThis.__stopTestPostgres?.();
  await globalThis.__stopTestRedis?.();
  await globalThis.__stopTestS3?.();
}
