import anyAscii from 'any-ascii';

/**
 * Name folding for the artist catalogue's duplicate detection.
 *
 * Editors type the same act many ways: "Björk" / "Bjork", "Sigur Rós" / "Sigur Ros", "The Beatles" /
 * "Beatles", "Simon & Garfunkel" / "Simon and Garfunkel", "Jay-Z" / "Jay Z" / "JAY Z", "AC/DC" / "ACDC",
 * "ヨアソビ" / "Yoasobi". Two keys come out of one pipeline:
 *
 * - {@link nameSearchKey}: words separated by single spaces, for display-free similarity search
 *   (pg_trgm builds trigrams per word, so the word boundaries are worth keeping).
 * - {@link foldName}: the same with the spaces removed, the equality key behind "same name". Removing the
 *   spaces is what makes "Jay-Z", "Jay Z" and "JayZ" (or "AC/DC" and "ACDC") one name; a collision made
 *   only by spacing is rare and the editor still confirms every suggestion.
 *
 * Limits a catalogue editor should know: any-ascii reads Han characters as Mandarin pinyin, so
 * "坂本龍一" folds to "banbenlongyi", not to "ryuichisakamoto"; names in two scripts meet through their
 * links (canonical-link.ts), not their names.
 */

/** Emoji and pictographs are decoration ("Coldplay ✨", "Name™"): dropped unless the name is nothing else. */
const DECORATION = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0e|\ufe0f/gu;
/** Invisible format and control characters (zero-width spaces, bidi marks) never distinguish two names. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
/** Apostrophes and dots vanish inside a word: "Guns N' Roses", "M.I.A.", "Mr.Children". */
const JOINING_PUNCTUATION = /['`.]/g;
/** Any other run of punctuation or symbols separates words: "AC/DC", "Earth, Wind & Fire", "alt-J (∆)". */
const SEPARATORS = /[^a-z0-9]+/g;
/** "The Beatles", "“The” Beatles"; not "The-Dream", "Theatre of Tragedy" or a lone "The". */
const LEADING_THE = /^the[^a-z0-9\s]*\s+(?=\S)/;

function fold(name: string, dropDecoration: boolean): string {
  // Decoration goes before NFKC too, which would spell "™" as "TM".
  let text = dropDecoration ? name.replace(DECORATION, ' ') : name;
  text = text.normalize('NFKC').replace(INVISIBLE, '');
  if (dropDecoration) text = text.replace(DECORATION, ' ');
  text = anyAscii(text)
    .toLowerCase()
    // "&" and "+" read as "and": "Simon & Garfunkel", "Florence + the Machine".
    .replace(/[&+]/g, ' and ')
    // "$" reads as "s" in names: "Ke$ha", "A$AP Rocky", "$uicideboy$".
    .replace(/\$/g, 's')
    .trim()
    // Strip leading punctuation before the article check ("“The” Band" reads as "the band").
    .replace(/^[^a-z0-9]+/, '');
  // A leading article is dropped only when something follows it: "The The" keeps one "the" and "The"
  // alone stays "the". It is checked before punctuation becomes spaces, so "The-Dream" keeps its "the".
  text = text.replace(LEADING_THE, '');
  return text.replace(JOINING_PUNCTUATION, '').replace(SEPARATORS, ' ').trim();
}

/**
 * The words of a name, folded for case, accents, scripts and punctuation, with a leading "The" dropped:
 * "The Beatles" -> "beatles", "Sigur Rós" -> "sigur ros", "Earth, Wind & Fire" -> "earth wind and fire".
 * Meant for similarity search (trigrams) and for the "similar name" explanation.
 *
 * Never empty for a name with visible characters: a name made only of emoji folds to their names
 * ("❤️" -> "heart"), and one made only of punctuation ("!!!", "?") keeps its characters, so such acts do
 * not all collapse into one empty key.
 */
export function nameSearchKey(name: string): string {
  const folded = fold(name, true) || fold(name, false);
  if (folded) return folded;
  return name.normalize('NFKC').replace(INVISIBLE, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The equality key behind "same name": {@link nameSearchKey} without spaces. "Björk" -> "bjork",
 * "ヨアソビ" -> "yoasobi", "Jay-Z" / "JAY Z" -> "jayz", "AC/DC" -> "acdc", "The The" -> "the".
 * Returns "" only for a blank name.
 */
export function foldName(name: string): string {
  return nameSearchKey(name).replace(/\s+/g, '');
}
