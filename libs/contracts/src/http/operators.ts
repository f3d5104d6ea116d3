import { z } from 'zod';

/**
 * The operators' console (/ops, /api/ops/**). Everyone but an operator gets 404 from every route; an
 * operator's session must pass the second factor before anything but these second-factor routes answers.
 */

/** GET /api/ops/session: where this operator's session stands. */
export const ZOpsSession = z.object({
  /** `enrol`: no authenticator yet; `verify`: enrolled, this session has not passed; `passed`: the console is open. */
  secondFactor: z.enum(['enrol', 'verify', 'passed']),
});
export type TOpsSession = z.infer<typeof ZOpsSession>;

/** POST /api/ops/second-factor/setup: a new secret to put in an authenticator app (until a code confirms it). */
export const ZSecondFactorSetup = z.object({
  /** Base32, for typing it in by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG document (drawn on the server, so the web app loads no QR library). */
  qrCodeSvg: z.string(),
});
export type TSecondFactorSetup = z.infer<typeof ZSecondFactorSetup>;

/** Six digits from the authenticator app; spaces are tolerated (apps show "123 456"). */
export const ZTotpCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/** POST /api/ops/second-factor/confirm. */
export const ZSecondFactorConfirmRequest = z.strictObject({ code: ZTotpCode });
export type TSecondFactorConfirmRequest = z.infer<typeof ZSecondFactorConfirmRequest>;

/** The answer of the confirm: the recovery codes, shown this once (only their hashes are kept). */
export const ZSecondFactorConfirmed = z.object({ recoveryCodes: z.array(z.string()) });
export type TSecondFactorConfirmed = z.infer<typeof ZSecondFactorConfirmed>;

/** A recovery code as issued ("abcde-fghij"), any case, the dash optional. */
export const ZRecoveryCode = z
  .string()
  .transform((value) => value.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, 'A recovery code is ten letters and digits, like abcde-fgh23.'));

/** POST /api/ops/second-factor/verify: an authenticator code, or one recovery code. */
export const ZSecondFactorVerifyRequest = z.union([
  z.strictObject({ code: ZTotpCode }),
  z.strictObject({ recoveryCode: ZRecoveryCode }),
]);
export type TSecondFactorVerifyRequest = z.input<typeof ZSecondFactorVerifyRequest>;

/** The answer of a passed verify. */
export const ZSecondFactorVerified = z.object({
  method: z.enum(['code', 'recovery-code']),
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type TSecondFactorVerified = z.infer<typeof ZSecondFactorVerified>;

/** Days the dashboard's charts cover, today included. */
export const OPS_DASHBOARD_DAYS = 30;

export const ZOpsDailyActivity = z.object({
  /** UTC day, YYYY-MM-DD. */
  day: z.string(),
  signUps: z.number().int().nonnegative(),
  payments: z.number().int().nonnegative(),
  identityChecks: z.number().int().nonnegative(),
});
export type TOpsDailyActivity = z.infer<typeof ZOpsDailyActivity>;

/** GET /api/ops/dashboard. */
export const ZOpsDashboard = z.object({
  milestones: z.object({
    verifiedFans: z.number().int().nonnegative(),
    verifiedArtists: z.number().int().nonnegative(),
    /** The Listener milestone's "N of each" (the larger target; 10,000 in production). */
    target: z.number().int().positive(),
    /** The Listener milestone's configured targets, each count its own (MILESTONE_LISTENER_FANS / _ARTISTS). */
    targets: z.object({ verifiedFans: z.number().int().positive(), verifiedArtists: z.number().int().positive() }),
  }),
  /** The last OPS_DASHBOARD_DAYS UTC days, oldest first, days without activity included as zeros. */
  days: z.array(ZOpsDailyActivity),
  consumers: z.array(
    z.object({ name: z.string(), eventsBehind: z.number().int().nonnegative(), secondsBehind: z.number() }),
  ),
  /** BullMQ queues; null counts when Redis did not answer. */
  queues: z.array(
    z.object({
      name: z.string(),
      waiting: z.number().int().nullable(),
      active: z.number().int().nullable(),
      delayed: z.number().int().nullable(),
      failed: z.number().int().nullable(),
    }),
  ),
  generatedAt: z.string(),
});
export type TOpsDashboard = z.infer<typeof ZOpsDashboard>;

/** GET /api/ops/members?q=: an email, or a founding fan number ("42" or "#42"). */
export const ZOpsMemberSearch = z.strictObject({
  q: z.string().trim().min(1, 'Enter an email or a fan number.').max(254, 'An email is at most 254 characters.'),
});
export type TOpsMemberSearch = z.infer<typeof ZOpsMemberSearch>;

/** A member as the console shows them: who, and whether they are suspended (and why, by whom). */
export const ZOpsMember = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  foundingFanNumber: z.number().int().nullable(),
  /** The suspension in force: the operator who decided it (their email, when their account still has one) and why. */
  suspension: z.object({ operatorId: z.string(), operatorEmail: z.string().nullable(), reason: z.string() }).nullable(),
});
export type TOpsMember = z.infer<typeof ZOpsMember>;

/** GET /api/ops/members: the member found, or null. */
export const ZOpsMemberFound = z.object({ member: ZOpsMember.nullable() });
export type TOpsMemberFound = z.infer<typeof ZOpsMemberFound>;

/** POST /api/ops/members/:id/suspend and /lift: every operator action names its reason. */
export const ZOpsSuspensionRequest = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, 'Give a reason: it is recorded with your name.')
    .max(500, 'A reason is at most 500 characters.'),
});
export type TOpsSuspensionRequest = z.infer<typeof ZOpsSuspensionRequest>;
