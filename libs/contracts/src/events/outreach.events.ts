import { z } from 'zod';
import { CONTACT_METHODS, MILESTONE_IDS } from '../http/outreach.js';
import { DELETED_MEMBER_NAME, defineEvent, personalDataSubjectOfEmail } from './define-event.js';

/** Someone joined the Listener waitlist. Appended to `waitlist-<hash of the email>`: once per address. */
export const WaitlistJoined = defineEvent(
  'WaitlistJoined',
  z.object({
    entryId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    country: z.string(),
    state: z.string().nullable(),
    city: z.string(),
    musicGenres: z.array(z.string()),
    customGenres: z.array(z.string()),
    preferredContactMethods: z.array(z.enum(CONTACT_METHODS)),
    mobilePhone: z.string().nullable(),
    whatsappNumber: z.string().nullable(),
  }),
  1,
  {
    subject: (data) => personalDataSubjectOfEmail(data.email),
    redacted: { ...DELETED_MEMBER_NAME, email: '', city: '', mobilePhone: null, whatsappNumber: null },
  },
);

/** A contact-form message, forwarded to support. Appended to `contact-<messageId>`. */
export const ContactMessageSent = defineEvent(
  'ContactMessageSent',
  z.object({
    messageId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: z.string(),
    subject: z.string(),
    message: z.string(),
  }),
  1,
  {
    subject: (data) => personalDataSubjectOfEmail(data.email),
    redacted: { ...DELETED_MEMBER_NAME, email: '', phone: null, subject: '', message: '' },
  },
);

/**
 * Verified fans and verified artists both reached a milestone's threshold. Appended once to
 * `milestone-<id>` with 'no stream' expected, so a second recorder (a replay, another worker) is refused.
 */
export const MilestoneReached = defineEvent(
  'MilestoneReached',
  z.object({
    milestone: z.enum(MILESTONE_IDS),
    threshold: z.number().int().positive(),
    /** Each count's own threshold (configurable outside production); absent on events from before, where both were `threshold`. */
    thresholds: z
      .object({ verifiedFans: z.number().int().positive(), verifiedArtists: z.number().int().positive() })
      .optional(),
    verifiedFans: z.number().int().nonnegative(),
    verifiedArtists: z.number().int().nonnegative(),
  }),
);

export const outreachEvents = [WaitlistJoined, ContactMessageSent, MilestoneReached] as const;
