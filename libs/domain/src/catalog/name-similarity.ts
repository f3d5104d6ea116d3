import { LINK_PLATFORM_LABELS, LINK_PLATFORMS, type CanonicalLink, type LinkPlatform } from './canonical-link.js';
import { foldName, nameSearchKey } from './fold-name.js';

/**
 * Why a catalogue entry was suggested as a possible duplicate, so the add-artist page can say it
 * ("same Spotify link", "same name", "similar name") instead of asking the editor to trust a list.
 */
export type MatchReason =
  | { kind: 'same-link'; platform: LinkPlatform; text: string }
  | { kind: 'same-name'; text: 'same name' }
  | { kind: 'similar-name'; text: 'similar name' };

/** The identity of one side of the comparison: a typed name and the canonical links (canonicalLink). */
export interface MatchSubject {
  name: string;
  links?: readonly Pick<CanonicalLink, 'platform' | 'key'>[];
}

/** pg_trgm's default `similarity_threshold`, so the database search and the explanation agree. */
export const SIMILAR_NAME_THRESHOLD = 0.3;

/** The trigrams of a folded name, built like pg_trgm: each word padded with two spaces before, one after. */
function trigrams(searchKey: string): Set<string> {
  const result = new Set<string>();
  for (const word of searchKey.split(' ').filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) result.add(padded.slice(i, i + 3));
  }
  return result;
}

/**
 * Trigram similarity (0..1) of two names after folding (nameSearchKey), the measure pg_trgm's
 * `similarity()` uses: shared trigrams over all distinct trigrams. Typos and missing words lower it gently.
 */
export function nameSimilarity(a: string, b: string): number {
  const left = trigrams(nameSearchKey(a));
  const right = trigrams(nameSearchKey(b));
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const t of left) if (right.has(t)) shared++;
  return shared / (left.size + right.size - shared);
}

function linkReasonText(platform: LinkPlatform): string {
  return platform === 'website' ? 'same website' : `same ${LINK_PLATFORM_LABELS[platform]} link`;
}

/**
 * The reasons `candidate` may be the artist described by `query`: every shared (platform, key) link in
 * Link Hub order, then "same name" (equal foldName) or "similar name" (nameSimilarity at or above the
 * threshold). Empty when nothing matches.
 */
export function matchReasons(query: MatchSubject, candidate: MatchSubject): MatchReason[] {
  const reasons: MatchReason[] = [];
  const candidateKeys = new Set((candidate.links ?? []).map((l) => `${l.platform}\u0000${l.key}`));
  const queryPlatforms = new Set(
    (query.links ?? []).filter((l) => candidateKeys.has(`${l.platform}\u0000${l.key}`)).map((l) => l.platform),
  );
  for (const platform of LINK_PLATFORMS) {
    if (queryPlatforms.has(platform)) reasons.push({ kind: 'same-link', platform, text: linkReasonText(platform) });
  }
  const queryName = foldName(query.name);
  if (queryName && queryName === foldName(candidate.name)) reasons.push({ kind: 'same-name', text: 'same name' });
  else if (queryName && nameSimilarity(query.name, candidate.name) >= SIMILAR_NAME_THRESHOLD) {
    reasons.push({ kind: 'similar-name', text: 'similar name' });
  }
  return reasons;
}

/** One sentence for the suggestion list: "Same Spotify link, same Instagram link and similar name". */
export function describeMatch(reasons: readonly MatchReason[]): string {
  const texts = reasons.map((r) => r.text);
  const sentence = texts.length <= 1 ? (texts[0] ?? '') : `${texts.slice(0, -1).join(', ')} and ${texts.at(-1)}`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
