import { z } from 'zod';
import { LISTENER_MESSAGES } from './roles.js';
import { storable, UNSTORABLE } from './text-fields.js';

/** docs/product.md §3 "Waitlist genres (24)". */
export const WAITLIST_GENRES = [
  'Rock',
  'Pop',
  'Hip-Hop',
  'Jazz',
  'Blues',
  'Country',
  'Electronic',
  'Classical',
  'Folk',
  'Reggae',
  'Funk',
  'Soul',
  'R&B',
  'Alternative',
  'Indie',
  'Metal',
  'Punk',
  'Disco',
  'House',
  'Techno',
  'Ambient',
  'World Music',
  'Latin',
  'Gospel',
] as const;

/** docs/product.md §3 "Waitlist contact methods". */
export const CONTACT_METHODS = ['Email', 'Mobile Phone', 'WhatsApp'] as const;

/** docs/product.md §2 "Contact": the role select; `custom` reveals a free-text role. */
export const CONTACT_ROLES = [
  { value: 'fan', label: 'Music Fan' },
  { value: 'artist', label: 'Artist' },
  { value: 'venue', label: 'Venue Owner' },
  { value: 'service-provider', label: 'Service Provider' },
  { value: 'professional', label: 'Music Professional' },
  { value: 'custom', label: 'Other (please specify)' },
] as const;

export const CONTACT_MESSAGE_MIN_LENGTH = 10;

export const OUTREACH_MESSAGES = {
  captchaRequired: 'Please complete the reCAPTCHA verification',
  captchaFailed: 'The reCAPTCHA verification failed or expired. Please complete it again.',
  captchaUnavailable: 'We could not check the reCAPTCHA verification right now. Please try again.',
  waitlistJoined: "Welcome to the waitlist! We'll notify you when the free Listener membership becomes available.",
  contactSent: "Message sent successfully! We'll get back to you as soon as possible.",
} as const;

const required = (message: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Please keep this under ${max} characters`)
    .refine(storable, UNSTORABLE);

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters`)
    .refine(storable, UNSTORABLE)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .email('Please enter a valid email address')
  .max(254, 'Please enter a valid email address');

const recaptchaToken = z
  .string({ error: OUTREACH_MESSAGES.captchaRequired })
  .min(1, OUTREACH_MESSAGES.captchaRequired)
  .max(4096, OUTREACH_MESSAGES.captchaFailed);

const genre = z.string().trim().min(1).max(50, 'Please keep a genre under 50 characters').refine(storable, UNSTORABLE);

/** POST /api/waitlist (docs/product.md §5 "Waitlist", §7). */
export const ZWaitlistRequest = z.object({
  firstName: required('First name is required'),
  lastName: required('Last name is required'),
  email,
  country: required('Country is required'),
  state: optional(100),
  city: required('City is required'),
  musicGenres: z
    .array(genre, { error: 'Please select at least one music genre' })
    .min(1, 'Please select at least one music genre')
    .max(50, 'Please select at most 50 genres')
    .transform((genres) => [...new Set(genres)]),
  customGenres: z
    .array(genre)
    .max(25, 'Please add at most 25 custom genres')
    .default([])
    .transform((genres) => [...new Set(genres)]),
  preferredContactMethods: z
    .array(z.enum(CONTACT_METHODS), { error: 'Please select at least one contact method' })
    .min(1, 'Please select at least one contact method')
    .transform((methods) => [...new Set(methods)]),
  mobilePhone: optional(40),
  whatsappNumber: optional(40),
  recaptchaToken,
});
export type TWaitlistRequest = z.input<typeof ZWaitlistRequest>;
export type TWaitlistEntry = z.output<typeof ZWaitlistRequest>;

/** POST /api/contact (docs/product.md §5 "Contact", §7). `role` is one of CONTACT_ROLES' values, or the custom role's text. */
export const ZContactRequest = z.object({
  firstName: required('First name is required'),
  lastName: required('Last name is required'),
  email,
  phone: optional(40),
  role: required('Please select your role in the music industry'),
  subject: required('Subject is required', 200),
  message: z
    .string({ error: 'Message must be at least 10 characters long' })
    .trim()
    .min(CONTACT_MESSAGE_MIN_LENGTH, 'Message must be at least 10 characters long')
    .max(5000, 'Please keep your message under 5000 characters')
    .refine(storable, UNSTORABLE),
  recaptchaToken,
});
export type TContactRequest = z.input<typeof ZContactRequest>;
export type TContactMessage = z.output<typeof ZContactRequest>;

/** The contact form: the request's fields as typed, plus the custom role's text. */
export const ZContactForm = z
  .object({
    firstName: ZContactRequest.shape.firstName,
    lastName: ZContactRequest.shape.lastName,
    email,
    phone: z.string(),
    role: z.string().min(1, 'Please select your role in the music industry'),
    customRole: z.string(),
    subject: ZContactRequest.shape.subject,
    message: ZContactRequest.shape.message,
  })
  .refine((form) => form.role !== 'custom' || form.customRole.trim().length > 0, {
    message: 'Please specify your role',
    path: ['customRole'],
  });
export type TContactForm = z.input<typeof ZContactForm>;

/** The captcha widget's settings (GET /api/captcha). */
export const ZCaptchaConfig = z.object({
  mode: z.enum(['recaptcha', 'test']),
  siteKey: z.string().nullable(),
});
export type TCaptchaConfig = z.infer<typeof ZCaptchaConfig>;

/** POST /api/captcha/test-token: the built-in check's token (test mode only). */
export const ZCaptchaTestToken = z.object({ token: z.string() });

export const MILESTONES = [
  { id: 'listener-membership', threshold: 10_000 },
  { id: 'utility-token', threshold: 100_000 },
] as const;
export type TMilestoneId = (typeof MILESTONES)[number]['id'];
// z.enum takes a non-empty tuple; MILESTONES is a non-empty literal, which map() forgets.
export const MILESTONE_IDS = MILESTONES.map((m) => m.id) as [TMilestoneId, ...TMilestoneId[]];

/** GET /api/milestones: live progress toward the Listener membership and the utility token. */
export const ZMilestoneProgress = z.object({
  verifiedFans: z.number().int().nonnegative(),
  verifiedArtists: z.number().int().nonnegative(),
  milestones: z.array(
    z.object({
      id: z.enum(MILESTONE_IDS),
      /** "At N of each": the larger of the two targets (they are equal in production). */
      threshold: z.number().int().positive(),
      /** What each count must reach (configurable outside production: MILESTONE_LISTENER_FANS...). */
      targets: z.object({
        verifiedFans: z.number().int().positive(),
        verifiedArtists: z.number().int().positive(),
      }),
      reachedAt: z.string().nullable(),
    }),
  ),
});
export type TMilestoneProgress = z.infer<typeof ZMilestoneProgress>;

/**
 * GET /api/waitlist/invitations/{token}: what a waitlisted person's invitation link pre-fills on the
 * Listener sign-up (their waitlist entry). The token is random and unguessable; the email is never in the URL.
 */
export const ZListenerInvitation = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  genres: z.array(z.string()),
});
export type TListenerInvitation = z.infer<typeof ZListenerInvitation>;
export const ZListenerInvitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, LISTENER_MESSAGES.invitationInvalid);
