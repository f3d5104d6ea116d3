const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Artist and venue ids are UUIDs; anything else names no entry (a 404, never a stream of its own). */
export function isCatalogId(id: string): boolean {
  return UUID.test(id);
}

/**
 * A vote or a favourite is the state the user asks for, or a toggle without one: the new state, or
 * null when it is the state already held (so 50 identical requests change it once).
 */
export function toggledState(current: boolean, wanted: boolean | undefined): boolean | null {
  const next = wanted ?? !current;
  return next === current ? null : next;
}
