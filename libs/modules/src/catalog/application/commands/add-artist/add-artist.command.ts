import { Command } from '@nestjs/cqrs';
import type { TAddArtistResponse, ZArtistInput } from '@app/contracts';
import type { z } from 'zod';

export class AddArtist extends Command<TAddArtistResponse> {
  constructor(
    readonly userId: string,
    readonly artist: z.output<typeof ZArtistInput>,
    readonly requestId?: string,
  ) {
    super();
  }
}
