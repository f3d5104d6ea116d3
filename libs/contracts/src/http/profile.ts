import { z } from 'zod';
import { ZNewPassword } from './password.js';
import { storable, UNSTORABLE } from './text-fields.js';

/** docs/product.md §3 privacySettings: profilePublic on by default, every other one off. */
export const PRIVACY_SETTING_KEYS = [
  'profilePublic',
  'chartsPublic',
  'playlistsPublic',
  'recordBinPublic',
  'commentsPublic',
  'videoCommentsPublic',
  'videosPublic',
  'livestreamsPublic',
  'addedArtistsPublic',
  'upvotesPublic',
  'artistsContact',
] as const;
export type PrivacySettingKey = (typeof PRIVACY_SETTING_KEYS)[number];

/** docs/product.md §3 notificationSettings: profileNotifications on by default, every other one off. */
export const NOTIFICATION_SETTING_KEYS = [
  'profileNotifications',
  'chartsNotifications',
  'playlistsNotifications',
  'recordBinNotifications',
  'commentsNotifications',
  'videoCommentsNotifications',
  'videosNotifications',
  'livestreamsNotifications',
  'addedArtistsNotifications',
  'upvotesNotifications',
  'artistsContactNotifications',
] as const;
export type NotificationSettingKey = (typeof NOTIFICATION_SETTING_KEYS)[number];

// Object.fromEntries types its keys as any string: each of these builds one entry per key of K.
const defaults = <K extends string>(keys: readonly K[], on: K) =>
  Object.fromEntries(keys.map((key) => [key, key === on])) as Record<K, boolean>;
export const DEFAULT_PRIVACY_SETTINGS = defaults(PRIVACY_SETTING_KEYS, 'profilePublic');
export const DEFAULT_NOTIFICATION_SETTINGS = defaults(NOTIFICATION_SETTING_KEYS, 'profileNotifications');

const settingsShape = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.boolean()])) as Record<K, z.ZodBoolean>);
export const ZPrivacySettings = settingsShape(PRIVACY_SETTING_KEYS);
export const ZNotificationSettings = settingsShape(NOTIFICATION_SETTING_KEYS);
export type TPrivacySettings = z.infer<typeof ZPrivacySettings>;
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/** docs/product.md §5 "Username", §4 "Username editing" and §8 "Profile", word for word where the spec has words. */
export const PROFILE_MESSAGES = {
  usernameHelp: 'Only lowercase letters, numbers, and underscores allowed.',
  usernameAvailable: 'Username is available!',
  usernameTaken: 'Username is already taken',
  usernameCheckFailed: 'Error checking username availability',
  usernameEmpty: 'Please enter a username',
  usernameSaved: 'Username updated successfully!',
  usernameSavedDetail: 'Your username has been saved.',
  usernameSaveFailedTitle: 'Error updating username',
  usernameSaveFailed: 'Failed to save username. Please try again.',
  profileSaved: 'Profile updated successfully!',
  profileSavedDetail: 'Your changes have been saved.',
  profileSaveFailedTitle: 'Error updating profile',
  profileSaveFailed: 'Failed to save changes. Please try again.',
  noUser: 'No user found',
  photoGuidance: 'Square image, at least 400x400 pixels, JPG or PNG, max 5MB.',
  emailTaken: 'Another account already uses this email address. Choose a different one.',
  ownProfileOnly: 'You can only change your own profile.',
  photoNotUploaded: 'Upload the photo first: profileImageUrl must be the photo you uploaded.',
  photoUpdated: 'Profile picture updated!',
  photoUpdatedDetail: 'Your profile picture has been successfully changed.',
  photoFailed: 'Failed to update profile picture. Please try again.',
  currentPasswordRequired: 'Enter your current password',
  currentPasswordWrong: 'Your current password is not correct.',
  emailChangeNeedsPassword: 'Changing your email needs your current password, and a confirmation from the new address.',
  emailChangeSameAddress: 'This is already your email address.',
  emailChangeSent: 'Check your new inbox to confirm',
  emailChangeFailedTitle: 'Email not changed',
  emailLinkInvalid: 'This confirmation link is invalid, has expired or was already used.',
  emailConfirmed: 'Email address confirmed',
  passwordChanged: 'Password changed',
  passwordChangedDetail: 'Your password is changed, and your other devices are signed out.',
  passwordChangeFailedTitle: 'Password not changed',
  passwordsMustMatch: 'Passwords must match',
} as const;

/** The answer to a change-email request: the address stays until the link sent to the new one is used. */
export function emailChangeSentMessage(newEmail: string, currentEmail: string): string {
  return `We sent a confirmation link to ${newEmail}. Until you open it (within 24 hours), you keep signing in with ${currentEmail}.`;
}

export const USERNAME_MAX = 30;
export const MAX_PROFILE_GENRES = 3;

/** docs/product.md §5: forced to lowercase, everything but a-z, 0-9 and _ stripped (the input does it as you type). */
export function cleanUsername(raw: string): string {
  return raw.toLowerCase().replace(/[^a-z0-9_]/g, '');
}

export const ZUsername = z
  .string({ error: PROFILE_MESSAGES.usernameEmpty })
  .transform(cleanUsername)
  .pipe(
    z
      .string()
      .min(1, PROFILE_MESSAGES.usernameEmpty)
      .max(USERNAME_MAX, `A username is at most ${USERNAME_MAX} characters`),
  );

/** The account fields the server keeps to itself: sending one is a 400 naming it, never a silent change. */
export const PROTECTED_USER_FIELDS = [
  'id',
  'role',
  'payolaBalance',
  'verified',
  'kycCompleted',
  'veriffStatus',
  'veriffSessionId',
  'paymentCompleted',
  'monthlyMember',
  'foundingFanNumber',
  'verificationPayolaAwarded',
  'stripeCustomerId',
  'stripeSubscriptionId',
  'password',
] as const;

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long (100 characters at most)`)
    .refine(storable, UNSTORABLE);

const listed = (keys: readonly string[]) =>
  keys.length > 1 ? `${keys.slice(0, -1).join(', ')} and ${keys.slice(-1).join('')}` : keys.join('');

/** Names every key a profile PATCH does not take: the protected ones, then any other. */
export function unknownProfileKeysMessage(keys: readonly string[]): string {
  const protectedFields: ReadonlySet<string> = new Set(PROTECTED_USER_FIELDS);
  const isProtected = (key: string) => protectedFields.has(key);
  const protectedKeys = keys.filter(isProtected);
  const others = keys.filter((key) => !isProtected(key));
  return [
    protectedKeys.length > 0 ? `${listed(protectedKeys)} cannot be changed here.` : '',
    others.length === 1 ? `${others.join('')} is not a profile field.` : '',
    others.length > 1 ? `${listed(others)} are not profile fields.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * PATCH /api/users/{id} (docs/product.md §7): any of the profile's own fields. Settings may be sent in part (the
 * toggles changed); genres drop empty entries (docs/product.md §5) and keep at most 3. Strict: any other key is a
 * 400 naming it, never silently dropped (a client that thinks it set something must hear it did not).
 * `email` is accepted only unchanged (the spec's client sends it with every save); a new address goes
 * through POST /api/users/change-email.
 */
export const ZUpdateUserRequest = z.strictObject(
  {
    firstName: name('First name').optional(),
    lastName: name('Last name').optional(),
    email: z.email('Please enter a valid email address').max(254).optional(),
    // Absent: unchanged; blank: removed.
    phone: z
      .string()
      .trim()
      .max(40, 'The phone number is too long (40 characters at most)')
      .refine(storable, UNSTORABLE)
      .nullable()
      .optional()
      .transform((value) => (value === undefined ? undefined : value || null)),
    genres: z
      .array(z.string().trim().max(50, 'A genre is at most 50 characters').refine(storable, UNSTORABLE))
      .max(10)
      .transform((genres) => [...new Set(genres.filter(Boolean))])
      .pipe(z.array(z.string()).max(MAX_PROFILE_GENRES, `Choose at most ${MAX_PROFILE_GENRES} genres`))
      .optional(),
    privacySettings: ZPrivacySettings.partial().strict().optional(),
    notificationSettings: ZNotificationSettings.partial().strict().optional(),
    username: ZUsername.optional(),
    profileImageUrl: z.string().max(1000).nullable().optional(),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownProfileKeysMessage(issue.keys) : undefined),
  },
);
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;

const currentPassword = z
  .string({ error: PROFILE_MESSAGES.currentPasswordRequired })
  .min(1, PROFILE_MESSAGES.currentPasswordRequired)
  .max(256, PROFILE_MESSAGES.currentPasswordWrong);

/** POST /api/users/change-email: the new address and the current password; a link goes to the new address. */
export const ZChangeEmailRequest = z.strictObject({
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .pipe(z.email('Please enter a valid email address').max(254, 'Please enter a valid email address')),
  currentPassword,
});
export type TChangeEmailRequest = z.input<typeof ZChangeEmailRequest>;
export const ZChangeEmailResponse = z.object({ ok: z.literal(true), message: z.string(), pendingEmail: z.string() });
export type TChangeEmailResponse = z.infer<typeof ZChangeEmailResponse>;

/** POST /api/users/confirm-email: the token of the link sent to the new address (no session needed). */
export const ZConfirmEmailRequest = z.strictObject({
  token: z
    .string({ error: PROFILE_MESSAGES.emailLinkInvalid })
    .min(1, PROFILE_MESSAGES.emailLinkInvalid)
    .max(200, PROFILE_MESSAGES.emailLinkInvalid),
});
export type TConfirmEmailRequest = z.input<typeof ZConfirmEmailRequest>;
export const ZConfirmEmailResponse = z.object({ ok: z.literal(true), message: z.string(), email: z.string() });
export type TConfirmEmailResponse = z.infer<typeof ZConfirmEmailResponse>;

/** POST /api/users/change-password: the current password, and a new one by the sign-up rules. */
export const ZChangePasswordRequest = z.strictObject({ currentPassword, newPassword: ZNewPassword });
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

/** The change-password form: the request plus the new password again. */
export const ZChangePasswordForm = z
  .object({ currentPassword, newPassword: ZNewPassword, confirmNewPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmNewPassword, {
    message: PROFILE_MESSAGES.passwordsMustMatch,
    path: ['confirmNewPassword'],
  });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

/** POST /api/users/check-username. */
export const ZCheckUsernameRequest = z.object({ username: ZUsername });
export const ZCheckUsernameResponse = z.object({ available: z.boolean() });
