/** Test-mode card form helpers: format as the user types, the way Stripe's own fields do. */

const digits = (value: string) => value.replace(/\D/g, '');

/** '4242424242424242' -> '4242 4242 4242 4242' (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1234' -> '12 / 34'; a leading 2-9 is a month ('4' -> '04 / '). */
export function formatExpiry(value: string, previous = ''): string {
  let numbers = digits(value).slice(0, 4);
  if (numbers.length === 1 && Number(numbers) > 1) numbers = `0${numbers}`;
  // Deleting the separator deletes the month's last digit instead of leaving the cursor stuck.
  if (previous.endsWith(' / ') && value.length < previous.length) numbers = numbers.slice(0, 1);
  if (numbers.length < 2) return numbers;
  if (numbers.length === 2) return value.length < previous.length ? numbers : `${numbers} / `;
  return `${numbers.slice(0, 2)} / ${numbers.slice(2)}`;
}

export function formatCvc(value: string): string {
  return digits(value).slice(0, 4);
}

/** The card brand for the number typed so far, for the field's icon label. */
export function cardBrand(value: string): 'Visa' | 'Mastercard' | 'American Express' | 'Discover' | null {
  const number = digits(value);
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^6(011|5)/.test(number)) return 'Discover';
  return null;
}
