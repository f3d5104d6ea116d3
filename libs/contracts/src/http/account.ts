import { z } from 'zod';
import { ROLES, ZRole } from './auth.js';
import { PASSWORD_MIN_LENGTH, ZNewPassword } from './password.js';
import { MAX_PROFILE_GENRES } from './profile.js';

/** docs/product.md §9 length limits. */
export { PASSWORD_MIN_LENGTH };
export const ZIP_MIN_LENGTH = 5;
export const ZIP_MAX_LENGTH = 10;

const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .email('Please enter a valid email address')
  .max(254, 'Please enter a valid email address');
// PostgreSQL text and jsonb cannot hold NUL or an unpaired UTF-16 surrogate: refuse them as a form
// mistake here rather than fail on insert with a 500.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storable = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);
const UNSTORABLE_MESSAGE = 'Please remove unsupported characters';

const password = ZNewPassword;

/** POST /api/create-account (docs/product.md §7). */
export const ZCreateAccountRequest = z.object({
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name is too long')
    .refine(storable, UNSTORABLE_MESSAGE),
  lastName: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, 'Last name is required')
    .max(100, 'Last name is too long')
    .refine(storable, UNSTORABLE_MESSAGE),
  email,
  password,
  role: z.enum(ROLES, { error: 'Please choose your role' }),
  zipCode: z
    .string({ error: 'Please enter a valid zip code' })
    .trim()
    .min(ZIP_MIN_LENGTH, 'Please enter a valid zip code')
    .max(ZIP_MAX_LENGTH, 'Please enter a valid zip code')
    .refine(storable, 'Please enter a valid zip code'),
  /** The human check (a Listener's sign-up needs it instead of payment and identity check; others send none). */
  recaptchaToken: z.string().max(4096).optional(),
  /** The profile's genres from the start (a Listener's invitation pre-fills them from the waitlist entry). */
  genres: z
    .array(z.string().trim().min(1).max(50, 'A genre is at most 50 characters').refine(storable, UNSTORABLE_MESSAGE))
    .max(10)
    .transform((genres) => [...new Set(genres)])
    .pipe(z.array(z.string()).max(MAX_PROFILE_GENRES, `Choose at most ${MAX_PROFILE_GENRES} genres`))
    .optional(),
});
export type TCreateAccountRequest = z.infer<typeof ZCreateAccountRequest>;

/** The create-account form: the request plus the confirmation fields (docs/product.md §5). */
export const ZCreateAccountForm = ZCreateAccountRequest.omit({ role: true })
  .extend({
    confirmEmail: email,
    confirmPassword: password,
  })
  .refine((form) => form.email.toLowerCase() === form.confirmEmail.toLowerCase(), {
    message: 'Email addresses must match',
    path: ['confirmEmail'],
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords must match',
    path: ['confirmPassword'],
  });
export type TCreateAccountForm = z.infer<typeof ZCreateAccountForm>;

export const ZCreateAccountResponse = z.object({
  userId: z.string(),
  /** A Listener's sign-up: the address the confirmation link went to (nothing to pay). */
  confirmationSentTo: z.string().optional(),
});
export type TCreateAccountResponse = z.infer<typeof ZCreateAccountResponse>;

/** POST /api/login. */
export const ZLoginRequest = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(256, 'Password must be at most 256 characters'),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    paymentCompleted: z.boolean(),
    role: ZRole,
    verified: z.boolean(),
  }),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** POST /api/forgot-password: answered the same whether or not the account exists. */
export const ZForgotPasswordRequest = z.object({
  email: z
    .string({ error: 'Please enter your email address.' })
    .trim()
    .min(1, 'Please enter your email address.')
    .pipe(email),
});
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** POST /api/reset-password. */
export const ZResetPasswordRequest = z.object({
  token: z.string({ error: 'Invalid reset link' }).min(1, 'Invalid reset link').max(200, 'Invalid reset link'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN_LENGTH, 'Password too short')
    .max(256, 'Password must be at most 256 characters'),
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** The reset form: the new password twice. */
export const ZResetPasswordForm = z
  .object({
    password: ZResetPasswordRequest.shape.password,
    confirmPassword: z.string().min(1, 'Password is required'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

/** A plain acknowledgement ({ ok: true, message }) for calls whose response the client does not read. */
export const ZAcknowledgement = z.object({ ok: z.literal(true), message: z.string() });
export type TAcknowledgement = z.infer<typeof ZAcknowledgement>;

export { ACCOUNT_MESSAGES } from './account-messages.js';
