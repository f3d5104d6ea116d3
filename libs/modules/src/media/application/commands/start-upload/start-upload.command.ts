import { Command } from '@nestjs/cqrs';
import type { MediaKind, TStartUploadResponse } from '@app/contracts';

/** Sign one upload for the user: a new media object and a short-lived presigned PUT under their prefix. */
export class StartUpload extends Command<TStartUploadResponse> {
  constructor(
    readonly userId: string,
    readonly kind: MediaKind,
    readonly filename: string,
    readonly contentType: string | undefined,
    readonly size: number | undefined,
  ) {
    super();
  }
}
