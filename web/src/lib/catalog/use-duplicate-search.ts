import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useDebouncedValue } from '@/lib/use-debounced-value';

interface DuplicateSearchOptions<P, R, K extends QueryKey> {
  /** What the form holds so far (the name in `q`, and what else the search matches on). */
  params: P;
  /** The search waits for typing to pause this long (docs/product.md §4/§5). */
  debounceMs: number;
  /** Searches start at this many characters of the name. */
  minLength: number;
  /** False while nothing should be searched (signed out, or an entry on file is loaded). */
  active: boolean;
  /** Entries the fan said are not the one they mean. */
  dismissed: ReadonlySet<string>;
  query: (params: P) => UseQueryOptions<R[], Error, R[], K>;
}

/**
 * docs/product.md §4 "Artist search" / §5 venues: the possible duplicates of the entry being typed, searched once
 * typing pauses. docs/product.md §8 "Search": a failed search shows no results and no message.
 */
export function useDuplicateSearch<P extends { q: string }, R extends { id: string }, K extends QueryKey>({
  params,
  debounceMs,
  minLength,
  active,
  dismissed,
  query,
}: DuplicateSearchOptions<P, R, K>): R[] {
  // Debounced as text, so a new object with the same values is no new search.
  const key = useDebouncedValue(JSON.stringify(params), debounceMs);
  const debounced = JSON.parse(key) as P;
  const searching = active && debounced.q.length >= minLength;
  const search = useQuery({ ...query(debounced), enabled: searching });
  return searching && !search.isError ? (search.data ?? []).filter((entry) => !dismissed.has(entry.id)) : [];
}
