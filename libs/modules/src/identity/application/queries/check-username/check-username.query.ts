import { Query } from '@nestjs/cqrs';

/** POST /api/users/check-username: whether `username` is free, or already this user's. */
export class CheckUsername extends Query<{ available: boolean }> {
  constructor(
    readonly username: string,
    readonly userId: string,
  ) {
    super();
  }
}
