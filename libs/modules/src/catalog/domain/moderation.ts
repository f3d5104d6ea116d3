import { MODERATION_MESSAGES, type EventOfType, type ReportReason } from '@app/contracts';
import { RefusedError } from '@app/domain';

export type ReportEvent = EventOfType<'ArtistReported' | 'VenueReported'>;
export type ModerationEvent = EventOfType<
  | 'ArtistReportsDismissed'
  | 'VenueReportsDismissed'
  | 'ArtistHidden'
  | 'VenueHidden'
  | 'ArtistRestored'
  | 'VenueRestored'
  | 'ArtistMerged'
  | 'VenueMerged'
>;
export type ModerationDecision = 'hide' | 'restore' | 'dismiss';

/** Each kind's moderation event types (in the log for good) and the field that names its entry. */
export const MODERATION_EVENTS = {
  artist: {
    idField: 'artistId',
    reported: 'ArtistReported',
    dismissed: 'ArtistReportsDismissed',
    hidden: 'ArtistHidden',
    restored: 'ArtistRestored',
    merged: 'ArtistMerged',
  },
  venue: {
    idField: 'venueId',
    reported: 'VenueReported',
    dismissed: 'VenueReportsDismissed',
    hidden: 'VenueHidden',
    restored: 'VenueRestored',
    merged: 'VenueMerged',
  },
} as const;
export type ModeratedKind = keyof typeof MODERATION_EVENTS;

/** A member's report of an entry: `artist-report-<id>-<user>`; the stream existing means they reported it. */
export function reportStreamId(kind: ModeratedKind, entryId: string, userId: string): string {
  return `${kind}-report-${entryId}-${userId}`;
}

/** The operators' decisions about an entry: `artist-moderation-<id>`. */
export function moderationStreamId(kind: ModeratedKind, entryId: string): string {
  return `${kind}-moderation-${entryId}`;
}

export function reportFold(kind: ModeratedKind) {
  return {
    eventTypes: [MODERATION_EVENTS[kind].reported],
    initialState: () => ({ reported: false }),
    evolve: (): { reported: boolean } => ({ reported: true }),
  };
}

export interface ModerationState {
  /** The reason the entry is hidden for, or null when it is public. */
  hidden: string | null;
  /** The survivor it was merged into (for good), or null. */
  mergedInto: string | null;
}

export function moderationFold(kind: ModeratedKind) {
  const names = MODERATION_EVENTS[kind];
  return {
    eventTypes: [names.hidden, names.restored, names.merged],
    initialState: (): ModerationState => ({ hidden: null, mergedInto: null }),
    evolve: (state: ModerationState, event: ModerationEvent): ModerationState =>
      event.type === names.merged && 'survivorId' in event.data
        ? { ...state, mergedInto: event.data.survivorId }
        : { ...state, hidden: event.type === names.hidden ? event.data.reason : null },
  };
}

/** Once per member and entry: a second report is refused, with thanks for the first. */
export function decideReport(
  kind: ModeratedKind,
  state: { reported: boolean },
  report: { entryId: string; userId: string; reason: ReportReason; text: string | null },
): ReportEvent[] {
  if (state.reported) throw new RefusedError('conflict', MODERATION_MESSAGES.alreadyReported);
  const names = MODERATION_EVENTS[kind];
  const data = { [names.idField]: report.entryId, userId: report.userId, reason: report.reason, text: report.text };
  return [{ type: names.reported, data } as ReportEvent];
}

/**
 * An operator's decision about an entry, with their id and reason: hiding a hidden entry or restoring a
 * public one is refused (two operators acting at once: the second learns the first did it). Dismissing
 * is always recorded; whether there is anything open to dismiss is the caller's question.
 */
export function decideModeration(
  kind: ModeratedKind,
  state: ModerationState,
  decision: { entryId: string; operatorId: string; reason: string; action: ModerationDecision },
): ModerationEvent[] {
  const names = MODERATION_EVENTS[kind];
  if (state.mergedInto !== null && decision.action !== 'dismiss') {
    throw new RefusedError('conflict', MODERATION_MESSAGES.alreadyMerged);
  }
  if (decision.action === 'hide' && state.hidden !== null) {
    throw new RefusedError('conflict', MODERATION_MESSAGES.alreadyHidden);
  }
  if (decision.action === 'restore' && state.hidden === null) {
    throw new RefusedError('conflict', MODERATION_MESSAGES.notHidden);
  }
  const type = { hide: names.hidden, restore: names.restored, dismiss: names.dismissed }[decision.action];
  const data = { [names.idField]: decision.entryId, operatorId: decision.operatorId, reason: decision.reason };
  return [{ type, data } as ModerationEvent];
}

/**
 * A duplicate merged into a survivor of its kind, once: a duplicate already merged (two operators at
 * once: the second learns it), itself, or a survivor that was merged away is refused.
 */
export function decideMerge(
  kind: ModeratedKind,
  state: ModerationState,
  merge: { entryId: string; survivorId: string; survivorMergedInto: string | null; operatorId: string; reason: string },
): ModerationEvent[] {
  if (state.mergedInto !== null) throw new RefusedError('conflict', MODERATION_MESSAGES.alreadyMerged);
  if (merge.survivorId === merge.entryId) throw new RefusedError('invalid', MODERATION_MESSAGES.mergeIntoItself);
  if (merge.survivorMergedInto !== null) throw new RefusedError('conflict', MODERATION_MESSAGES.survivorMerged);
  const names = MODERATION_EVENTS[kind];
  const data = {
    [names.idField]: merge.entryId,
    survivorId: merge.survivorId,
    operatorId: merge.operatorId,
    reason: merge.reason,
  };
  return [{ type: names.merged, data } as ModerationEvent];
}
