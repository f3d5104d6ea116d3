import { MEDIA_LIMITS, MEDIA_MESSAGES, type EventOfType, type MediaKind } from '@app/contracts';
import { DomainError, RefusedError } from '@app/domain';

export const MEDIA_EVENT_TYPES = [
  'MediaUploadStarted',
  'MediaUploadVerified',
  'MediaUploadRejected',
  'FanMessagePosted',
  'ProfileImageSet',
  'MediaExpired',
] as const;
export type MediaEvent = EventOfType<(typeof MEDIA_EVENT_TYPES)[number]>;

export type MediaStatus = 'none' | 'pending' | 'ready' | 'rejected' | 'attached' | 'expired';

/** What the media decisions need to know about one object, folded from `media-<mediaId>`. */
export interface MediaState {
  status: MediaStatus;
  userId: string | null;
  kind: MediaKind | null;
  uploadKey: string | null;
  key: string | null;
  posterKey: string | null;
}

export const INITIAL_MEDIA_STATE: MediaState = {
  status: 'none',
  userId: null,
  kind: null,
  uploadKey: null,
  key: null,
  posterKey: null,
};

export function evolveMedia(state: MediaState, event: MediaEvent): MediaState {
  switch (event.type) {
    case 'MediaUploadStarted':
      return {
        ...state,
        status: 'pending',
        userId: event.data.userId,
        kind: event.data.kind,
        uploadKey: event.data.uploadKey,
      };
    case 'MediaUploadVerified':
      return { ...state, status: 'ready', key: event.data.key, posterKey: event.data.posterKey };
    case 'MediaUploadRejected':
      return { ...state, status: 'rejected' };
    case 'FanMessagePosted':
    case 'ProfileImageSet':
      return { ...state, status: 'attached' };
    case 'MediaExpired':
      return { ...state, status: 'expired' };
  }
}

export const mediaFold = {
  eventTypes: MEDIA_EVENT_TYPES,
  initialState: () => INITIAL_MEDIA_STATE,
  evolve: evolveMedia,
};

export class MediaNotFoundError extends DomainError {
  readonly kind = 'not-found';
  constructor() {
    super(MEDIA_MESSAGES.uploadNotFound);
  }
}

/** The file broke a rule of its kind; the title and text are what the user reads. */
export class FileRefusedError extends DomainError {
  readonly kind = 'invalid';
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

/** What a user says about a file before uploading it: refused early when it cannot be right. */
export function checkDeclaredFile(kind: MediaKind, declared: { contentType?: string; size?: number }): void {
  const limits = MEDIA_LIMITS[kind];
  const messages = MEDIA_MESSAGES[kind];
  if (declared.size !== undefined && declared.size > limits.maxSize) {
    throw new FileRefusedError(messages.tooLargeTitle, messages.tooLarge);
  }
  // docs/product.md §5: a profile image whose type does not start with image/ is refused; likewise video/ here.
  const family = kind === 'fan-video' ? 'video/' : 'image/';
  if (declared.contentType && !declared.contentType.startsWith(family)) {
    throw new FileRefusedError(messages.invalidTypeTitle, messages.invalidType);
  }
}

export type StoredFileVerdict = { ok: true; contentType: string } | { ok: false; title: string; reason: string };

/** What arrived in storage, judged by its real size and the type its first bytes show. */
export function judgeStoredFile(
  kind: MediaKind,
  stored: { size: number; sniffedType: string | null },
): StoredFileVerdict {
  const limits = MEDIA_LIMITS[kind];
  const messages = MEDIA_MESSAGES[kind];
  if (stored.size > limits.maxSize) return { ok: false, title: messages.tooLargeTitle, reason: messages.tooLarge };
  if (!stored.sniffedType || !limits.types.includes(stored.sniffedType)) {
    return { ok: false, title: messages.invalidTypeTitle, reason: messages.notAVideo };
  }
  return { ok: true, contentType: stored.sniffedType };
}

/** Only the uploader checks their upload, once. */
export function assertPendingUploadOf(state: MediaState, userId: string): { kind: MediaKind; uploadKey: string } {
  if (state.status === 'none' || state.status === 'expired') throw new MediaNotFoundError();
  if (state.userId !== userId) throw new RefusedError('forbidden', MEDIA_MESSAGES.notYours);
  if (state.status !== 'pending') throw new RefusedError('conflict', MEDIA_MESSAGES.alreadyChecked);
  // MediaUploadStarted sets both; a pending object without them is a broken stream, not a user error.
  if (!state.kind || !state.uploadKey) throw new Error('A pending upload without its kind or key');
  return { kind: state.kind, uploadKey: state.uploadKey };
}

/** A checked object of this user and kind, not yet attached to anything. */
export function assertAttachable(state: MediaState, userId: string, kind: MediaKind): void {
  if (state.status === 'none' || state.status === 'expired' || state.status === 'rejected') {
    throw new MediaNotFoundError();
  }
  if (state.userId !== userId) throw new RefusedError('forbidden', MEDIA_MESSAGES.notYours);
  if (state.kind !== kind) throw new RefusedError('invalid', MEDIA_MESSAGES.videoNotReady);
  if (state.status === 'pending') throw new RefusedError('invalid', MEDIA_MESSAGES.videoNotReady);
  if (state.status === 'attached') throw new RefusedError('conflict', MEDIA_MESSAGES.alreadyUsed);
}

export function decideFanMessage(
  state: MediaState,
  command: {
    mediaId: string;
    artistId: string;
    userId: string;
    message: string;
    isPublic: boolean;
    payolaEarned: number;
    senderFanNumber: number | null;
  },
): MediaEvent[] {
  assertAttachable(state, command.userId, 'fan-video');
  return [
    {
      type: 'FanMessagePosted',
      data: {
        fanMessageId: command.mediaId,
        mediaId: command.mediaId,
        artistId: command.artistId,
        userId: command.userId,
        message: command.message,
        isPublic: command.isPublic,
        payolaEarned: command.payolaEarned,
        senderFanNumber: command.senderFanNumber,
      },
    },
  ];
}

/** The cleanup job's decision: only what was never attached expires (a race with an attach loses). */
export function decideExpire(state: MediaState, mediaId: string): MediaEvent[] {
  if (state.status === 'pending' || state.status === 'ready') return [{ type: 'MediaExpired', data: { mediaId } }];
  return [];
}

/** Uploads land under the uploader's own prefix; checked objects move to a key the api chose. */
export function uploadKeyFor(userId: string, mediaId: string): string {
  return `uploads/${userId}/${mediaId}`;
}

const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/x-m4v': 'm4v',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

export function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType] ?? 'bin';
}

export function mediaKeyFor(kind: MediaKind, mediaId: string, contentType: string): string {
  return `media/${kind}/${mediaId}.${extensionFor(contentType)}`;
}

/** The media id in a URL the app was given: `/api/media/<id>` or the upload URL `.../uploads/<user>/<id>?...`. */
export function mediaIdFromUrl(url: string): string | null {
  const path = (() => {
    try {
      return new URL(url, 'http://localhost').pathname;
    } catch {
      return '';
    }
  })();
  const match = /\/(?:api\/media|uploads\/[^/]+)\/([0-9a-f-]{36})(?:\/|$)/i.exec(path);
  return match?.[1]?.toLowerCase() ?? null;
}
