import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ARTIST_ATTESTATION, canonicalArtistLinks, type TAddArtistResponse } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { PAYOLA_LEDGER_PROJECTION } from '../../../../payola/index.js';
import { ARTISTS_PROJECTION, artistStreamId } from '../../../catalog-names.js';
import { artistFold, decideAddArtist } from '../../../domain/artist.js';
import { CatalogMembers } from '../../services/catalog-members.js';
import { LinkReservations } from '../../services/link-reservations.js';
import { CatalogRewards } from '../../services/catalog-rewards.js';
import { AddArtist } from './add-artist.command.js';

@CommandHandler(AddArtist)
export class AddArtistHandler implements ICommandHandler<AddArtist> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CatalogMembers) private readonly members: CatalogMembers,
    @Inject(LinkReservations) private readonly reservations: LinkReservations,
    @Inject(CatalogRewards) private readonly rewards: CatalogRewards,
  ) {}

  async execute({ userId, artist, requestId }: AddArtist): Promise<TAddArtistResponse> {
    const fan = await this.members.verifiedFan(userId);
    const { links } = canonicalArtistLinks(artist);
    const artistId = randomUUID();
    const { result } = await this.repository.execute(
      artistStreamId(artistId),
      artistFold,
      async (state, tx) => {
        const events = decideAddArtist(state, artistId, {
          name: artist.name,
          artistType: artist.artistType,
          genre: artist.genre,
          secondaryGenre: artist.secondaryGenre,
          recordLabel: artist.recordLabel,
          bio: artist.bio,
          links,
          addedBy: userId,
          addedByFoundingFanNumber: fan.foundingFanNumber,
          attestation: ARTIST_ATTESTATION,
        });
        await this.reservations.reserve(tx, artistId, artist.name, links);
        // The rewards are recorded in this transaction: an artist is on file if and only if it paid.
        const payola = await this.rewards.pay(tx, userId, [
          { rule: 'artist-added', description: `Added ${artist.name}`, source: `artist-added:${artistId}` },
          {
            rule: 'artist-link',
            description: `${links.length} links for ${artist.name}`,
            source: `artist-links:${artistId}@1`,
            context: { newLinks: links.length },
          },
        ]);
        return { events, result: { id: artistId, name: artist.name, fanNumber: 1, payola } };
      },
      {
        metadata: { actingUserId: userId, requestId },
        waitFor: [ARTISTS_PROJECTION, PAYOLA_LEDGER_PROJECTION],
      },
    );
    return result;
  }
}
