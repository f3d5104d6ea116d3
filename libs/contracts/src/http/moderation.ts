import { z } from 'zod';
import { REPORT_REASONS } from '../events/moderation.events.js';
import { storable, UNSTORABLE } from './text-fields.js';

export { REPORT_REASONS, type ReportReason } from '../events/moderation.events.js';

/** The reasons as the report form and the console name them. */
export const REPORT_REASON_LABELS = {
  'wrong-info': 'Wrong information',
  duplicate: 'Duplicate',
  offensive: 'Offensive',
  other: 'Other',
} as const satisfies Record<(typeof REPORT_REASONS)[number], string>;

export const REPORT_TEXT_MAX = 1000;
export const MODERATION_REASON_MAX = 500;

export const MODERATION_MESSAGES = {
  alreadyReported: "You've already reported this. The operators will look at it; thank you.",
  otherNeedsText: 'Tell us what is wrong (required when you choose Other).',
  alreadyHidden: 'This entry is already hidden.',
  notHidden: 'This entry is not hidden.',
  noOpenReports: 'This entry has no open reports to dismiss.',
  reasonRequired: 'Give a reason (it is recorded with your decision).',
  mergeIntoItself: 'Choose another entry to merge this one into.',
  alreadyMerged: 'This entry was already merged into another one.',
  survivorMerged: 'That entry was itself merged into another one: merge into that one instead.',
  survivorNotFound: 'The entry to keep was not found. Pick it again from the search.',
} as const;

/** POST /api/artists/{id}/report, /api/venues/{id}/report. */
export const ZReportRequest = z
  .strictObject({
    reason: z.enum(REPORT_REASONS, { error: 'Choose what is wrong' }),
    text: z
      .string()
      .trim()
      .max(REPORT_TEXT_MAX, `Keep it to ${REPORT_TEXT_MAX} characters`)
      .refine(storable, UNSTORABLE)
      .optional()
      .nullable()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((report, context) => {
    if (report.reason === 'other' && !report.text) {
      context.addIssue({ code: 'custom', path: ['text'], message: MODERATION_MESSAGES.otherNeedsText });
    }
  });
export type TReportRequest = z.input<typeof ZReportRequest>;
export const ZReportResponse = z.object({ reported: z.literal(true) });
export type TReportResponse = z.infer<typeof ZReportResponse>;

/** An operator's decision: hide, restore or dismiss, always with a reason. */
export const ZModerationRequest = z.strictObject({
  reason: z
    .string({ error: MODERATION_MESSAGES.reasonRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.reasonRequired)
    .max(MODERATION_REASON_MAX, `Keep the reason to ${MODERATION_REASON_MAX} characters`)
    .refine(storable, UNSTORABLE),
});
export type TModerationRequest = z.input<typeof ZModerationRequest>;
export type TModerationReason = z.output<typeof ZModerationRequest>;

/** POST /api/ops/entries/{kind}/{id}/merge: the duplicate `id` goes into `survivorId` (same kind). */
export const ZMergeRequest = z.strictObject({
  survivorId: z.string({ error: 'Choose the entry to keep' }).trim().min(1, 'Choose the entry to keep').max(100),
  reason: ZModerationRequest.shape.reason,
});
export type TMergeRequest = z.input<typeof ZMergeRequest>;
export type TMergeReason = z.output<typeof ZMergeRequest>;

export const ZEntryKindParam = z.enum(['artist', 'venue'], { error: 'Unknown kind of entry' });
export type TEntryKind = z.infer<typeof ZEntryKindParam>;

/** POST /api/ops/entries/{kind}/{id}/hide | restore | dismiss-reports: what was recorded. */
export const ZModerationResult = z.object({
  kind: ZEntryKindParam,
  entryId: z.string(),
  action: z.enum(['hide', 'restore', 'dismiss', 'merge']),
});
export type TModerationResult = z.infer<typeof ZModerationResult>;

export const OPS_REPORTS_PAGE_SIZE = 20;

/** GET /api/ops/reports?status=open|dismissed&cursor=: entries with reports, newest report first. */
export const ZOpsReportQueueQuery = z.strictObject({
  status: z.enum(['open', 'dismissed'], { error: 'Show open or dismissed reports' }).default('open'),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'That page link is out of date: start again from the first page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(OPS_REPORTS_PAGE_SIZE),
});
export type TOpsReportQueueQuery = z.input<typeof ZOpsReportQueueQuery>;
/** The queue's query as the server reads it (defaults applied). */
export type TOpsReportQueueFilters = z.output<typeof ZOpsReportQueueQuery>;

/** One reported entry in the queue: its reports (in the group's state) counted per reason, and the latest few. */
export const ZOpsReportGroup = z.object({
  kind: ZEntryKindParam,
  entryId: z.string(),
  /** Null when the entry is not in the read model (yet). */
  name: z.string().nullable(),
  status: z.enum(['open', 'dismissed']),
  hidden: z.object({ reason: z.string() }).nullable(),
  counts: z.object({
    'wrong-info': z.number().int().nonnegative(),
    duplicate: z.number().int().nonnegative(),
    offensive: z.number().int().nonnegative(),
    other: z.number().int().nonnegative(),
  }),
  lastReportedAt: z.string(),
  /** The latest reports' own words (at most five), newest first. */
  texts: z.array(z.object({ reason: z.enum(REPORT_REASONS), text: z.string(), reportedAt: z.string() })),
  /** The last dismissal's reason (dismissed groups). */
  dismissal: z.object({ operatorId: z.string(), reason: z.string() }).nullable(),
});
export type TOpsReportGroup = z.infer<typeof ZOpsReportGroup>;

export const ZOpsReportQueue = z.object({ groups: z.array(ZOpsReportGroup), nextCursor: z.string().nullable() });
export type TOpsReportQueue = z.infer<typeof ZOpsReportQueue>;
