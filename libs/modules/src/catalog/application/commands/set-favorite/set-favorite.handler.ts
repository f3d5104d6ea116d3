import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { CatalogMembers } from '../../services/catalog-members.js';
import { entryNameOnFile, markedAs, setMark } from '../set-vote/entry-marks.js';
import { SetFavorite } from './set-favorite.command.js';

@CommandHandler(SetFavorite)
export class SetFavoriteHandler implements ICommandHandler<SetFavorite> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CatalogMembers) private readonly members: CatalogMembers,
    @InjectPool() private readonly pool: Pool,
  ) {}

  async execute({ kind, userId, entryId: asked, favorite, requestId }: SetFavorite): Promise<{ favorited: boolean }> {
    await this.members.member(userId);
    await entryNameOnFile(this.repository, kind, asked);
    const { entryId, alsoRead } = await markedAs(this.pool, kind, 'favorite', asked, userId);
    const favorited = await setMark(
      this.repository,
      kind,
      'favorite',
      { userId, entryId, wanted: favorite, requestId },
      { waitFor: [kind.projection], alsoRead },
    );
    return { favorited };
  }
}
