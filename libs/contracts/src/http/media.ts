import { z } from 'zod';
import { ZRewardSummary } from './artists.js';

/** What an upload is for; each has its limits (docs/product.md §9 "Files"). */
export const MEDIA_KINDS = ['fan-video', 'profile-photo'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export interface MediaLimits {
  /** Bytes. */
  maxSize: number;
  /** The real types accepted, as recognised from the file's first bytes. */
  types: readonly string[];
  /** The accept attribute of the file picker. */
  accept: string;
}

export const MEDIA_LIMITS: Record<MediaKind, MediaLimits> = {
  // docs/product.md §9: fan video 1 file, max 10 MB (10485760 bytes), 1-3 minutes recommended.
  'fan-video': {
    maxSize: 10_485_760,
    types: ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-m4v'],
    accept: 'video/mp4,video/webm,video/quicktime,.mp4,.m4v,.webm,.mov',
  },
  // docs/product.md §5 "Profile image" and §2: JPG or PNG, max 5 MB (5242880 bytes).
  'profile-photo': {
    maxSize: 5_242_880,
    types: ['image/jpeg', 'image/png'],
    accept: 'image/jpeg,image/png,.jpg,.jpeg,.png',
  },
};

/** The texts users read (docs/product.md §5 "Profile image" for photos; the same shape for videos). */
export const MEDIA_MESSAGES = {
  'fan-video': {
    tooLargeTitle: 'File too large',
    tooLarge: 'Please select a video under 10MB.',
    invalidTypeTitle: 'Invalid file type',
    invalidType: 'Please select an MP4, WebM or MOV video.',
    notAVideo: 'This file is not a video. Please select an MP4, WebM or MOV video.',
  },
  'profile-photo': {
    tooLargeTitle: 'File too large',
    tooLarge: 'Please select an image under 5MB.',
    invalidTypeTitle: 'Invalid file type',
    invalidType: 'Please select a JPG or PNG image.',
    notAVideo: 'Please select a JPG or PNG image.',
  },
  uploadMissing: 'The upload did not reach storage. Please try again.',
  uploadNotFound: 'This upload does not exist or has expired. Please upload the file again.',
  notYours: 'You can only use your own uploads.',
  alreadyChecked: 'This upload was already checked.',
  alreadyUsed: 'This video is already attached to a message.',
  videoRequiredTitle: 'Video required',
  videoRequired: 'Please upload your fan message video to continue.',
  messageRequired: 'Please write a message to go with your video.',
  videoNotReady: 'Upload a video for your message first.',
  fanMessageSent: 'Video fan message sent!',
  mediaNotFound: 'This file does not exist or is not shared with you.',
} as const;

/**
 * POST /api/objects/upload: sign one upload for the signed-in user. The spec's client sends no body
 * (a profile photo); the fan-video uploader (Uppy's `signRequest`) says what it is sending.
 */
export const ZStartUploadRequest = z.object({
  kind: z.enum(MEDIA_KINDS).default('profile-photo'),
  filename: z.string().trim().max(255).default('upload'),
  contentType: z.string().trim().max(255).optional(),
  size: z.number().int().nonnegative().optional(),
});
export type TStartUploadRequest = z.input<typeof ZStartUploadRequest>;

export const ZStartUploadResponse = z.object({
  /** The spec's field: the presigned URL the file is PUT to with its content type. */
  uploadURL: z.string(),
  uploadId: z.string(),
  key: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresInSeconds: z.number().int().positive(),
});
export type TStartUploadResponse = z.infer<typeof ZStartUploadResponse>;

/** POST /api/objects/{uploadId}/complete: the stored object, checked. */
export const ZMediaObject = z.object({
  mediaId: z.string(),
  /** Where the app reads it: the api answers with a short-lived signed URL. */
  url: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  posterUrl: z.string().nullable(),
});
export type TMediaObject = z.infer<typeof ZMediaObject>;

/** PUT /api/profile-images (docs/product.md §7): `profileImageUrl` is the upload URL the photo was PUT to. */
export const ZSetProfileImageRequest = z.object({
  profileImageUrl: z.string({ error: 'profileImageUrl is required' }).min(1, 'profileImageUrl is required'),
});
export const ZSetProfileImageResponse = z.object({ objectPath: z.string() });
export type TSetProfileImageResponse = z.infer<typeof ZSetProfileImageResponse>;

/** POST /api/fan-messages (docs/product.md §7). `userId` and `payolaEarned` from old clients: see docs/decisions.md. */
export const ZPostFanMessageRequest = z.object({
  artistId: z.string().min(1, 'Choose the artist for your message'),
  videoUrl: z.string({ error: MEDIA_MESSAGES.videoRequired }).min(1, MEDIA_MESSAGES.videoRequired),
  message: z
    .string({ error: MEDIA_MESSAGES.messageRequired })
    .trim()
    .min(1, MEDIA_MESSAGES.messageRequired)
    .max(2000, 'Keep your message under 2,000 characters.'),
  isPublic: z.boolean().default(false),
  userId: z.string().optional(),
  payolaEarned: z.unknown().optional(),
});
export type TPostFanMessageRequest = z.input<typeof ZPostFanMessageRequest>;

export const ZPostFanMessageResponse = z.object({ id: z.string(), payola: ZRewardSummary });
export type TPostFanMessageResponse = z.infer<typeof ZPostFanMessageResponse>;

/** GET /api/fan-messages?artistId=: the public messages, and the viewer's own private ones. */
export const ZFanMessage = z.object({
  id: z.string(),
  artistId: z.string(),
  message: z.string(),
  isPublic: z.boolean(),
  videoUrl: z.string(),
  posterUrl: z.string().nullable(),
  /** Written by the viewer (private messages are listed for their author only). */
  byYou: z.boolean(),
  /**
   * Who sent it, as members are shown ('Fan #n'); no account id is ever in a public answer. An erased
   * member's messages leave the read model with them, so a listed message always has its sender.
   */
  sender: z.object({ foundingFanNumber: z.number().int().nullable() }),
  createdAt: z.string(),
});
export type TFanMessage = z.infer<typeof ZFanMessage>;
export const ZFanMessages = z.array(ZFanMessage);

export const ZFanMessagesQuery = z.object({ artistId: z.string().min(1, 'artistId is required') });

/** The path the app reads a media object from. */
export function mediaPath(mediaId: string): string {
  return `/api/media/${mediaId}`;
}
