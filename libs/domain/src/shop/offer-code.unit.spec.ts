import {
  generateOfferCode,
  normalizeOfferCode,
  OFFER_CODE_ALPHABET,
  OFFER_CODE_PATTERN,
  offerCodeCheckPasses,
  offerCodeCheckSymbol,
} from './offer-code.js';

/** Every position of the printed code that holds a symbol (not a dash). */
const SYMBOL_POSITIONS = [0, 1, 2, 3, 5, 6, 7, 8, 10];

function replaceAt(code: string, at: number, symbol: string): string {
  return code.slice(0, at) + symbol + code.slice(at + 1);
}

describe('the shop code scheme (ABCD-EFGH-K with a check symbol)', () => {
  const codes = Array.from({ length: 200 }, () => generateOfferCode());

  it('prints codes of eight symbols and a check symbol, from an alphabet without 0, O, 1, I or L', () => {
    expect(OFFER_CODE_ALPHABET).toHaveLength(31);
    for (const code of codes) {
      expect(code).toMatch(OFFER_CODE_PATTERN);
      expect(code).not.toMatch(/[01OIL]/);
      expect(offerCodeCheckPasses(code)).toBe(true);
    }
    // 200 draws of ~40 bits: a repeat would mean the random source is not random.
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('recognises every single-symbol substitution as invalid', () => {
    for (const code of codes.slice(0, 40)) {
      for (const at of SYMBOL_POSITIONS) {
        for (const symbol of OFFER_CODE_ALPHABET) {
          if (symbol === code[at]) continue;
          expect(offerCodeCheckPasses(replaceAt(code, at, symbol))).toBe(false);
        }
      }
    }
  });

  it('recognises every swap of two neighbouring symbols (across a dash too) as invalid', () => {
    for (const code of codes) {
      for (let i = 0; i < SYMBOL_POSITIONS.length - 1; i++) {
        const [a, b] = [SYMBOL_POSITIONS[i]!, SYMBOL_POSITIONS[i + 1]!];
        if (code[a] === code[b]) continue;
        const swapped = replaceAt(replaceAt(code, a, code[b]!), b, code[a]!);
        expect(offerCodeCheckPasses(swapped)).toBe(false);
      }
    }
  });

  it('checks a known code, and reads a code typed in lower case, with spaces or without dashes', () => {
    const code = `ABCD-EFGH-${offerCodeCheckSymbol('ABCDEFGH')}`;
    expect(offerCodeCheckPasses(code)).toBe(true);
    expect(normalizeOfferCode(` ${code.toLowerCase().replace(/-/g, ' ')} `)).toBe(code);
    expect(normalizeOfferCode(code.replace(/-/g, ''))).toBe(code);
    // A partner's code of another shape is only upper-cased and trimmed.
    expect(normalizeOfferCode(' summer-2026 ')).toBe('SUMMER-2026');
  });

  it('draws bytes of 248 and above again, so that byte % 31 favours no symbol', () => {
    // 248..255 would map to the first eight symbols a ninth time in 256: they must be skipped.
    const source = () => Uint8Array.from([248, 249, 250, 251, 252, 253, 254, 255, 0, 1, 2, 3, 4, 5, 6, 30]);
    expect(generateOfferCode(source)).toBe(`ABCD-EFG9-${offerCodeCheckSymbol('ABCDEFG9')}`);
  });
});
