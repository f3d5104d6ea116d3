import { z } from 'zod';

/** docs/product.md §9 length limits. */
export const PASSWORD_MIN_LENGTH = 8;

/** A new password, by the sign-up rules: the create-account form and the profile's change-password form. */
export const ZNewPassword = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .max(256, 'Password must be at most 256 characters');
