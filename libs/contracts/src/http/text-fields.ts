import { z } from 'zod';

// PostgreSQL text and jsonb cannot hold NUL or an unpaired UTF-16 surrogate (see account.ts).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const storable = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);
export const UNSTORABLE = 'Please remove unsupported characters';

/** Free text the user may leave blank (null then), trimmed, bounded and storable. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long (${max} characters at most)`)
    .refine(storable, UNSTORABLE)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));
