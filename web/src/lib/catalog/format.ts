/** 'n votes' with the singular '1 vote' (docs/product.md §2 "Artist profile"). */
export function voteCountLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'vote' : 'votes'}`;
}

/** 'n favorite(s)' (docs/product.md §2 "Favorites"). */
export function favoriteCountLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'favorite' : 'favorites'}`;
}

/** 'Found n similar artist(s)' / 'Found n similar venue(s)' (docs/product.md §2 "Add artist", "Add venue"). */
export function similarLabel(count: number, noun: 'artist' | 'venue'): string {
  return `Found ${count} similar ${noun}${count === 1 ? '' : 's'}`;
}

/** docs/product.md §9: dates in long US format ('November 23, 2026'); 'Unknown' when there is none to read. */
export function longUsDate(iso: string | null | undefined): string {
  if (!iso) return 'Unknown';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

/** 'Fan #n' from the adder's founding fan number, 'Deleted member' once they deleted their account, else 'Unknown'. */
export function addedByLabel(foundingFanNumber: number | null | undefined, deletedMember = false): string {
  if (deletedMember) return 'Deleted member';
  return foundingFanNumber ? `Fan #${foundingFanNumber}` : 'Unknown';
}

export function formatPayola(amount: number): string {
  return amount.toLocaleString('en-US');
}

/** Up to two initials for the placeholder art: 'The Midnight Owls' -> 'MO', 'Björk' -> 'B'. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^the\s+/i, '')
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const initials = words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('');
  return initials.toUpperCase() || '♪';
}

/** A stable number from a string, to vary the placeholder art per artist. */
export function hashOf(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(hash);
}
