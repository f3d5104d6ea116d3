import { Query } from '@nestjs/cqrs';
import type { TKycStatusResponse } from '@app/contracts';

export class GetKycStatus extends Query<TKycStatusResponse> {
  constructor(readonly userId: string) {
    super();
  }
}
