import { z } from 'zod';
import { ZRole } from '../http/auth.js';
import { DELETED_MEMBER_NAME, defineEvent } from './define-event.js';

export const AccountCreated = defineEvent(
  'AccountCreated',
  z.object({
    userId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: ZRole,
    zipCode: z.string(),
    /** argon2id hash; never leaves the server. */
    passwordHash: z.string(),
  }),
  1,
  {
    subject: (data) => data.userId,
    redacted: { email: '', ...DELETED_MEMBER_NAME, zipCode: '' },
  },
);

export const PasswordResetRequested = defineEvent(
  'PasswordResetRequested',
  z.object({
    /** sha256 of the emailed token; the token itself is never stored. */
    tokenHash: z.string(),
    expiresAt: z.iso.datetime(),
  }),
);

export const PasswordChanged = defineEvent(
  'PasswordChanged',
  z.object({
    passwordHash: z.string(),
    reason: z.enum(['reset', 'change']),
  }),
);

/** My Profile: the fields that changed, with their new values. */
export const ProfileUpdated = defineEvent(
  'ProfileUpdated',
  z.object({
    userId: z.string(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    phone: z.string().nullable().optional(),
    genres: z.array(z.string()).optional(),
  }),
  1,
  { subject: (data) => data.userId, redacted: { ...DELETED_MEMBER_NAME, phone: null } },
);

/**
 * A change of the sign-in email asked for with the current password. Nothing changes yet: a link is
 * sent to the new address and the old one is told; a newer request replaces this one.
 */
export const EmailChangeRequested = defineEvent(
  'EmailChangeRequested',
  z.object({
    userId: z.string(),
    email: z.string(),
    /** sha256 of the emailed token; the token itself is never stored. */
    tokenHash: z.string(),
    expiresAt: z.iso.datetime(),
  }),
  1,
  { subject: (data) => data.userId, redacted: { email: '' } },
);

/**
 * A new sign-in email, unique case-insensitively (its reservation moved in the same transaction).
 * Recorded when the link sent to the new address is used (before issue 21, straight from the profile).
 */
export const EmailChanged = defineEvent(
  'EmailChanged',
  z.object({ userId: z.string(), email: z.string(), previousEmail: z.string() }),
  1,
  { subject: (data) => data.userId, redacted: { email: '', previousEmail: '' } },
);

/**
 * A Listener's sign-up (the free membership: no payment, no identity check) sent a link to its address:
 * only the link token's sha256 and its expiry are kept.
 */
export const SignUpEmailConfirmationRequested = defineEvent(
  'SignUpEmailConfirmationRequested',
  z.object({ userId: z.string(), tokenHash: z.string(), expiresAt: z.iso.datetime() }),
);

/** The sign-up's link was used: the address is the member's. For a Listener this opens the app, as a payment does for others. */
export const SignUpEmailConfirmed = defineEvent('SignUpEmailConfirmed', z.object({ userId: z.string() }));

/** A username claimed (the old one, if any, is free again): unique through a reservation row. */
export const UsernameChanged = defineEvent(
  'UsernameChanged',
  z.object({ userId: z.string(), username: z.string(), previousUsername: z.string().nullable() }),
  1,
  { subject: (data) => data.userId, redacted: { username: '', previousUsername: null } },
);

/** Visibility and notification toggles that changed, with their new values. */
export const SettingsChanged = defineEvent(
  'SettingsChanged',
  z.object({
    userId: z.string(),
    privacySettings: z.record(z.string(), z.boolean()).optional(),
    notificationSettings: z.record(z.string(), z.boolean()).optional(),
  }),
);

/**
 * An operator suspended the member (the operators' console): every session of theirs ended, sign-in and
 * writes are refused until a lift. On the member's own stream, `user-<id>`, because identity owns what a
 * member may do: the auth check and sign-in fold it from there without asking another module.
 */
export const MemberSuspended = defineEvent(
  'MemberSuspended',
  z.object({ userId: z.string(), operatorId: z.string(), reason: z.string() }),
);

/** An operator lifted the member's suspension: they may sign in and write again. */
export const MemberSuspensionLifted = defineEvent(
  'MemberSuspensionLifted',
  z.object({ userId: z.string(), operatorId: z.string(), reason: z.string() }),
);

/**
 * The member deleted their account (My Profile, with their password): their data key was destroyed in
 * the same transaction, so every personal field of theirs in the log now reads as its redacted value;
 * sessions ended, objects in storage deleted, read models scrubbed. Names only the member's id.
 */
export const MemberErased = defineEvent('MemberErased', z.object({ userId: z.string() }));

export const identityEvents = [
  AccountCreated,
  PasswordResetRequested,
  PasswordChanged,
  ProfileUpdated,
  EmailChangeRequested,
  EmailChanged,
  SignUpEmailConfirmationRequested,
  SignUpEmailConfirmed,
  UsernameChanged,
  SettingsChanged,
  MemberSuspended,
  MemberSuspensionLifted,
  MemberErased,
] as const;
