import { Command } from '@nestjs/cqrs';
import type { TAddVenueResponse, TVenueFields } from '@app/contracts';

/** 'Load this venue', then save: the adder updates every field of their venue. */
export class UpdateVenue extends Command<TAddVenueResponse> {
  constructor(
    readonly userId: string,
    readonly venueId: string,
    readonly venue: TVenueFields,
    readonly requestId?: string,
  ) {
    super();
  }
}
