import { Command } from '@nestjs/cqrs';
import type { TMediaObject } from '@app/contracts';

/**
 * The browser says its upload finished: check the stored object (size, real type), keep it under a
 * key of ours (photos re-encoded), or delete it and refuse with the reason.
 */
export class CompleteUpload extends Command<TMediaObject> {
  constructor(
    readonly userId: string,
    readonly mediaId: string,
  ) {
    super();
  }
}
