import { Query } from '@nestjs/cqrs';
import type { TPayolaStats } from '@app/contracts';

export class GetPayolaStats extends Query<TPayolaStats> {
  constructor(readonly userId: string) {
    super();
  }
}
