import { SecondFactor } from '../application/second-factor.js';
import { hasPassedSecondFactor, signedInUserId } from './ops-session.js';

/** What the access check needs of the Nest application: its providers. */
export interface ProviderLookup {
  get<T>(type: new (...args: never[]) => T, options?: { strict: boolean }): T;
}

/**
 * Whether a request may use the operators' console outside Nest's routes (the queue dashboard at
 * /ops/queues is Express middleware, where guards never run): the signed-in user is an operator and
 * this session passed the second factor, the same rule as OperatorGuard for every /api/ops route
 * but the second-factor ones. The request must have passed the session middleware.
 */
export function operatorConsoleAccess(app: ProviderLookup): (request: unknown) => Promise<boolean> {
  const secondFactor = app.get(SecondFactor, { strict: false });
  return async (request) => {
    const userId = signedInUserId(request);
    if (!userId) return false;
    const { state } = await secondFactor.state(userId);
    return state.operator && state.enrolled && hasPassedSecondFactor(request, userId, state.grants);
  };
}
