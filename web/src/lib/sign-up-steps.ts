/** docs/product.md §2 "Create account": Create account -> Complete payment -> Identity verification (KYC) -> Access your profile. */
export const SIGN_UP_STEPS = [
  'Create account',
  'Complete payment',
  'Identity verification (KYC)',
  'Access your profile',
] as const;

/** The free Listener membership: no payment and no identity check; the confirmed email opens the app. */
export const LISTENER_SIGN_UP_STEPS = ['Create account', 'Confirm your email', 'Browse & favourite'] as const;
