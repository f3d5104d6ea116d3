import { Command } from '@nestjs/cqrs';
import type { TAuthUser } from '@app/contracts';
import type { ProfileChanges } from '../../../domain/user.js';

/** PATCH /api/users/{id}: the signed-in user's own profile; answers the user as saved. */
export class UpdateProfile extends Command<TAuthUser> {
  constructor(
    readonly userId: string,
    readonly changes: ProfileChanges,
    readonly requestId?: string,
  ) {
    super();
  }
}
