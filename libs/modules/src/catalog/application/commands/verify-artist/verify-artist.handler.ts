import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { canonicalArtistLinks, type TVerifyArtistResponse } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { PAYOLA_LEDGER_PROJECTION } from '../../../../payola/index.js';
import { ARTISTS_PROJECTION, artistStreamId } from '../../../catalog-names.js';
import { artistFold, ArtistNotFoundError, decideVerifyArtist } from '../../../domain/artist.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { CatalogMembers } from '../../services/catalog-members.js';
import { CatalogRewards } from '../../services/catalog-rewards.js';
import { LinkReservations } from '../../services/link-reservations.js';
import { VerifyArtist } from './verify-artist.command.js';

@CommandHandler(VerifyArtist)
export class VerifyArtistHandler implements ICommandHandler<VerifyArtist> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CatalogMembers) private readonly members: CatalogMembers,
    @Inject(LinkReservations) private readonly reservations: LinkReservations,
    @Inject(CatalogRewards) private readonly rewards: CatalogRewards,
  ) {}

  async execute({ userId, artistId, links: fields, requestId }: VerifyArtist): Promise<TVerifyArtistResponse> {
    await this.members.verifiedFan(userId);
    if (!isCatalogId(artistId)) throw new ArtistNotFoundError();
    const links = fields ? canonicalArtistLinks(fields).links : [];
    const { result } = await this.repository.execute(
      artistStreamId(artistId),
      artistFold,
      async (state, tx) => {
        const decision = decideVerifyArtist(state, { artistId, userId, links });
        const { name } = state;
        if (name === null) throw new ArtistNotFoundError(); // decideVerifyArtist refused that already
        await this.reservations.reserve(tx, artistId, name, decision.newLinks);
        const payola = await this.rewards.pay(tx, userId, [
          // The adder, or a fan verifying again, only adds links.
          ...(decision.alreadyVerified
            ? []
            : [
                {
                  rule: 'artist-verified' as const,
                  description: `Verified ${name}`,
                  source: `artist-verified:${artistId}`,
                },
              ]),
          ...(decision.newLinks.length > 0
            ? [
                {
                  rule: 'artist-link' as const,
                  description: `${decision.newLinks.length} new links for ${name}`,
                  // The version the ArtistLinksAdded event will have: one reward per addition.
                  source: `artist-links:${artistId}@${state.version + decision.events.length}`,
                  context: { newLinks: decision.newLinks.length },
                },
              ]
            : []),
        ]);
        return {
          events: decision.events,
          result: {
            artistId,
            fanNumber: decision.fanNumber,
            alreadyVerified: decision.alreadyVerified,
            linksAdded: decision.newLinks.length,
            payola,
          },
        };
      },
      {
        metadata: { actingUserId: userId, requestId },
        waitFor: [ARTISTS_PROJECTION, PAYOLA_LEDGER_PROJECTION],
      },
    );
    return result;
  }
}
