import { Command } from '@nestjs/cqrs';
import type { ZEditArtistRequest } from '@app/contracts';
import type { z } from 'zod';

/** The artist's claimant edits its details (docs/decisions.md, "Claims"). */
export class EditArtist extends Command<{ id: string; name: string }> {
  constructor(
    readonly userId: string,
    readonly artistId: string,
    readonly details: z.output<typeof ZEditArtistRequest>['artist'],
    readonly requestId?: string,
  ) {
    super();
  }
}
