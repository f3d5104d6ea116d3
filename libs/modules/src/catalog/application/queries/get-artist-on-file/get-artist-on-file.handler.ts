import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { artistStreamId } from '../../../catalog-names.js';
import { artistFold, ArtistNotFoundError } from '../../../domain/artist.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { GetArtistOnFile } from './get-artist-on-file.query.js';

@QueryHandler(GetArtistOnFile)
export class GetArtistOnFileHandler implements IQueryHandler<GetArtistOnFile> {
  constructor(@Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository) {}

  async execute({ artistId }: GetArtistOnFile): Promise<{ id: string; name: string }> {
    if (!isCatalogId(artistId)) throw new ArtistNotFoundError();
    const { state } = await this.repository.load(artistStreamId(artistId), artistFold);
    if (state.name === null) throw new ArtistNotFoundError();
    return { id: artistId, name: state.name };
  }
}
