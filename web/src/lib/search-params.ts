/**
 * Reading a route's search params (TanStack Router's `validateSearch`) without zod.
 *
 * validateSearch is part of a route's definition, which the router needs to match any URL, so it sits
 * in the entry chunk that every first visit downloads, the landing page's included. A zod schema there
 * pulls the whole of classic zod (~90 kB raw, ~25 kB gzip) into that chunk; these readers do the same job
 * for a handful of params. As with `.optional().catch(undefined)`, anything missing or unreadable is
 * simply left out: a hand-edited or stale link shows the page without that filter, never an error.
 */

/** One param: its value when it is acceptable, else undefined. */
export type SearchParamReader<T> = (value: unknown) => T | undefined;

/** One of a fixed list of strings (a tab, a genre). */
export function oneOf<const T extends string>(values: readonly T[]): SearchParamReader<T> {
  return (value) =>
    typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A string of `min`..`max` characters, trimmed first when `trim` is set (a search box's text). */
export function text({
  min = 1,
  max = Number.POSITIVE_INFINITY,
  trim = false,
}: { min?: number; max?: number; trim?: boolean } = {}): SearchParamReader<string> {
  return (value) => {
    if (typeof value !== 'string') return undefined;
    const read = trim ? value.trim() : value;
    return read.length >= min && read.length <= max ? read : undefined;
  };
}

export type SearchOf<Readers extends Record<string, SearchParamReader<unknown>>> = {
  [Key in keyof Readers]?: ReturnType<Readers[Key]>;
};

/** A validateSearch function: each known param through its reader, unknown params dropped. */
export function searchParams<Readers extends Record<string, SearchParamReader<unknown>>>(
  readers: Readers,
): (search: Record<string, unknown>) => SearchOf<Readers> {
  return (search) => {
    const read: Record<string, unknown> = {};
    for (const [key, reader] of Object.entries(readers)) {
      const value = reader(search[key]);
      if (value !== undefined) read[key] = value;
    }
    return read as SearchOf<Readers>;
  };
}
