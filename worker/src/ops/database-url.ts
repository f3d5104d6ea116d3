/** Thrown when the ops CLI has no database to work on; its message says what to do. */
export class NoDatabaseError extends Error {}

export interface ResolvedDatabase {
  url: string;
  /** Said on stderr before the command runs, so nobody wonders which database was touched. */
  description: string;
}

/**
 * The database `npm run ops` works on: DATABASE_URL when set, else the embedded PostgreSQL that
 * `npm start` runs, when it answers. The launcher's module says where that server is, so the two
 * cannot drift apart; it is loaded only here because images built from deploy/docker (which always
 * set DATABASE_URL) do not ship deploy/local.
 */
export async function resolveDatabaseUrl(env: NodeJS.ProcessEnv = process.env): Promise<ResolvedDatabase> {
  if (env.DATABASE_URL)
    return { url: env.DATABASE_URL, description: `DATABASE_URL (${withoutCredentials(env.DATABASE_URL)})` };
  const launcher = await import('../../../deploy/local/embedded-postgres.mjs').catch(() => undefined);
  if (!launcher) {
    throw new NoDatabaseError(
      'DATABASE_URL: is required (the PostgreSQL connection string of the database to operate on)',
    );
  }
  const probe = await launcher.probeEmbeddedDatabase(env);
  const { host, database } = launcher.EMBEDDED_POSTGRES;
  const where = `${host}:${probe.port}`;
  if (probe.state === 'running') {
    return { url: probe.url, description: `the embedded PostgreSQL of "npm start" (${where}, database ${database})` };
  }
  const problem =
    probe.state === 'no-database'
      ? `the embedded PostgreSQL on ${where} answers but has no "${database}" database.`
      : `the embedded PostgreSQL of "npm start" does not answer on ${where} (${probe.error}).`;
  throw new NoDatabaseError(
    [
      `No database to operate on: DATABASE_URL is not set and ${problem}`,
      'Start the product first ("npm start", in another terminal; it starts that server and creates the database),',
      'or set DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/payola npm run ops -- status',
    ].join('\n'),
  );
}

function withoutCredentials(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return `${host}${pathname}`;
  } catch {
    return 'not a URL';
  }
}
