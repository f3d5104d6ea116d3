import { Query } from '@nestjs/cqrs';

/**
 * Where the viewer may read a media object (or its poster): a short-lived signed URL that makes the
 * storage answer with the checked content type, inline, never as HTML. Throws not-found for anything
 * the viewer may not see: another user's unshared upload, a private fan message, a deleted object.
 */
export class GetMediaDownload extends Query<{ url: string }> {
  constructor(
    readonly viewerId: string,
    readonly mediaId: string,
    readonly variant: 'file' | 'poster',
  ) {
    super();
  }
}
