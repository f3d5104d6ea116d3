import { Command } from '@nestjs/cqrs';
import type { TVerifyArtistResponse, ZArtistLinkFields } from '@app/contracts';
import type { z } from 'zod';

export class VerifyArtist extends Command<TVerifyArtistResponse> {
  constructor(
    readonly userId: string,
    readonly artistId: string,
    readonly links: z.output<typeof ZArtistLinkFields> | undefined,
    readonly requestId?: string,
  ) {
    super();
  }
}
