import { Query } from '@nestjs/cqrs';

/** Who signs in: the signed-in user as the session keeps it. */
export interface SessionUser {
  id: string;
}

/** Whose account an email and password open, if any (the login's check). */
export class CheckCredentials extends Query<SessionUser | null> {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}
