/**
 * Entries a search page showed, as their text: an entry's JSON less the per-user fields (catalog-read-cache.ts
 * entryHead), all a page needs of it with the asker's flags. A page whose entries are all here at the index's
 * revision needs only those flags (one small statement, shared by the requests of one turn of the event loop)
 * instead of its wide rows, and its JSON is mostly these heads: reading, mapping and serializing ~24 rows was
 * most of a search's cost once the index ranked it.
 *
 * Every head is read at one revision of the catalogue, and only that revision's heads are kept: a change to the
 * catalogue moves the revision, after which each entry is read again once (the heads of an older revision could
 * never be answered again). A head kept at an older revision than the one held (a request that started before the
 * index caught up) is not kept.
 *
 * The heads' bytes are copied into arenas of 256 kB blocks, and the maps hold only each entry's offset (a small
 * integer): a kept head costs the JavaScript heap one map slot. Kept as objects (an entry, its Buffer, an
 * ArrayBuffer of its own), the ~40,000 heads a second that drawn searches keep were copied by two
 * young-generation collections each and swept as ArrayBuffers, under every client's wait (docs/performance.md).
 *
 * Two generations instead of a least-recently-used Map: deleting a Map's oldest keys one by one leaves holes its
 * iterator walks over, which cost more than the reads it saved. Entries used in the current generation move to it;
 * the older one is dropped (with its arena) when the current one's heads reach half the budget.
 */
export class EntryCache {
  private revision: string | null = null;
  // Generations are made in one place (room), when a head does not fit: none at first or after a new revision.
  private current = NO_HEADS;
  private previous = NO_HEADS;

  /** @param budgetBytes what both generations' heads may take together, at most */
  constructor(private readonly budgetBytes: number) {}

  /** The head of the entry as read at `revision`, or none. The bytes stay valid while the caller holds them. */
  get(id: string, revision: string): Buffer | undefined {
    if (revision !== this.revision) return undefined;
    const head = this.current.get(id);
    if (head) return head;
    const older = this.previous.get(id);
    // Used again: it moves to the current generation (the view stays on the older arena's bytes).
    if (older) this.keepBytes(id, older);
    return older;
  }

  /**
   * Keeps the entry's head as read at `revision` (its JSON text), and returns its bytes: the kept ones, or a
   * Buffer of their own when they are not kept (an older revision, or a head longer than a block).
   */
  keep(id: string, revision: string, head: string): Buffer {
    if (revision !== this.revision) {
      if (this.revision !== null && !isLaterRevision(revision, this.revision)) return Buffer.from(head);
      this.revision = revision;
      this.current = this.previous = NO_HEADS;
    }
    const length = Buffer.byteLength(head);
    const kept = this.room(length)?.write(id, head, length);
    return kept ?? Buffer.from(head);
  }

  private keepBytes(id: string, head: Buffer): void {
    this.room(head.length)?.copy(id, head);
  }

  /** The current generation, a new one when it has no room left for `length` bytes; none for a head too long. */
  private room(length: number): Arena | null {
    if (LENGTH_BYTES + length > BLOCK_BYTES) return null;
    if (!this.current.fits(length)) {
      this.previous = this.current;
      this.current = new Arena(this.budgetBytes / 2);
    }
    return this.current;
  }
}

/**
 * The bytes of one block of an arena: heads are never split across two. Small enough that a catalogue changing
 * every second (each change drops the arenas) costs a block a change, not megabytes.
 */
const BLOCK_BYTES = 256 * 1024;
/** Each head's length is written before it, as 4 bytes. */
const LENGTH_BYTES = 4;

/**
 * One generation: heads laid end to end in blocks, each after its length, and per entry id the place of that
 * length as one integer (block * BLOCK_BYTES + offset, below 2^30 for a generation of up to 1 GB: a small
 * integer, which a map holds without an object).
 */
class Arena {
  private readonly places = new Map<string, number>();
  private readonly blocks: Buffer[] = [];
  /** Where the next head goes in the last block. */
  private offset = BLOCK_BYTES;
  private used = 0;

  constructor(private readonly capacity: number) {}

  fits(length: number): boolean {
    return this.used + LENGTH_BYTES + length <= this.capacity;
  }

  get(id: string): Buffer | undefined {
    const place = this.places.get(id);
    if (place === undefined) return undefined;
    const block = this.blocks[Math.floor(place / BLOCK_BYTES)];
    const start = (place % BLOCK_BYTES) + LENGTH_BYTES;
    return block.subarray(start, start + block.readUInt32LE(start - LENGTH_BYTES));
  }

  write(id: string, head: string, length: number): Buffer {
    const [block, start] = this.reserve(id, length);
    block.write(head, start, length, 'utf8');
    return block.subarray(start, start + length);
  }

  copy(id: string, head: Buffer): void {
    const [block, start] = this.reserve(id, head.length);
    head.copy(block, start);
  }

  /** Room for a head of `length` bytes under `id`: its block and where its bytes start. */
  private reserve(id: string, length: number): [Buffer, number] {
    if (this.offset + LENGTH_BYTES + length > BLOCK_BYTES) {
      this.blocks.push(Buffer.allocUnsafeSlow(BLOCK_BYTES));
      this.offset = 0;
    }
    const block = this.blocks[this.blocks.length - 1];
    const place = this.offset;
    block.writeUInt32LE(length, place);
    this.places.set(id, (this.blocks.length - 1) * BLOCK_BYTES + place);
    this.offset += LENGTH_BYTES + length;
    this.used += LENGTH_BYTES + length;
    return [block, place + LENGTH_BYTES];
  }
}

/** No generation yet: it holds nothing and has room for nothing, so the first head kept makes one. */
const NO_HEADS = new Arena(0);

/** Whether revision `a` comes after `b`: both are log positions as decimal text (`<prefix>_revision`). */
function isLaterRevision(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
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
