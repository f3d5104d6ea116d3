import { parse } from 'csv-parse/sync';
import { OFFER_MAX_CODES, SHOP_MESSAGES, UPLOADED_CODE_PATTERN } from '@app/contracts';
import { looksLikeGeneratedOfferCode, normalizeOfferCode, offerCodeCheckPasses, RefusedError } from '@app/domain';

/** A CSV upload the offering member must fix (400), with the row named. */
export class OfferCodesRefusedError extends RefusedError {
  constructor(message: string) {
    super('invalid', message);
  }
}

/**
 * The codes of an uploaded CSV file: one code per row (a header is not expected), each made canonical
 * as the door will type it (upper case, no spaces). Refused with the row named: a blank row, a row of
 * several values, a code that is not 4-40 letters, digits and dashes, one that has our generated shape
 * but a wrong check character (the door would refuse it as a typo), and any code twice.
 */
export function parseOfferCodesCsv(text: string): string[] {
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, trim: true, bom: true, skip_empty_lines: false });
  } catch {
    throw new OfferCodesRefusedError(SHOP_MESSAGES.csvUnreadable);
  }
  // The blank line after a last line break is the end of the file, not a row.
  while (records.at(-1)?.every((field) => field === '')) records.pop();
  if (records.length === 0) throw new OfferCodesRefusedError(SHOP_MESSAGES.csvEmpty);
  if (records.length > OFFER_MAX_CODES) throw new OfferCodesRefusedError(SHOP_MESSAGES.csvTooMany(OFFER_MAX_CODES));
  const rowsOf = new Map<string, number[]>();
  records.forEach((fields, index) => {
    const row = index + 1;
    const values = fields.filter((field) => field !== '');
    if (values.length === 0) throw new OfferCodesRefusedError(SHOP_MESSAGES.csvBlank(row));
    if (values.length > 1) throw new OfferCodesRefusedError(SHOP_MESSAGES.csvBadCode(row));
    const [value = ''] = values;
    const code = normalizeOfferCode(value);
    if (!UPLOADED_CODE_PATTERN.test(code)) throw new OfferCodesRefusedError(SHOP_MESSAGES.csvBadCode(row));
    if (looksLikeGeneratedOfferCode(code) && !offerCodeCheckPasses(code)) {
      throw new OfferCodesRefusedError(SHOP_MESSAGES.csvMistyped(row));
    }
    rowsOf.set(code, [...(rowsOf.get(code) ?? []), row]);
  });
  for (const [code, rows] of rowsOf) {
    if (rows.length > 1) throw new OfferCodesRefusedError(SHOP_MESSAGES.csvDuplicate(code, rows.slice(0, 2)));
  }
  return [...rowsOf.keys()];
}
