import { Inject, Injectable } from '@nestjs/common';
import { EventStore, type AppendResult } from '@app/event-store';
import { InjectPool, type Pool, type Queryable } from '@app/platform';
import type { TEventMetadata } from '@app/contracts';
import { normalizeEmail, rebuild, userStreamId, type UserEvent, type UserState } from '../../domain/user.js';

export interface LoadedUser {
  state: UserState | null;
  version: number;
}

/** Loads a user from their stream and appends their decisions with optimistic concurrency. */
@Injectable()
export class UserRepository {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @InjectPool() private readonly pool: Pool,
  ) {}

  async load(userId: string): Promise<LoadedUser> {
    const events = await this.store.readStream(userStreamId(userId));
    const version = events.length ? events[events.length - 1]!.streamVersion : 0;
    return { state: rebuild(events as unknown as UserEvent[]), version };
  }

  async findUserIdByEmail(email: string, db: Queryable = this.pool): Promise<string | null> {
    const { rows } = await db.query<{ user_id: string }>(
      'select user_id from email_reservations where email_normalized = $1',
      [normalizeEmail(email)],
    );
    return rows[0]?.user_id ?? null;
  }

  append(
    userId: string,
    expectedVersion: number | 'no_stream',
    events: readonly UserEvent[],
    metadata: TEventMetadata,
    client?: Queryable,
  ): Promise<AppendResult> {
    return this.store.append(
      userStreamId(userId),
      expectedVersion,
      events.map((event) => ({ ...event, metadata })),
      { client },
    );
  }

  notifyAppended(result: AppendResult): void {
    this.store.notifyAppended(result);
  }
}
