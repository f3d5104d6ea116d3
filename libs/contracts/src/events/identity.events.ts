import { z } from 'zod';
import { ZRole } from '../http/auth.js';
import { defineEvent } from './define-event.js';

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

export const identityEvents = [AccountCreated, PasswordResetRequested, PasswordChanged] as const;
