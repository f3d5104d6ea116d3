import { z } from 'zod';
import { unstorableCharacter } from './safe-input.js';

// PostgreSQL text and jsonb cannot hold NUL or an unpaired UTF-16 surrogate. The api refuses them in
// every field before the contract runs (safe-input.ts); the refinement gives the web forms the same check.
export const storable = (value: string) => unstorableCharacter(value) === null;
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
