import { Query } from '@nestjs/cqrs';
import type { TRole } from '@app/contracts';

/** Who a user is (email, names, role): what other modules may know about an account. */
export interface Account {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: TRole;
}

export class GetAccount extends Query<Account | null> {
  constructor(readonly userId: string) {
    super();
  }
}
