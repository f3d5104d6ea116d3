import { z } from 'zod';

/** The words of account deletion (My Profile's "Delete account" and its answers). */
export const ACCOUNT_DELETION_MESSAGES = {
  passwordRequired: 'Enter your password to delete your account',
  passwordWrong: 'That password is not correct. Your account was not deleted.',
  alreadyDeleted: 'This account has already been deleted.',
  deleted: 'Your account has been deleted. Everything personal you gave us is gone.',
} as const;

/** POST /api/users/delete-account: the member's password again. */
export const ZDeleteAccountRequest = z.strictObject({
  password: z
    .string({ error: ACCOUNT_DELETION_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_DELETION_MESSAGES.passwordRequired)
    .max(256, ACCOUNT_DELETION_MESSAGES.passwordWrong),
});
export type TDeleteAccountRequest = z.input<typeof ZDeleteAccountRequest>;
