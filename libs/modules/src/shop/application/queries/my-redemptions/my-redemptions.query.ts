import { Query } from '@nestjs/cqrs';
import type { TMyRedemptions } from '@app/contracts';

/** The signed-in fan's redemptions with their codes, newest first (from the write side: shown the moment a redemption answers). */
export class MyRedemptions extends Query<TMyRedemptions> {
  constructor(
    readonly userId: string,
    readonly page: { cursor?: string; limit: number },
  ) {
    super();
  }
}
