import { Query } from '@nestjs/cqrs';
import type { TAuthUser } from '@app/contracts';

export class GetAuthUser extends Query<TAuthUser | null> {
  constructor(readonly userId: string) {
    super();
  }
}
