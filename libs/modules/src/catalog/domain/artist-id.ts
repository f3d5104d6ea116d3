const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Artist ids are UUIDs; anything else names no artist (a 404, never a stream of its own). */
export function isArtistId(id: string): boolean {
  return UUID.test(id);
}
