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

export const membershipEvents = [KycApproved] as const;
