import { Inject, Injectable } from '@nestjs/common';
import { EventSourcedRepository } from '@app/event-store';
import { InjectPool, type Pool, type Queryable } from '@app/platform';
import { userStreamId } from '../../domain/user.js';
import {
  decideLift,
  decideSuspend,
  suspensionFold,
  type SuspensionCommand,
  type SuspensionState,
} from '../../domain/suspension.js';
import { SessionCache } from './session-cache.js';

/**
 * What a suspended member's session rows become: no passport user (so nothing is signed in on them),
 * only this mark, so the session middleware can answer their next write with the suspension message
 * rather than a puzzling CSRF or sign-in error (suspended-sessions.ts).
 */
export const SUSPENDED_SESSION_KEY = 'suspendedUserId';

/**
 * Suspends and lifts (the operators' console decides, identity records and enforces). A suspension
 * and the end of every session of the member commit in one transaction: no session outlives a
 * committed suspension, and a suspension that failed ended none. Concurrent suspensions of one member
 * conflict on the stream version; the retry sees the first and is refused, so the log holds one.
 */
@Injectable()
export class MemberSuspensions {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(SessionCache) private readonly cache: SessionCache,
  ) {}

  async state(userId: string): Promise<SuspensionState> {
    return (await this.repository.load(userStreamId(userId), suspensionFold)).state;
  }

  async suspend(command: SuspensionCommand, requestId?: string): Promise<void> {
    const ended = await this.repository.execute(
      userStreamId(command.userId),
      suspensionFold,
      async (state, tx) => ({ events: decideSuspend(state, command), result: await markSessions(tx, command.userId) }),
      { metadata: { actingUserId: command.operatorId, requestId } },
    );
    // This process forgets them at once; another api process within SESSION_CACHE_MS (session-cache.ts).
    this.cache.forget(ended.result);
  }

  async lift(command: SuspensionCommand, requestId?: string): Promise<void> {
    const forgotten = await this.repository.execute(
      userStreamId(command.userId),
      suspensionFold,
      async (state, tx) => ({ events: decideLift(state, command), result: await dropMarks(tx, command.userId) }),
      { metadata: { actingUserId: command.operatorId, requestId } },
    );
    this.cache.forget(forgotten.result);
  }
}

/** Signs the member out of every session, leaving the suspension mark in each; returns their ids. */
async function markSessions(tx: Queryable, userId: string): Promise<string[]> {
  const { rows } = await tx.query<{ sid: string }>(
    `update session set sess = json_build_object('cookie', sess->'cookie', '${SUSPENDED_SESSION_KEY}', $1::text)
     where (sess::jsonb #>> '{passport,user}') = $1 returning sid`,
    [userId],
  );
  return rows.map((row) => row.sid);
}

/** After a lift the marked sessions have nothing left to say: the member signs in again. */
async function dropMarks(tx: Queryable, userId: string): Promise<string[]> {
  const { rows } = await tx.query<{ sid: string }>(
    `delete from session where (sess->>'${SUSPENDED_SESSION_KEY}') = $1 returning sid`,
    [userId],
  );
  return rows.map((row) => row.sid);
}
