import { Query } from '@nestjs/cqrs';

/**
 * For another module's route that an operator may use beyond a member (the Payola shop's platform
 * offers, withdrawing any offer): whether this request's session is an operator's that passed the
 * second factor, the same rule as OperatorGuard. A member gets false, never an error.
 */
export class IsOperatorSession extends Query<boolean> {
  constructor(readonly request: unknown) {
    super();
  }
}
