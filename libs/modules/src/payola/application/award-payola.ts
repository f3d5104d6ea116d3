import { decideAndAppend, type AppendResult, type Decided, type EventStore } from '@app/event-store';
import type { TEventMetadata } from '@app/contracts';
import type { Queryable } from '@app/platform';
import {
  decideAward,
  payolaAccountFold,
  payolaStreamId,
  type AmountFor,
  type AwardRequest,
  type PayolaAccountState,
  type PayolaEvent,
} from '../domain/payola-account.js';

export { payolaAccountFold, payolaStreamId };

/**
 * The decision step of every reward, for the event-sourced repository: the award rules decide, and
 * the (user, source) reservation row commits with the event, which lets the monthly job find who
 * still needs its grant with one query.
 */
export function awardDecision(request: AwardRequest, amountFor?: AmountFor) {
  return async (state: PayolaAccountState, tx: Queryable): Promise<Decided<PayolaEvent, boolean>> => {
    const events = decideAward(state, request, amountFor);
    if (events.length > 0) {
      await tx.query('insert into payola_award_sources (user_id, source) values ($1, $2) on conflict do nothing', [
        request.userId,
        request.source,
      ]);
    }
    return { events, result: events.length > 0 };
  };
}

export function awardMetadata(request: AwardRequest): TEventMetadata {
  return { actingUserId: request.userId, causationId: request.source };
}

export interface Awarded {
  /** The award as recorded, or null when this source had already paid or the rule pays 0 here. */
  award: PayolaEvent['data'] | null;
  appended: AppendResult | null;
}

/**
 * The one way a reward is paid (ADR 0003): inside the transaction of the command that earned it, with
 * that command's own events, so both commit or neither. Each (user, source) pays at most once,
 * decided against the user's Payola stream with its expected version. The caller notifies the
 * projectors after its commit.
 */
export async function awardPayola(
  store: EventStore,
  db: Queryable,
  request: AwardRequest,
  amountFor?: AmountFor,
): Promise<Awarded> {
  let award: PayolaEvent['data'] | null = null;
  const decide = awardDecision(request, amountFor);
  const { appended } = await decideAndAppend(
    store,
    db,
    payolaStreamId(request.userId),
    payolaAccountFold,
    async (state, tx) => {
      const decided = await decide(state, tx);
      award = decided.events[0]?.data ?? null;
      return decided;
    },
    awardMetadata(request),
  );
  return { award, appended };
}
