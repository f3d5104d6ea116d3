import { nameSearchKey } from '@app/domain';

/** What the catalogue keeps of a name for finding it: its search key, its folded name and its words. */
export interface NameKeys {
  searchKey: string;
  foldedName: string;
  words: string[];
}

/**
 * nameSearchKey(name), foldName(name) and searchWords(name) (fold-name.ts, search-words.ts) at the cost
 * of one fold instead of three: both others are defined on the search key, and folding a name is most
 * of a replay's time outside the database. name-keys.unit.spec.ts holds them equal.
 */
export function nameKeys(name: string): NameKeys {
  const searchKey = nameSearchKey(name);
  return {
    searchKey,
    foldedName: searchKey.replace(/\s+/g, ''),
    words: [...new Set(searchKey.split(' ').filter(Boolean))],
  };
}
