import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SecondFactor } from '../../second-factor.js';
import { hasPassedSecondFactor, signedInUserId } from '../../../http/ops-session.js';
import { IsOperatorSession } from './is-operator-session.query.js';

@QueryHandler(IsOperatorSession)
export class IsOperatorSessionHandler implements IQueryHandler<IsOperatorSession> {
  constructor(@Inject(SecondFactor) private readonly secondFactor: SecondFactor) {}

  async execute({ request }: IsOperatorSession): Promise<boolean> {
    const userId = signedInUserId(request);
    if (!userId) return false;
    const { state } = await this.secondFactor.state(userId);
    return state.operator && state.enrolled && hasPassedSecondFactor(request, userId, state.grants);
  }
}
