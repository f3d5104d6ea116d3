import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { ARTISTS_PROJECTION, artistStreamId } from '../../../catalog-names.js';
import { ArtistNotFoundError } from '../../../domain/artist.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { assertClaimant, claimFold } from '../../../domain/entry-claims.js';
import { EditArtist } from './edit-artist.command.js';

/**
 * Only the member whose claim an operator approved may edit (403 for anyone else, adders included).
 * The claim and the edit are on the artist's stream, so a decision racing the edit is seen by one of them.
 * Links keep their reservations and stay as they are: the edit is the details.
 */
@CommandHandler(EditArtist)
export class EditArtistHandler implements ICommandHandler<EditArtist> {
  constructor(@Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository) {}

  async execute({ userId, artistId, details, requestId }: EditArtist): Promise<{ id: string; name: string }> {
    if (!isCatalogId(artistId)) throw new ArtistNotFoundError();
    const { result } = await this.repository.execute(
      artistStreamId(artistId),
      claimFold,
      (state) => {
        assertClaimant(state, userId, () => new ArtistNotFoundError());
        return {
          events: [{ type: 'ArtistDetailsEdited' as const, data: { artistId, userId, ...details } }],
          result: { id: artistId, name: details.name },
        };
      },
      { metadata: { actingUserId: userId, requestId }, waitFor: [ARTISTS_PROJECTION] },
    );
    return result;
  }
}
