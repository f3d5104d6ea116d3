/** Names shared by the media module's write and read sides (projection names are checkpoint names). */
export const MEDIA_PROJECTION = 'media';

export function mediaStreamId(mediaId: string): string {
  return `media-${mediaId}`;
}

/** Presigned upload URLs are short-lived: long enough to start a 10 MB upload, not to share. */
export const UPLOAD_URL_EXPIRY_SECONDS = 600;
/** Download URLs the api redirects to. */
export const DOWNLOAD_URL_EXPIRY_SECONDS = 300;
/** Objects never attached to anything are deleted after this long. */
export const UNATTACHED_MEDIA_TTL_MS = 24 * 60 * 60 * 1000;
