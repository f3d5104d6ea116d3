import { Command } from '@nestjs/cqrs';
import type { TPostFanMessageResponse } from '@app/contracts';

/** POST /api/fan-messages: a checked video of the fan's own becomes their message to an artist. */
export class PostFanMessage extends Command<TPostFanMessageResponse> {
  constructor(
    readonly userId: string,
    readonly artistId: string,
    readonly videoUrl: string,
    readonly message: string,
    readonly isPublic: boolean,
    readonly requestId?: string,
  ) {
    super();
  }
}
