import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MODERATION_MESSAGES } from '@app/contracts';
import { DomainError, RefusedError } from '@app/domain';
import { EventSourcedRepository } from '@app/event-store';
import { decideMerge, moderationFold, moderationStreamId } from '../../../domain/moderation.js';
import { recordMerge } from '../../services/entry-merges.js';
import { entryNameOnFile } from '../set-vote/entry-marks.js';
import { MergeEntry } from './merge-entry.command.js';

/**
 * A merge on the duplicate's moderation stream (two operators merging it at once: one merge) with its
 * catalog_merges row and the keys it held moved to the survivor, in one transaction. The catalogue's
 * projection moves the votes, favourites, fans and links; the media's, the fan messages.
 */
@CommandHandler(MergeEntry)
export class MergeEntryHandler implements ICommandHandler<MergeEntry> {
  constructor(@Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository) {}

  async execute({ kind, duplicateId, survivorId, operatorId, reason, requestId }: MergeEntry): Promise<void> {
    await entryNameOnFile(this.repository, kind, duplicateId);
    const survivorName = await entryNameOnFile(this.repository, kind, survivorId).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'not-found') {
        throw new RefusedError('invalid', MODERATION_MESSAGES.survivorNotFound);
      }
      throw error;
    });
    await this.repository.execute(
      moderationStreamId(kind.name, duplicateId),
      moderationFold(kind.name),
      async (state, tx) => {
        const survivor = await this.repository.load(
          moderationStreamId(kind.name, survivorId),
          moderationFold(kind.name),
          tx,
        );
        const events = decideMerge(kind.name, state, {
          entryId: duplicateId,
          survivorId,
          survivorMergedInto: survivor.state.mergedInto,
          operatorId,
          reason,
        });
        await recordMerge(tx, kind, { duplicateId, survivorId, survivorName });
        return { events, result: null };
      },
      { metadata: { actingUserId: operatorId, requestId }, waitFor: [kind.projection] },
    );
  }
}
