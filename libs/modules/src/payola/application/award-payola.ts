import { decideAndAppend, loadStream, type AppendResult, type Decided, type EventStore } from '@app/event-store';
import type { TEventMetadata } from '@app/contracts';
import type { Queryable } from '@app/platform';
import {
  decideAward,
  decideRefund,
  decideSpend,
  type RefundRequest,
  type SpendRequest,
  payolaAccountFold,
  payolaStreamId,
  type AmountFor,
  type AwardRequest,
  type PayolaAccountState,
  type AwardEvent,
  type PayolaEvent,
} from '../domain/payola-account.js';

export { payolaAccountFold, payolaStreamId };

/**
 * The decision step of every reward, for the event-sourced repository: the award rules decide, and
 * the (user, source) reservation row commits with the event, which lets the monthly job find who
 * still needs its grant with one query.
 */
export function awardDecision(request: AwardRequest, amountFor?: AmountFor) {
  return async (state: PayolaAccountState, tx: Queryable): Promise<Decided<AwardEvent, boolean>> => {
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
  award: AwardEvent['data'] | null;
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
  let award: AwardEvent['data'] | null = null;
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

export interface Spent<R> {
  spend: Extract<PayolaEvent, { type: 'PayolaSpent' }>['data'];
  /** The balance after the spend, as folded from the stream (the write side). */
  balance: number;
  appended: AppendResult;
  /** What the caller's claim step returned (the shop: the code it took). */
  claimed: R;
}

/**
 * A shop spend inside the caller's transaction: the fan's own spends are serialised by a transaction
 * lock on their stream's name (a burst of one fan's redemptions waits in line instead of colliding on
 * the expected version), the decision reads the balance folded from `payola-<userId>`, `claim` runs
 * between the decision and the append (the shop takes its code there, so a refused spend takes none),
 * and the append carries the stream's expected version: an award appended meanwhile by another
 * transaction makes it fail with StreamVersionConflictError, and the caller decides again.
 */
export async function spendPayola<R>(
  store: EventStore,
  db: Queryable,
  request: SpendRequest,
  claim: (tx: Queryable) => Promise<R>,
): Promise<Spent<R>> {
  const streamId = payolaStreamId(request.userId);
  await db.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [streamId]);
  let spent: Omit<Spent<R>, 'appended'> | null = null;
  const { appended } = await decideAndAppend(
    store,
    db,
    streamId,
    payolaAccountFold,
    async (state, tx) => {
      const events = decideSpend(state, request);
      const event = events[0];
      if (event?.type !== 'PayolaSpent') throw new Error(`redemption ${request.redemptionId} was already spent`);
      await tx.query('insert into payola_award_sources (user_id, source) values ($1, $2)', [
        request.userId,
        event.data.source,
      ]);
      const claimed = await claim(tx);
      spent = { spend: event.data, balance: state.balance - event.data.amount, claimed };
      return { events, result: null };
    },
    { actingUserId: request.userId, causationId: `redemption-${request.redemptionId}` },
  );
  if (!spent || !appended) throw new Error('a spend that was decided must have been appended');
  return { ...(spent as Omit<Spent<R>, 'appended'>), appended };
}

/**
 * Gives a redemption's Payola back inside the caller's transaction (an offer's withdrawal): once per
 * redemption, held by the fold (the refund's source) and by the (user, source) reservation row, which
 * a racing refund of the same redemption cannot insert twice. Null when it was already refunded.
 */
export async function refundPayola(
  store: EventStore,
  db: Queryable,
  request: RefundRequest,
  actingUserId: string,
): Promise<{ amount: number; appended: AppendResult } | null> {
  let amount = 0;
  const { appended } = await decideAndAppend(
    store,
    db,
    payolaStreamId(request.userId),
    payolaAccountFold,
    async (state, tx) => {
      const events = decideRefund(state, request);
      const event = events[0];
      if (event?.type !== 'PayolaRefunded') return { events: [], result: null };
      const { rowCount } = await tx.query(
        'insert into payola_award_sources (user_id, source) values ($1, $2) on conflict do nothing',
        [request.userId, event.data.source],
      );
      if (rowCount === 0) return { events: [], result: null };
      amount = event.data.amount;
      return { events, result: null };
    },
    { actingUserId, causationId: `redemption-${request.redemptionId}` },
  );
  return appended ? { amount, appended } : null;
}

/** The balance folded from the fan's stream (what a spend decides on), for answers that show it. */
export async function payolaBalanceOf(store: EventStore, db: Queryable, userId: string): Promise<number> {
  const { state } = await loadStream(store, db, payolaStreamId(userId), payolaAccountFold);
  return state.balance;
}
