import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TCheckCodeResponse } from '@app/contracts';
import { InjectPool, type Pool } from '@app/platform';
import { doorMessage, doorStatus } from '../../../domain/offer.js';
import { findDoorCode } from '../../services/door-codes.js';
import { CheckCode } from './check-code.query.js';

/** Read from the write side: a code marked used a moment ago at another till shows as used here at once. */
@QueryHandler(CheckCode)
export class CheckCodeHandler implements IQueryHandler<CheckCode> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ actor, code }: CheckCode): Promise<TCheckCodeResponse> {
    const found = await findDoorCode(this.pool, actor, code);
    if (!found) {
      return {
        code,
        status: 'not-ours',
        message: doorMessage('not-ours', null),
        offer: null,
        redeemedAt: null,
        usedAt: null,
      };
    }
    const status = doorStatus(found, new Date());
    return {
      code: found.code,
      status,
      message: doorMessage(status, found),
      offer: found.offer,
      redeemedAt: found.redeemedAt?.toISOString() ?? null,
      usedAt: found.usedAt?.toISOString() ?? null,
    };
  }
}
