// Zod-free: the web app's entry chunk reads these (a failed CSRF check), and a file with a schema in it
// would bring zod into every first visit (issue #23).

/** Server-side messages that the web app also shows (docs/product.md §8). */
export const ACCOUNT_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists. Log in instead, or reset your password.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  resetLinkSent: 'If an account exists for that email, we sent a link to reset your password. It is valid for 1 hour.',
  passwordReset: 'Your password has been reset. Sign in with your new password.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  csrfInvalid: 'Your session expired or the page is out of date. Refresh the page and try again.',
  /** A suspended member's sign-in and writes (the operators' console suspends and lifts). */
  accountSuspended: 'Your account is suspended. Contact support if you think this is a mistake.',
} as const;
