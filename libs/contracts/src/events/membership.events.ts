import { z } from 'zod';
import { defineEvent } from './define-event.js';

/** The identity provider approved the user's check (appended to the user's stream). */
export const KycApproved = defineEvent(
  'KycApproved',
  z.object({
    userId: z.string(),
    sessionId: z.string(),
    decisionTime: z.iso.datetime(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
);

/** A fan's monthly membership became active (first payment). */
export const MembershipStarted = defineEvent(
  'MembershipStarted',
  z.object({ userId: z.string(), subscriptionId: z.string().nullable(), startedAt: z.iso.datetime() }),
);

/** A monthly payment succeeded: the membership runs until `paidUntil`. */
export const MembershipRenewed = defineEvent(
  'MembershipRenewed',
  z.object({ userId: z.string(), paidUntil: z.iso.datetime() }),
);

/** The subscription ended (cancelled or unpaid). */
export const MembershipEnded = defineEvent(
  'MembershipEnded',
  z.object({ userId: z.string(), endedAt: z.iso.datetime() }),
);

export const membershipEvents = [KycApproved, MembershipStarted, MembershipRenewed, MembershipEnded] as const;
