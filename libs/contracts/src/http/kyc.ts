import { z } from 'zod';
import { ZVeriffStatus } from './auth.js';

/** `veriff` talks to Veriff; `test` is the built-in check where the user picks the outcome. */
export const ZKycMode = z.enum(['veriff', 'test']);
export type TKycMode = z.infer<typeof ZKycMode>;

/** POST /api/kyc/session: the identity check session the widget opens (`url` is null in test mode). */
export const ZStartKycSessionResponse = z.object({
  sessionId: z.string(),
  url: z.string().nullable(),
  mode: ZKycMode,
});
export type TStartKycSessionResponse = z.infer<typeof ZStartKycSessionResponse>;

/** GET /api/kyc/status: polled by the web app after the widget reports FINISHED. */
export const ZKycStatusResponse = z.object({
  veriffStatus: ZVeriffStatus.nullable(),
  verified: z.boolean(),
  kycCompleted: z.boolean(),
});
export type TKycStatusResponse = z.infer<typeof ZKycStatusResponse>;

/** POST /api/kyc/test-decision (test mode only): the outcome the user picks. */
export const ZKycTestDecisionRequest = z.object({
  decision: z.enum(['approved', 'declined'], { error: 'Choose approve or decline.' }),
});
export type TKycTestDecisionRequest = z.infer<typeof ZKycTestDecisionRequest>;

/** The user's identity check status after the test decision was delivered. */
export const ZKycTestDecisionResponse = z.object({ status: ZVeriffStatus });
export type TKycTestDecisionResponse = z.infer<typeof ZKycTestDecisionResponse>;

/** Every decision status Veriff sends; other values are acknowledged and ignored. */
export const VERIFF_DECISION_STATUSES = [
  'approved',
  'declined',
  'resubmission_requested',
  'expired',
  'abandoned',
  'review',
] as const;
export type TVeriffDecisionStatus = (typeof VERIFF_DECISION_STATUSES)[number];

/**
 * The body of Veriff's decision webhook (the fields we read; Veriff sends many more). The same shape
 * is built and signed by the test mode.
 */
export const ZVeriffDecisionWebhook = z.looseObject({
  status: z.string().optional(),
  verification: z.looseObject({
    id: z.string().min(1),
    vendorData: z.string().nullish(),
    status: z.string(),
    code: z.number().int().nullish(),
    decisionTime: z.string().nullish(),
    person: z
      .looseObject({
        firstName: z.string().nullish(),
        lastName: z.string().nullish(),
      })
      .nullish(),
  }),
});
export type TVeriffDecisionWebhook = z.infer<typeof ZVeriffDecisionWebhook>;

/** POST /api/veriff/webhook. */
export const ZVeriffWebhookResponse = z.object({
  ok: z.literal(true),
  /** This decision was delivered before; nothing was recorded again. */
  duplicate: z.boolean().optional(),
  /** Not a decision we record (e.g. `review`, or an event that is not a decision). */
  ignored: z.boolean().optional(),
});
export type TVeriffWebhookResponse = z.infer<typeof ZVeriffWebhookResponse>;
