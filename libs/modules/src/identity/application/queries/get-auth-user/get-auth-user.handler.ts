import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TAuthUser, TRole } from '@app/contracts';
import { InjectPool, type Pool } from '@app/platform';
import { UserRepository } from '../../services/user-repository.js';
import { GetAuthUser } from './get-auth-user.query.js';

interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: TRole;
  payola_balance: number;
}

function toAuthUser(row: UserRow): TAuthUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    profileImageUrl: null,
    payolaBalance: row.payola_balance,
    foundingFanNumber: null,
    paymentCompleted: false,
    verified: false,
    kycCompleted: false,
    veriffStatus: null,
  };
}

@QueryHandler(GetAuthUser)
export class GetAuthUserHandler implements IQueryHandler<GetAuthUser> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(UserRepository) private readonly users: UserRepository,
  ) {}

  async execute({ userId }: GetAuthUser): Promise<TAuthUser | null> {
    const { rows } = await this.pool.query<UserRow>(
      'select id, email, first_name, last_name, role, payola_balance from identity_users where id = $1',
      [userId],
    );
    if (rows[0]) return toAuthUser(rows[0]);
    // The projection may lag a moment behind a brand-new account: the stream is the truth.
    const { state } = await this.users.load(userId);
    return state
      ? toAuthUser({
          id: state.id,
          email: state.email,
          first_name: state.firstName,
          last_name: state.lastName,
          role: state.role,
          payola_balance: 0,
        })
      : null;
  }
}
