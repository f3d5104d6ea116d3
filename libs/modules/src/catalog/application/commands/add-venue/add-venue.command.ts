import { Command } from '@nestjs/cqrs';
import type { TAddVenueResponse, TVenueFields } from '@app/contracts';

export class AddVenue extends Command<TAddVenueResponse> {
  constructor(
    readonly userId: string,
    readonly venue: TVenueFields,
    readonly requestId?: string,
  ) {
    super();
  }
}
