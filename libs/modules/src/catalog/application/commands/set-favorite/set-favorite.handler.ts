import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { CatalogMembers } from '../../services/catalog-members.js';
import { entryNameOnFile, setMark } from '../set-vote/entry-marks.js';
import { SetFavorite } from './set-favorite.command.js';

@CommandHandler(SetFavorite)
export class SetFavoriteHandler implements ICommandHandler<SetFavorite> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CatalogMembers) private readonly members: CatalogMembers,
  ) {}

  async execute({ kind, userId, entryId, favorite, requestId }: SetFavorite): Promise<{ favorited: boolean }> {
    await this.members.member(userId);
    await entryNameOnFile(this.repository, kind, entryId);
    const favorited = await setMark(
      this.repository,
      kind,
      'favorite',
      { userId, entryId, wanted: favorite, requestId },
      { waitFor: [kind.projection] },
    );
    return { favorited };
  }
}
