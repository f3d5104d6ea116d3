import { decideAndAppend, loadStream, type AppendResult, type Decided, type EventStore } from '@app/event-store';
import type { TEventMetadata } from '@app/contracts';
import type { Queryable } from '@app/platform';
import {
  decideAward,
  spendSource,
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
 * The SQL expression that takes the transaction lock on a Payola stream (`$n` is the stream's name,
 * `payolaStreamId(userId)`): one fan's spends wait in line on it. For a caller that takes it in a
 * statement it runs anyway (the shop, with the offer's terms) and then passes `streamLocked` to spendPayola.
 */
export function payolaStreamLockSql(streamIdParam: string): string {
  return `pg_advisory_xact_lock(hashtextextended(${streamIdParam}, 0))`;
}

/**
 * What the caller of a spend takes in the spend state's own statement (the shop: its code), to save a
 * round trip: a data-modifying CTE (`sql(first)`, its parameters numbered from `$first`) whose first row
 * comes back as JSON, or null. It runs before the decision, so it must not wait on anything (`skip
 * locked`) and must be undone by the rollback that follows any refusal.
 */
export interface ClaimInStatement {
  sql(first: number): string;
  params: readonly unknown[];
}

/**
 * What a spend decides on, read in one statement (the whole fold is not needed): the stream's version,
 * the balance (awards - spends + refunds, the fold's `balance`), the spends of this offer (the fold's
 * `redemptionsByOffer`) and whether this spend's source is there (`awardedSources`), from the one
 * snapshot, so the version and the sums agree. The spend's source is reserved in the same statement
 * (a refusal rolls the caller's transaction back, and the reservation with it), and the caller's claim
 * taken, if any. spend-state.int.spec.ts checks these figures against the fold's on streams of every
 * kind of event.
 */
export async function spendStateOf(
  db: Queryable,
  request: Pick<SpendRequest, 'userId' | 'offerId'>,
  reserve: string | null,
  claim?: ClaimInStatement,
): Promise<{ state: PayolaAccountState; version: number; claimed: unknown }> {
  const params: unknown[] = [
    payolaStreamId(request.userId),
    request.offerId,
    reserve,
    request.userId,
    payolaAccountFold.eventTypes,
  ];
  const claimed = claim ? `, claimed as (${claim.sql(params.length + 1)})` : '';
  if (claim) params.push(...claim.params);
  const { rows } = await db.query<{
    version: number;
    balance: number;
    redeemed: number;
    spent: boolean;
    claimed: unknown;
  }>(
    `with reserved as (
       insert into payola_award_sources (user_id, source) select $4, $3 where $3::text is not null returning 1
     )${claimed}
     select coalesce((select version from streams where stream_id = $1), 0)::int as version,
            coalesce(sum(case when type = 'PayolaSpent' then -(data ->> 'amount')::int
                              else (data ->> 'amount')::int end), 0)::int as balance,
            (count(*) filter (where type = 'PayolaSpent' and data ->> 'offerId' = $2))::int as redeemed,
            coalesce(bool_or(data ->> 'source' = $3), false) as spent,
            ${claim ? '(select row_to_json(c) from claimed c limit 1)' : 'null::json'} as claimed
     from events where stream_id = $1 and type = any($5::text[])`,
    params,
  );
  // An aggregate without group by answers one row, whatever the stream holds.
  const row = rows[0] ?? { version: 0, balance: 0, redeemed: 0, spent: false, claimed: null };
  const state: PayolaAccountState = {
    ...payolaAccountFold.initialState(),
    balance: row.balance,
    redemptionsByOffer: new Map([[request.offerId, row.redeemed]]),
    awardedSources: new Set(row.spent && reserve ? [reserve] : []),
  };
  return { state, version: row.version, claimed: row.claimed };
}

/**
 * A shop spend inside the caller's transaction: the fan's own spends are serialised by a transaction
 * lock on their stream's name (a burst of one fan's redemptions waits in line instead of colliding on
 * the expected version; taken here, or by the caller with payolaStreamLockSql when `streamLocked`), the
 * decision reads what it needs of `payola-<userId>` after the lock (spendStateOf, which may take the
 * caller's `claimInStatement` too), `claim` runs after the decision (given what the statement claimed,
 * or null: the shop takes its code there; a refused spend rolls back, so it keeps none), and the append
 * carries the stream's expected version: an award appended meanwhile by another transaction makes it
 * fail with StreamVersionConflictError, and the caller decides again.
 */
export async function spendPayola<R>(
  store: EventStore,
  db: Queryable,
  request: SpendRequest,
  claim: (tx: Queryable, claimedInStatement: unknown) => Promise<R>,
  options: { streamLocked?: boolean; claimInStatement?: ClaimInStatement } = {},
): Promise<Spent<R>> {
  const streamId = payolaStreamId(request.userId);
  if (!options.streamLocked) await db.query(`select ${payolaStreamLockSql('$1')}`, [streamId]);
  const source = spendSource(request.redemptionId);
  // The lock is held: this statement's snapshot sees every spend committed before it.
  const { state, version, claimed: inStatement } = await spendStateOf(db, request, source, options.claimInStatement);
  const events = decideSpend(state, request);
  const event = events[0];
  if (event?.type !== 'PayolaSpent') throw new Error(`redemption ${request.redemptionId} was already spent`);
  const claimed = await claim(db, inStatement);
  const appended = await store.append(
    streamId,
    version === 0 ? 'no_stream' : version,
    [{ ...event, metadata: { actingUserId: request.userId, causationId: `redemption-${request.redemptionId}` } }],
    { client: db },
  );
  return { spend: event.data, balance: state.balance - event.data.amount, claimed, appended };
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
