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
  },
  venue: {
    idField: 'venueId',
    reported: 'VenueReported',
    dismissed: 'VenueReportsDismissed',
    hidden: 'VenueHidden',
    restored: 'VenueRestored',
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
}

export function moderationFold(kind: ModeratedKind) {
  const names = MODERATION_EVENTS[kind];
  return {
    eventTypes: [names.hidden, names.restored],
    initialState: (): ModerationState => ({ hidden: null }),
    evolve: (_state: ModerationState, event: ModerationEvent): ModerationState => ({
      hidden: event.type === names.hidden ? event.data.reason : null,
    }),
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
