// Zod-free, like the other constants the web app's entry chunk imports (account-messages.ts,
// headers.ts): a file with a schema in it would bring zod into every first visit (issue #23).

/**
 * The roles a member signs up as (docs/product.md §3). `listener`: the free membership, open once the
 * Listener milestone is recorded (no payment, no identity check: a captcha and a confirmed email).
 */
export const ROLES = ['fan', 'artist', 'venue', 'service-provider', 'industry-pro', 'listener'] as const;

/** What the free Listener membership's sign-up and limits answer (docs/decisions.md, The Listener membership). */
export const LISTENER_MESSAGES = {
  notYetOpen:
    "The free Listener membership is not yet open. Join the waitlist and we'll email you the moment it opens.",
  captchaRequired: 'Please complete the human verification to join as a Listener.',
  /** Adding, verifying and voting (and the Payola they earn) are a verified fan's. */
  browseOnly: 'Listeners browse and favourite artists and venues. Adding, verifying and voting are for verified fans.',
  nothingToPay: 'The Listener membership is free: there is nothing to pay.',
  noIdentityCheck: 'The Listener membership needs no identity check: confirm your email instead.',
  confirmEmailFirst: 'Confirm your email first: open the link we sent you to start your Listener membership.',
  confirmationSent: 'We sent you a link to confirm your email. Open it to start browsing.',
  emailConfirmed: 'Your email is confirmed. Welcome, Listener!',
  confirmationResent: 'We sent you a new link. Open the newest email to confirm your address.',
  alreadyConfirmed: 'Your email is already confirmed: start browsing.',
  invitationInvalid: 'This invitation link is invalid. You can still sign up as a Listener below.',
} as const;
