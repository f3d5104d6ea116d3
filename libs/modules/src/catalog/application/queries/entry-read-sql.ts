/**
 * The SQL every kind's reads share (its columns and the per-user flags statement), built from the kind's
 * table names. Kept apart from the read cache so the kind description can use it without an import circle.
 */

/** The signed-in user's own marks on a page's entries, read fresh on every request. */
export interface UserFlags {
  voted: ReadonlySet<string>;
  favorited: ReadonlySet<string>;
  /** Artists: added or verified by the user. Venues: confirmed as a duplicate by the user. */
  verified: ReadonlySet<string>;
  /** Venues: added by the user (so no answer needs to carry the adder's id). Artists: empty. */
  added: ReadonlySet<string>;
}

/**
 * The flags statement of a catalogue whose tables are named `<prefix>s`, `<prefix>_votes`, ...: for each
 * user of `$1` the ids of `$2` (comma-separated UUIDs) that the user has marked.
 */
export function catalogFlagsSql(options: {
  prefix: string;
  idColumn: string;
  /** Extra condition on the `<prefix>_fans` rows (alias `t`) that count as `verified`. */
  fansWhere?: string;
  /** The condition on the `<prefix>_fans` rows (alias `t`) that count as `added`; none: nothing is. */
  addedWhere?: string;
}): string {
  const { prefix, idColumn } = options;
  const marked = (table: string, extra = '') =>
    `array(select t.${idColumn} from ${prefix}_${table} t
           where t.user_id = k.user_id and t.${idColumn} = any(string_to_array(k.ids, ','))${extra})`;
  return `select (select position::text from ${prefix}_revision) as revision,
            ${marked('votes')} as voted,
            ${marked('favorites')} as favorited,
            ${marked('fans', options.fansWhere ? ` and ${options.fansWhere}` : '')} as verified,
            ${options.addedWhere ? marked('fans', ` and ${options.addedWhere}`) : "'{}'::text[]"} as added
          from unnest($1::text[], $2::text[]) with ordinality as k(user_id, ids, n)
          order by k.n`;
}

/**
 * The columns every read of a catalogue selects (entry alias `e`): the kind's own, the flags of the user in
 * parameter `$1` (`user_has_voted`, `user_has_favorited`, and the `_fans` row as `fans.as`) and the revision.
 */
export function entryColumns(
  kind: { tables: string; idColumn: string },
  own: string,
  fans: { as: string; where?: string },
): string {
  const { tables, idColumn } = kind;
  const mark = (table: string) =>
    `exists (select 1 from ${tables}_${table} t where t.${idColumn} = e.id and t.user_id = $1`;
  return `${own},
  ${mark('votes')}) as user_has_voted,
  ${mark('favorites')}) as user_has_favorited,
  ${mark('fans')}${fans.where ? ` and ${fans.where}` : ''}) as ${fans.as},
  ${revisionColumn(tables)}`;
}

/** The column that gives each row of a read the catalogue's current revision (one lookup per statement). */
export function revisionColumn(prefix: string): string {
  return `(select r.position::text from ${prefix}_revision r) as revision`;
}
