/**
 * An entry as a page showed it: its JSON less the per-user fields (catalog-read-cache.ts entryHead), all
 * a page needs of it with the asker's flags. Only the text is kept, encoded (encodedHead), outside
 * the JavaScript heap.
 */
export interface KeptEntry {
  revision: string;
  id: string;
  head: Buffer;
}

/**
 * Entries a search page showed, each with the catalogue revision it was read at. A page whose entries
 * are all here at the index's revision needs only the asker's flags (one small statement, shared by the
 * requests of one turn of the event loop) instead of its wide rows, and its JSON is mostly these heads:
 * reading, mapping and serializing ~24 rows was most of a search's cost once the index ranked it. Any
 * change to the catalogue moves the revision, after which each entry is read again once.
 *
 * Two generations instead of a least-recently-used Map: deleting a Map's oldest keys one by one leaves
 * holes its iterator walks over, which cost more than the reads it saved (0.6 s of a 10 s profile).
 * Entries used in the current generation move to it; the older one is dropped when the current fills.
 */
export class EntryCache {
  private current = new Map<string, KeptEntry>();
  private previous = new Map<string, KeptEntry>();

  constructor(private readonly capacity: number) {}

  /** The entry as read at `revision`, or none. */
  get(id: string, revision: string): KeptEntry | undefined {
    let kept = this.current.get(id);
    if (!kept) {
      kept = this.previous.get(id);
      if (kept) this.set(kept);
    }
    return kept?.revision === revision ? kept : undefined;
  }

  set(kept: KeptEntry): void {
    if (this.current.size >= this.capacity / 2) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(kept.id, kept);
  }
}

/**
 * Entries kept per kind in each api process. The bench's 50,000 drawn searches of 100,000 artists showed
 * 70,617 distinct entries in 1,068,491 page rows; the 20,000 most shown were 78% of them. Kept as text
 * only (~0.75 kB each), 50,000 take ~40 MB, and the current generation alone holds 25,000.
 */
export const ENTRY_CACHE_CAPACITY = 50_000;
