import { Query } from '@nestjs/cqrs';

/**
 * An artist as the write side has it (its stream), for another module's command that must refer to
 * an artist added a moment ago, before the catalogue's read model shows it. Throws
 * ArtistNotFoundError when there is none.
 */
export class GetArtistOnFile extends Query<{ id: string; name: string }> {
  constructor(readonly artistId: string) {
    super();
  }
}
