import type { Queryable } from '@app/platform';
import type { EntryChange } from './entry-batch.js';

/** How a kind's fans move to the survivor (their own columns differ). */
export interface MergedFans {
  /** The `_fans` columns besides the entry, the user and the position, in the table's order. */
  columns: readonly string[];
  /** What each of those columns is for a moved fan (SQL over the duplicate's row `f`). */
  values: readonly string[];
  /** The counter of the fans who vouched (`fan_count`, `confirmed_count`) and which rows it counts (SQL on `f`). */
  vouchCount: string;
  vouched: string;
}

type MergedKind = { tables: string; idColumn: string };

/**
 * A duplicate merged into its survivor, in log order like the kind's other rare changes: its votes,
 * favourites and fans move (a member who had both keeps one: the survivor's), its links the survivor
 * lacks are added, and it leaves the public lists for good (`merged_into`, where later marks of it go).
 * The counts follow the rows that really came and went.
 */
export function mergeChange(kind: MergedKind, fans: MergedFans, duplicateId: string, survivorId: string): EntryChange {
  return { change: 'inOrder', apply: (db) => mergeEntry(db, kind, fans, duplicateId, survivorId) };
}

export async function mergeEntry(
  db: Queryable,
  { tables, idColumn }: MergedKind,
  fans: MergedFans,
  duplicateId: string,
  survivorId: string,
): Promise<void> {
  const ids = [duplicateId, survivorId];
  const move = async (table: string, columns: string, values: string, counted = 'true') => {
    const { rows } = await db.query<{ moved: number; left: number }>(
      `with gone as (delete from ${table} f where f.${idColumn} = $1 returning f.*),
            came as (insert into ${table} (${idColumn}, user_id, ${columns})
                     select $2, f.user_id, ${values} from gone f
                     on conflict do nothing returning *)
       select (select count(*) from came c where ${counted.replaceAll('f.', 'c.')})::int as moved,
              (select count(*) from gone f where ${counted})::int as left`,
      ids,
    );
    return rows[0] ?? { moved: 0, left: 0 };
  };
  const votes = await move(`${tables}_votes`, 'created_at', 'f.created_at');
  const favorites = await move(`${tables}_favorites`, 'position, created_at', 'f.position, f.created_at');
  const vouches = await move(
    `${tables}_fans`,
    [...fans.columns, 'position'].join(', '),
    [...fans.values, 'f.position'].join(', '),
    fans.vouched,
  );
  const { rows } = await db.query<{ was_public: boolean }>(
    `update ${tables}s e set is_public = false, merged_into = $2,
       vote_count = e.vote_count - $3, favorite_count = e.favorite_count - $4,
       ${fans.vouchCount} = e.${fans.vouchCount} - $5
     from ${tables}s old where e.id = $1 and old.id = e.id
     returning old.is_public as was_public`,
    [duplicateId, survivorId, votes.left, favorites.left, vouches.left],
  );
  // The links the survivor lacks (by platform and key), after its own.
  await db.query(
    `update ${tables}s s set
       vote_count = s.vote_count + $3, favorite_count = s.favorite_count + $4,
       ${fans.vouchCount} = s.${fans.vouchCount} + $5,
       links = s.links || coalesce((
         select jsonb_agg(l order by n) from jsonb_array_elements(d.links) with ordinality as x(l, n)
         where not exists (select 1 from jsonb_array_elements(s.links) k
                           where k->>'platform' = l->>'platform' and k->>'key' = l->>'key')), '[]'::jsonb)
     from ${tables}s d where s.id = $2 and d.id = $1`,
    [duplicateId, survivorId, votes.moved, favorites.moved, vouches.moved],
  );
  if (rows[0]?.was_public) await db.query(`update ${tables}_totals set public_count = public_count - 1`);
}

/** Where each of `ids` that was merged leads now (a survivor merged later leads on to its own survivor). */
export async function survivorsOf(
  db: Queryable,
  tables: string,
  ids: ReadonlySet<string>,
): Promise<Map<string, string>> {
  const leads = new Map<string, string>();
  let asked = [...ids];
  for (let depth = 0; asked.length > 0 && depth < 8; depth++) {
    const { rows } = await db.query<{ id: string; merged_into: string }>(
      `select id, merged_into from ${tables}s where id = any($1::text[]) and merged_into is not null`,
      [asked],
    );
    for (const row of rows) leads.set(row.id, row.merged_into);
    asked = rows.map((row) => row.merged_into).filter((id) => !leads.has(id));
  }
  const end = (id: string): string => {
    for (let next = leads.get(id), depth = 0; next !== undefined && depth < 8; next = leads.get(next), depth++)
      id = next;
    return id;
  };
  return new Map([...ids].filter((id) => leads.has(id)).map((id) => [id, end(id)]));
}

export const MERGED_INTO_MIGRATION = {
  description: 'merged duplicates: where each leads (they leave the lists; later votes and favourites go there)',
  sql: (tables: string) => `alter table ${tables}s add column merged_into text;`,
};
