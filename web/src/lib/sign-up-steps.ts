/** docs/product.md §2 "Create account": Create account -> Complete payment -> Identity verification (KYC) -> Access your profile. */
export const SIGN_UP_STEPS = [
  'Create account',
  'Complete payment',
  'Identity verification (KYC)',
  'Access your profile',
] as const;
