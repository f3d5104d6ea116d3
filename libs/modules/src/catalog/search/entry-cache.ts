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
 * Entries used in the current generation move to it; the older one is dropped when the current one's
 * heads reach half the budget.
 */
export class EntryCache {
  private current = new Map<string, KeptEntry>();
  private previous = new Map<string, KeptEntry>();
  /** The bytes of the current generation's heads. */
  private currentBytes = 0;

  /** @param budgetBytes what both generations' heads may take together, at most */
  constructor(private readonly budgetBytes: number) {}

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
    const replaced = this.current.get(kept.id);
    if (replaced) this.currentBytes -= replaced.head.length;
    else if (this.currentBytes + kept.head.length > this.budgetBytes / 2) {
      this.previous = this.current;
      this.current = new Map();
      this.currentBytes = 0;
    }
    this.current.set(kept.id, kept);
    this.currentBytes += kept.head.length;
  }
}

/**
 * The bytes of entry text kept per kind in each api process (outside the JavaScript heap). Entries were
 * ~0.75 kB each in the bench, so a generation holds ~85,000 and a catalogue of 100,000 artists stays
 * nearly whole: its 50,000 drawn searches showed 70,617 distinct entries. Against 50,000 entries (the bound
 * before, ~40 MB: pages' entries read again, and each dropped generation of 25,000 dying at once brought
 * full collections), interleaved rounds on a kept bench database
 * (docs/performance.md, 2026-11-29 14:29) gave +34% drawn searches a second, -26% api CPU, p99 92 -> 58 ms.
 */
export const ENTRY_CACHE_BUDGET_BYTES = 128 * 1024 * 1024;
