import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TKycStatusResponse, TVeriffStatus } from '@app/contracts';
import { InjectPool, type Pool } from '@app/platform';
import { GetKycStatus } from './get-kyc-status.query.js';

/** Read from the users read model, the same row the auth check shows. */
@QueryHandler(GetKycStatus)
export class GetKycStatusHandler implements IQueryHandler<GetKycStatus> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId }: GetKycStatus): Promise<TKycStatusResponse> {
    const { rows } = await this.pool.query<{
      veriff_status: TVeriffStatus | null;
      verified: boolean;
      kyc_completed: boolean;
    }>('select veriff_status, verified, kyc_completed from identity_users where id = $1', [userId]);
    const row = rows[0];
    return {
      veriffStatus: row?.veriff_status ?? null,
      verified: row?.verified ?? false,
      kycCompleted: row?.kyc_completed ?? false,
    };
  }
}
