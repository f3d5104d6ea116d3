import { z } from 'zod';
import { defineEvent } from './define-event.js';

/**
 * The operators' stream, `operator-<userId>`: who may open the console, and every step of their
 * second factor. Never a secret or a recovery code: those stay in the operators module's own tables.
 */

/** `npm run ops -- operator grant <email>`: the account may open the console (after its second factor). */
export const OperatorGranted = defineEvent(
  'OperatorGranted',
  z.object({ userId: z.string(), via: z.literal('cli'), reason: z.string() }),
);

/** `npm run ops -- operator revoke <email>`: the console closes at once; a new grant enrols a new factor. */
export const OperatorRevoked = defineEvent(
  'OperatorRevoked',
  z.object({ userId: z.string(), via: z.literal('cli'), reason: z.string() }),
);

/** The operator confirmed their authenticator with a code; recovery codes were issued (hashed, off the log). */
export const OperatorSecondFactorEnrolled = defineEvent(
  'OperatorSecondFactorEnrolled',
  z.object({ userId: z.string(), recoveryCodes: z.number().int().positive() }),
);

/** A session of the operator passed the second factor: with an authenticator code or a recovery code. */
export const OperatorSecondFactorPassed = defineEvent(
  'OperatorSecondFactorPassed',
  z.object({
    userId: z.string(),
    method: z.enum(['code', 'recovery-code']),
    /** Recovery codes still unused after this one. */
    recoveryCodesLeft: z.number().int().nonnegative(),
  }),
);

export const operatorEvents = [
  OperatorGranted,
  OperatorRevoked,
  OperatorSecondFactorEnrolled,
  OperatorSecondFactorPassed,
] as const;
