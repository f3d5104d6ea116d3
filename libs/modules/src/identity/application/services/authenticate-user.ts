import { Inject, Injectable } from '@nestjs/common';
import { PasswordHasher } from './password-hasher.js';
import { UserRepository } from './user-repository.js';

export interface SessionUser {
  id: string;
}

/** Checks an email and password. Unknown emails and wrong passwords take the same path and time. */
@Injectable()
export class AuthenticateUser {
  constructor(
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
  ) {}

  async execute(email: string, password: string): Promise<SessionUser | null> {
    const userId = await this.users.findUserIdByEmail(email);
    const state = userId ? (await this.users.load(userId)).state : null;
    const ok = await this.hasher.verify(state?.passwordHash ?? null, password);
    return ok && state ? { id: state.id } : null;
  }
}
