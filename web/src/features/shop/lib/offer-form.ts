import {
  ZCreateOfferRequest,
  ZOfferCodesInput,
  type TCreateOfferRequest,
  type TOfferKind,
  type TOfferOwner,
} from '@app/contracts';

export interface OfferFormValues {
  kind: TOfferKind;
  title: string;
  description: string;
  howToUse: string;
  price: string;
  perFanLimit: string;
  /** yyyy-mm-dd, as a date input gives it. */
  validFrom: string;
  validTo: string;
  codes: 'generate' | 'csv';
  generate: string;
  csv: string;
  csvName: string;
}

const day = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export function emptyOfferForm(now = new Date()): OfferFormValues {
  const month = new Date(now);
  month.setDate(month.getDate() + 30);
  return {
    kind: 'ticket-discount',
    title: '',
    description: '',
    howToUse: '',
    price: '',
    perFanLimit: '1',
    validFrom: day(now),
    validTo: day(month),
    codes: 'generate',
    generate: '',
    csv: '',
    csvName: '',
  };
}

/** The dates as the member means them: from the start of the first day to the end of the last, in their time zone. */
function instant(date: string, end: boolean): string {
  const parsed = new Date(`${date}T${end ? '23:59:59' : '00:00:00'}`);
  return Number.isNaN(parsed.getTime()) ? date : parsed.toISOString();
}

export function offerRequestOf(owner: TOfferOwner, values: OfferFormValues): TCreateOfferRequest {
  return {
    owner,
    kind: values.kind,
    title: values.title,
    description: values.description,
    howToUse: values.howToUse || null,
    price: values.price,
    perFanLimit: values.perFanLimit,
    validFrom: instant(values.validFrom, false),
    validTo: instant(values.validTo, true),
    codes: values.codes === 'generate' ? { generate: values.generate } : { csv: values.csv },
  };
}

export type OfferFormErrors = Partial<Record<keyof OfferFormValues, string>>;

/** The contract's own messages, at the inputs they are about. */
export function offerFormErrors(request: TCreateOfferRequest, values: OfferFormValues): OfferFormErrors {
  const parsed = ZCreateOfferRequest.safeParse(request);
  if (parsed.success) return {};
  const errors: OfferFormErrors = {};
  for (const issue of parsed.error.issues) {
    const [first] = issue.path;
    if (first === 'codes') continue;
    const key = first as keyof OfferFormValues;
    if (!errors[key]) errors[key] = issue.message;
  }
  // A union reports only that no branch fitted: ask the branch the member chose for its own message.
  const [generate, csv] = ZOfferCodesInput.options;
  const codes = values.codes === 'generate' ? generate.safeParse(request.codes) : csv.safeParse(request.codes);
  if (!codes.success) errors[values.codes] = codes.error.issues[0]?.message;
  return errors;
}
