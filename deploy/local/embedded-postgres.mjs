// Where `npm start` keeps its embedded PostgreSQL. The launcher starts the server here and
// `npm run ops` looks for it here, so both read it from this one module.
import pg from 'pg';

export const EMBEDDED_POSTGRES = Object.freeze({
  host: '127.0.0.1',
  defaultPort: 54329,
  user: 'postgres',
  password: 'postgres',
  database: 'payola',
  dataDir: '.data/postgres',
});

export function embeddedPostgresPort(env = process.env) {
  return Number(env.EMBEDDED_POSTGRES_PORT || EMBEDDED_POSTGRES.defaultPort);
}

/** The embedded server's URL for `database` (its `postgres` maintenance database by default). */
export function embeddedPostgresUrl(port, database = 'postgres') {
  const { user, password, host } = EMBEDDED_POSTGRES;
  return `postgres://${user}:${password}@${host}:${port}/${database}`;
}

/**
 * Whether the product's database on the embedded server answers: `running` when it does,
 * `no-database` when the server answers without it, `not-running` when nothing answers.
 */
export async function probeEmbeddedDatabase(env = process.env) {
  const port = embeddedPostgresPort(env);
  const url = embeddedPostgresUrl(port, EMBEDDED_POSTGRES.database);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { state: 'running', port, url };
  } catch (error) {
    // 3D000: invalid_catalog_name, the server is up but the database was never created.
    const state = error?.code === '3D000' ? 'no-database' : 'not-running';
    return { state, port, url, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}
