import type { CanonicalLink, MatchReason } from '@app/domain';
import type { EventEnvelope, Fold } from '@app/event-store';
import { catalogFlagsSql, entryColumns, type UserFlags } from './application/queries/entry-read-sql.js';
import type { KeyTable } from './application/services/key-reservations.js';
import type { Mark } from './domain/entry-marks.js';

/** What every kind of entry's answer carries that the generic pieces read. */
export interface CatalogEntry {
  id: string;
  voteCount: number;
  /** False when the operators hid it (GetEntry shows it only to its adder). */
  isPublic: boolean;
}

/** The columns of a read every kind's row has (the rest is the kind's; entryColumns selects them). */
export interface EntryRow {
  id: string;
  name: string;
  links: CanonicalLink[];
  added_by: string;
  added_by_fan_number: number | null;
  is_public: boolean;
  /** Why the operators hid it (is_public false); null otherwise. */
  hidden_reason: string | null;
  created_at: Date;
  vote_count: number;
  favorite_count: number;
  user_has_voted: boolean;
  user_has_favorited: boolean;
  revision: string | null;
}

/**
 * A kind of catalogue entry (artists, venues) as the server's generic pieces see it: the names of its
 * streams, events and tables, and how its rows become answers. The pieces (the projection's shared folds,
 * the vote and favourite commands, the list, count, profile and similar-entry queries, the routes) do the
 * rest the same for every kind; a kind keeps only its fields, its own rules and its texts
 * (kinds/artists.ts, kinds/venues.ts). Names and types are in logs and answers for good: never rename one.
 */
export interface CatalogKind<T extends CatalogEntry = CatalogEntry, Row extends EntryRow = EntryRow, F = never> {
  /** Streams `<name>-<id>`, `<name>-vote-<id>-<user>`, `<name>-favorite-<id>-<user>`; vote sources `<name>-vote:<id>`. */
  readonly name: 'artist' | 'venue';
  /** The read model's projection (its name is its checkpoint's). */
  readonly projection: string;
  /** The read model's table prefix: `<tables>s`, `<tables>_fans`, `_votes`, `_favorites`, `_totals`, `_words`... */
  readonly tables: string;
  /** The entry's column in the `_fans`, `_votes` and `_favorites` tables. */
  readonly idColumn: 'artist_id' | 'venue_id';
  readonly vote: Mark;
  readonly favorite: Mark;
  /** The write side's table of keys (links...) that name one entry each. */
  readonly keys: KeyTable;
  /** The entry's own stream, folded as far as the generic commands need it (is it there, its name). */
  readonly entryFold: Fold<{ name: string | null }, EventEnvelope>;
  /** The refusal for an id that names no entry of the kind (a 404). */
  notFound(): Error;

  /** The columns every read selects (alias `e`), with the flags of the user `$1` and the revision. */
  readonly columns: string;
  /** The revision and the flags of users `$1` for the entries `$2` (catalogFlagsSql). */
  readonly flagsSql: string;
  /** The fields of a cached entry that depend on the user who asks. */
  userFields(entry: T, flags: UserFlags): Partial<T>;
  toEntry(row: Row, userId: string): T;
  /** A list's filters as (column, value) equalities on the entry. */
  listFilters(filters: F): [column: string, value: string | undefined][];
  /**
   * Possible duplicates at the typed place rank before those elsewhere (venues); none: by name and links
   * only. `folded` is the placeholder of the typed name, folded.
   */
  similarNear?(place: EntryPlace, param: (value: unknown) => string, folded: string): NearbyRanking;
}

/** Where the entry being typed is (venues). */
export interface EntryPlace {
  city?: string;
  state?: string;
}

/** How the similar-entry search ranks candidates at the typed place (SQL conditions on the entry `e`). */
export interface NearbyRanking {
  /** The same name at the same place: ranks right after a shared link, and its reason says so. */
  samePlace: string;
  /** At the same place: ranks a similar name here before one elsewhere. */
  near: string;
  /** The reason shown for the same name at the same place. */
  samePlaceReason: string;
}

/** A reason shown for a suggestion: the name reason reworded when the entry is at the same place. */
export function reasonText(reason: MatchReason, samePlace: boolean, near: NearbyRanking | undefined): string {
  return reason.kind === 'same-name' && samePlace && near ? near.samePlaceReason : reason.text;
}

/** A kind as it is written down (kinds/): what the conventions below do not give. */
export type KindSpec<T extends CatalogEntry, Row extends EntryRow, F> = Omit<
  CatalogKind<T, Row, F>,
  'tables' | 'idColumn' | 'columns' | 'flagsSql' | 'userFields'
> & {
  /** The kind's own columns of a read (alias `e`), after `e.id, e.name`. */
  ownColumns: string;
  /** The `_fans` rows that give the user's flag `fansFlag` (artists: all; venues: the confirmations). */
  fans: { column: string; flag: keyof T & string; where?: string };
  /** The flag of the user's own entries, from the `_fans` rows matching `where` (venues: the adder's). */
  added?: { flag: keyof T & string; where: string };
};

/**
 * A kind from its spec and the catalogue's naming conventions: tables `catalog_<name>...`, the column
 * `<name>_id`, the read columns and the user's flags the same way for every kind.
 */
export function catalogKind<T extends CatalogEntry, Row extends EntryRow, F>(
  spec: KindSpec<T, Row, F>,
): CatalogKind<T, Row, F> {
  const { ownColumns, fans, added, ...kind } = spec;
  const tables = { tables: `catalog_${spec.name}`, idColumn: `${spec.name}_id` } as const;
  return {
    ...kind,
    ...tables,
    columns: entryColumns(tables, `e.id, e.name, ${ownColumns}`, { as: fans.column, where: fans.where }),
    flagsSql: catalogFlagsSql({
      prefix: tables.tables,
      idColumn: tables.idColumn,
      fansWhere: fans.where,
      addedWhere: added?.where,
    }),
    userFields: (entry, flags) => {
      // In the answers' order: the vote and favourite flags, then the kind's own.
      const fields: Record<string, boolean> = {
        userHasVoted: flags.voted.has(entry.id),
        userHasFavorited: flags.favorited.has(entry.id),
      };
      if (added) fields[added.flag] = flags.added.has(entry.id);
      fields[fans.flag] = flags.verified.has(entry.id);
      return fields as Partial<T>;
    },
  };
}
