import { Command } from '@nestjs/cqrs';

/** Favourite (`favorite: true`) or unfavourite (`false`); without `favorite`, a toggle. */
export class SetArtistFavorite extends Command<{ favorited: boolean }> {
  constructor(
    readonly userId: string,
    readonly artistId: string,
    readonly favorite: boolean | undefined,
    readonly requestId?: string,
  ) {
    super();
  }
}
