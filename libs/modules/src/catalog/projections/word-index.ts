import { searchWords, typoVariants } from '@app/domain';
import type { Queryable } from '@app/platform';

/**
 * The read side of search-words.ts: per catalogue (artists, venues) a `<prefix>_words` table, one row
 * per folded word of an entry's name, and a `<prefix>_word_variants` table from each distinct word's
 * one-deletion variants to the word. Both are B-tree keyed in the "C" collation, so a prefix is one range.
 */
export function wordIndexTablesSql(prefix: string): string {
  return `create table ${prefix}_words (
            word text collate "C" not null,
            entity_id text not null,
            primary key (word, entity_id)
          );
          create index ${prefix}_words_entity on ${prefix}_words (entity_id);
          create table ${prefix}_word_variants (
            variant text collate "C" not null,
            word text collate "C" not null,
            primary key (variant, word)
          );`;
}

/**
 * Gives each word row its entry's list position (newest first; it never changes once the entry is added),
 * so a search of the All tab ranks its matches inside the index and reads the wide entry rows of only the
 * page it returns (catalog-list-sql.ts). Filled from the entries already there; the covering index keeps
 * the prefix scans index-only.
 */
export function wordPositionsSql(prefix: string): string {
  return `alter table ${prefix}_words add column position bigint;
          update ${prefix}_words w set position = e.position from ${prefix}s e where e.id = w.entity_id;
          create index ${prefix}_words_ranked on ${prefix}_words (word) include (entity_id, position);`;
}

export function wordIndexTables(prefix: string): string[] {
  return [`${prefix}_words`, `${prefix}_word_variants`];
}

/**
 * Indexes the words of an entry's name, dropping the words of a name it had before, in one statement
 * (the projection runs it for every entry added, after the entry's row in `<prefix>s`, whose list
 * position each word row copies). A word stays in the variants table after its last entry is renamed: it
 * then joins no entry, harmlessly.
 */
export async function indexNameWords(db: Queryable, prefix: string, entityId: string, name: string): Promise<void> {
  const words = searchWords(name);
  const variants = words.flatMap((word) => typoVariants(word).map((variant) => [variant, word] as const));
  await db.query(
    `with old_words as (
       delete from ${prefix}_words where entity_id = $2 and word <> all ($1::text[])
     ), new_words as (
       insert into ${prefix}_words (word, entity_id, position)
       select unnest($1::text[]), $2, (select e.position from ${prefix}s e where e.id = $2) on conflict do nothing
     )
     insert into ${prefix}_word_variants (variant, word)
     select * from unnest($3::text[], $4::text[]) on conflict do nothing`,
    [words, entityId, variants.map(([variant]) => variant), variants.map(([, word]) => word)],
  );
}
