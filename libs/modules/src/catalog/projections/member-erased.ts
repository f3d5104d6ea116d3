import type { EntryChange } from './entry-batch.js';

/**
 * What an entry added by a member who was erased says for its adder: the id that stands for them in
 * the read model (their own id and founding fan number leave it), which profiles show as "Deleted member".
 */
export const ERASED_ADDER = 'deleted-member';

/**
 * MemberErased in a catalogue: the entries the member added forget who added them, in log order like
 * the kind's other rare changes. Their votes, favourites and verifications stay counted: those counts
 * are the entries', and others' (docs/decisions.md, "Erasure").
 */
export function memberErasedChange(tables: string, userId: string): EntryChange {
  return {
    change: 'inOrder',
    apply: async (db) => {
      await db.query(`update ${tables}s set added_by = $2, added_by_fan_number = null where added_by = $1`, [
        userId,
        ERASED_ADDER,
      ]);
    },
  };
}

/** An entry's adder as answers show it: their founding fan number, or that they deleted their account. */
export function addedByOf(row: { added_by: string; added_by_fan_number: number | null }): {
  foundingFanNumber: number | null;
  deletedMember?: true;
} {
  return row.added_by === ERASED_ADDER
    ? { foundingFanNumber: null, deletedMember: true }
    : { foundingFanNumber: row.added_by_fan_number };
}
