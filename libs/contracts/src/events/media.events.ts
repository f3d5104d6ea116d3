import { z } from 'zod';
import { MEDIA_KINDS } from '../http/media.js';
import { defineEvent } from './define-event.js';

/**
 * A media object's life, on `media-<mediaId>`: the api signed an upload for a user, checked what
 * arrived (kept or refused), attached it (a fan message, a profile photo), or deleted it unattached.
 */
export const MediaUploadStarted = defineEvent(
  'MediaUploadStarted',
  z.object({
    mediaId: z.string(),
    userId: z.string(),
    kind: z.enum(MEDIA_KINDS),
    /** Where the browser puts it (a presigned PUT); nothing there is trusted until checked. */
    uploadKey: z.string(),
    filename: z.string(),
    declaredType: z.string(),
    declaredSize: z.number().int().nonnegative(),
  }),
  1,
  { subject: (data) => data.userId, redacted: { filename: '' } },
);

/** The upload was checked (size, real type from its first bytes) and moved to its final key. */
export const MediaUploadVerified = defineEvent(
  'MediaUploadVerified',
  z.object({
    mediaId: z.string(),
    key: z.string(),
    contentType: z.string(),
    size: z.number().int().nonnegative(),
    /** A poster frame for a video, when ffmpeg made one. */
    posterKey: z.string().nullable(),
  }),
);

/** What arrived was refused (and deleted): too large, or not what it claimed to be. */
export const MediaUploadRejected = defineEvent(
  'MediaUploadRejected',
  z.object({ mediaId: z.string(), reason: z.string() }),
);

/** A fan's video message to an artist: the verified video it plays is this media object. */
export const FanMessagePosted = defineEvent(
  'FanMessagePosted',
  z.object({
    fanMessageId: z.string(),
    mediaId: z.string(),
    artistId: z.string(),
    userId: z.string(),
    message: z.string(),
    isPublic: z.boolean(),
    /** What the fan earned for it (0 when this fan was already rewarded for this artist). */
    payolaEarned: z.number().int(),
    /**
     * The sender's founding fan number when it was posted: the card names its sender the way profiles
     * name an adder ('Fan #n'). Absent on messages posted before it was recorded.
     */
    senderFanNumber: z.number().int().nullable().optional(),
  }),
  1,
  { subject: (data) => data.userId, redacted: { message: '' } },
);

/** A verified photo became the user's profile photo. */
export const ProfileImageSet = defineEvent('ProfileImageSet', z.object({ mediaId: z.string(), userId: z.string() }));

/** Never attached to anything within a day: its objects were deleted by the cleanup job. */
export const MediaExpired = defineEvent('MediaExpired', z.object({ mediaId: z.string() }));

export const mediaEvents = [
  MediaUploadStarted,
  MediaUploadVerified,
  MediaUploadRejected,
  FanMessagePosted,
  ProfileImageSet,
  MediaExpired,
] as const;
