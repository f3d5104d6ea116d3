import { Command } from '@nestjs/cqrs';
import type { CatalogKind } from '../../../catalog-kind.js';

/** Favourite (`favorite: true`) or unfavourite (`false`) an artist or venue; without `favorite`, a toggle. */
export class SetFavorite extends Command<{ favorited: boolean }> {
  constructor(
    readonly kind: CatalogKind,
    readonly userId: string,
    readonly entryId: string,
    readonly favorite: boolean | undefined,
    readonly requestId?: string,
  ) {
    super();
  }
}
