import { Command } from '@nestjs/cqrs';

/** Favourite (`favorite: true`) or unfavourite (`false`) a venue; without `favorite`, a toggle. */
export class SetVenueFavorite extends Command<{ favorited: boolean }> {
  constructor(
    readonly userId: string,
    readonly venueId: string,
    readonly favorite: boolean | undefined,
    readonly requestId?: string,
  ) {
    super();
  }
}
