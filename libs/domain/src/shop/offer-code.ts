/**
 * The Payola shop's generated codes: read aloud at a door or typed at a checkout, so
 *
 * - the alphabet has no look-alikes: no 0/O, 1/I, and no L either (so 1, I and L are never confused),
 *   which leaves 31 symbols, a prime;
 * - eight random symbols (31^8, about 40 bits, drawn with the platform's cryptographic random source)
 *   and a check symbol, grouped `ABCD-EFGH-K`;
 * - the check symbol makes the weighted sum of all nine symbols (weights 1..9) divisible by 31. With a
 *   prime modulus and distinct weights below it, every single-symbol substitution changes the sum by
 *   w·(a-b), never 0 mod 31, and every adjacent transposition by (a-b)·(w_i - w_{i+1}) = ±(a-b), never
 *   0 either: a mistyped code is recognised as invalid without any database look-up.
 *
 * Pure and free of Node APIs: the web app uses the same checks as the api.
 */
export const OFFER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const MODULUS = OFFER_CODE_ALPHABET.length; // 31, prime
const RANDOM_SYMBOLS = 8;
const VALUE = new Map([...OFFER_CODE_ALPHABET].map((symbol, index) => [symbol, index]));

/** A generated code as it is printed: `ABCD-EFGH-K`. */
export const OFFER_CODE_PATTERN =
  /^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]$/;

/** The check symbol of the given data symbols (each from the alphabet). */
export function offerCodeCheckSymbol(symbols: string): string {
  let sum = 0;
  [...symbols].forEach((symbol, index) => {
    const value = VALUE.get(symbol);
    if (value === undefined) throw new Error(`"${symbol}" is not in the code alphabet`);
    sum += (index + 1) * value;
  });
  // The check symbol's weight is symbols.length + 1; find c with sum + w·c ≡ 0 (mod 31).
  const weight = symbols.length + 1;
  for (let c = 0; c < MODULUS; c++) if ((sum + weight * c) % MODULUS === 0) return OFFER_CODE_ALPHABET.charAt(c);
  throw new Error('unreachable: 31 is prime and the weight is below it');
}

/**
 * The form a person may type a code in, made canonical: upper case, spaces and dashes dropped, then
 * regrouped when it has our length. Anything else (an uploaded partner code) comes back upper-cased and
 * trimmed, with inner spaces removed.
 */
export function normalizeOfferCode(input: string): string {
  const compact = input.toUpperCase().replace(/[\s-]+/g, '');
  if (compact.length === RANDOM_SYMBOLS + 1 && [...compact].every((symbol) => VALUE.has(symbol))) {
    return `${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}`;
  }
  return input.trim().toUpperCase().replace(/\s+/g, '');
}

/** Whether the text has the shape of one of our generated codes (nine symbols of the alphabet). */
export function looksLikeGeneratedOfferCode(code: string): boolean {
  return OFFER_CODE_PATTERN.test(code);
}

/** Whether a code of our shape has the right check symbol. */
export function offerCodeCheckPasses(code: string): boolean {
  if (!looksLikeGeneratedOfferCode(code)) return false;
  const symbols = code.replace(/-/g, '');
  return offerCodeCheckSymbol(symbols.slice(0, RANDOM_SYMBOLS)) === symbols.charAt(RANDOM_SYMBOLS);
}

/** A source of random bytes: `crypto.getRandomValues` in Node and in browsers; tests pass their own. */
export type RandomBytes = (length: number) => Uint8Array;

export const cryptoRandomBytes: RandomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

/**
 * A new code. Each symbol is drawn by rejection sampling (bytes of 248 and above are drawn again), so
 * every symbol is equally likely: `byte % 31` alone would favour the first eight symbols.
 */
export function generateOfferCode(random: RandomBytes = cryptoRandomBytes): string {
  const limit = 256 - (256 % MODULUS); // 248
  let symbols = '';
  while (symbols.length < RANDOM_SYMBOLS) {
    for (const byte of random(RANDOM_SYMBOLS * 2)) {
      if (byte >= limit) continue;
      symbols += OFFER_CODE_ALPHABET.charAt(byte % MODULUS);
      if (symbols.length === RANDOM_SYMBOLS) break;
    }
  }
  const check = offerCodeCheckSymbol(symbols);
  return `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${check}`;
}
