/** docs/product.md §5: the Generate button's alphabet and length. */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*';
const ALPHABET = LETTERS + DIGITS + SYMBOLS;
export const GENERATED_PASSWORD_LENGTH = 12;

/** A uniform random index below `max`, by rejection sampling so no character is favoured. */
function randomIndex(max: number): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return buffer[0]! % max;
  }
}

/** 12 characters from letters, digits and !@#$%^&*, with at least one of each kind. */
export function generatePassword(): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < GENERATED_PASSWORD_LENGTH; i += 1) password += ALPHABET[randomIndex(ALPHABET.length)];
    const hasEach = [LETTERS, DIGITS, SYMBOLS].every((set) => [...password].some((char) => set.includes(char)));
    if (hasEach) return password;
  }
}
