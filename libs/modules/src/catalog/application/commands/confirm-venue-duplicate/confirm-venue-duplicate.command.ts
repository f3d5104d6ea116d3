import { Command } from '@nestjs/cqrs';
import type { TConfirmVenueDuplicateResponse } from '@app/contracts';

/** "Is this it?" confirmed: the venue the fan was about to add is this one. */
export class ConfirmVenueDuplicate extends Command<TConfirmVenueDuplicateResponse> {
  constructor(
    readonly userId: string,
    readonly venueId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
