import { Inject, Injectable } from '@nestjs/common';
import { InjectPool, type Pool } from '@app/platform';
import { SessionCache } from './session-cache.js';

/** A user's sign-ins (rows of the session store), ended when their password changes. */
@Injectable()
export class UserSessions {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(SessionCache) private readonly cache: SessionCache,
  ) {}

  /** Signs the user out everywhere, except the session `keep` (the one that changed the password). */
  async endAll(userId: string, keep?: string): Promise<void> {
    const ended = await this.pool.query<{ sid: string }>(
      `delete from session where (sess::jsonb #>> '{passport,user}') = $1 and sid is distinct from $2 returning sid`,
      [userId, keep ?? null],
    );
    this.cache.forget(ended.rows.map((row) => row.sid));
  }
}
