import { Query } from '@nestjs/cqrs';
import type { TFanMessage } from '@app/contracts';

/** An artist's fan messages for one viewer: the public ones and the viewer's own private ones, newest first. */
export class GetFanMessages extends Query<TFanMessage[]> {
  constructor(
    readonly viewerId: string,
    readonly artistId: string,
  ) {
    super();
  }
}
