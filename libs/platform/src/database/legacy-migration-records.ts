import type pg from 'pg';
import { singleRow } from './single-row.js';

/**
 * Where each migration the MikroORM migrator applied lives now (their names are unchanged; the
 * source is new). History, not configuration: this list never grows.
 */
const MIKRO_ORM_SOURCES: Record<string, string> = {
  '0001-event-store': 'platform',
  '0002-projection-checkpoints': 'platform',
  '0003-identity': 'identity',
  '0004-payola': 'payola',
  '0005-membership': 'membership',
  '0006-email-outbox': 'platform',
  '0007-read-model-migrations': 'platform',
  '0008-catalog': 'catalog',
  '0009-venues': 'catalog',
  '0010-outreach': 'outreach',
  '0011-usernames': 'identity',
};

async function tableExists(client: pg.ClientBase, table: string): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [table]);
  return singleRow(rows).found;
}

/**
 * A database migrated before the one runner recorded its steps in two tables: `mikro_orm_migrations`
 * (the platform's and the modules' migrations) and `read_model_migrations` (each projection's
 * numbered steps). Their records move to `schema_migrations`, under the names the runner now uses
 * (a read model's source is `read-model:<projection>`, its step names the version), and the two
 * tables go, so an upgraded database and a fresh one end up with the same tables. Runs in the
 * runner's transaction, under its lock; on a database without them it does nothing.
 */
export async function adoptLegacyRecords(client: pg.ClientBase): Promise<void> {
  if (await tableExists(client, 'mikro_orm_migrations')) {
    const { rows } = await client.query<{ name: string; executed_at: Date }>(
      'select name, executed_at from mikro_orm_migrations',
    );
    for (const row of rows) {
      const source = MIKRO_ORM_SOURCES[row.name];
      if (!source) throw new Error(`mikro_orm_migrations names "${row.name}", which no migration source declares`);
      await client.query(
        `insert into schema_migrations (source, name, applied_at) values ($1, $2, $3) on conflict do nothing`,
        [source, row.name, row.executed_at],
      );
    }
    await client.query('drop table mikro_orm_migrations');
  }
  if (await tableExists(client, 'read_model_migrations')) {
    await client.query(`
      insert into schema_migrations (source, name, description, applied_at)
      select 'read-model:' || projection, version::text, description, applied_at from read_model_migrations
      on conflict do nothing`);
    await client.query('drop table read_model_migrations');
  }
}
