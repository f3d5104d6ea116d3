import { Injectable } from '@nestjs/common';
import { InjectPool, type Pool, type Queryable } from '@app/platform';
import type { KycProviderName } from '../../domain/kyc.js';

/**
 * The identity check's own table of sessions (kyc_sessions): how a decision webhook finds its user,
 * and where the widget's url is kept for a session that is continued.
 */
@Injectable()
export class KycSessions {
  constructor(@InjectPool() private readonly pool: Pool) {}

  /** In the transaction that appends KycSessionStarted: the row and the event commit together. */
  async record(
    tx: Queryable,
    session: { sessionId: string; userId: string; provider: KycProviderName; url: string | null },
  ): Promise<void> {
    await tx.query('insert into kyc_sessions (session_id, user_id, provider, url) values ($1, $2, $3, $4)', [
      session.sessionId,
      session.userId,
      session.provider,
      session.url,
    ]);
  }

  /** The widget url of one of the user's sessions; undefined when the user has no such session. */
  async url(sessionId: string, userId: string): Promise<string | null | undefined> {
    const { rows } = await this.pool.query<{ url: string | null }>(
      'select url from kyc_sessions where session_id = $1 and user_id = $2',
      [sessionId, userId],
    );
    return rows[0]?.url;
  }

  async userOf(sessionId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      'select user_id from kyc_sessions where session_id = $1',
      [sessionId],
    );
    return rows[0]?.user_id ?? null;
  }

  async latestSessionId(userId: string, provider: KycProviderName): Promise<string | null> {
    const { rows } = await this.pool.query<{ session_id: string }>(
      `select session_id from kyc_sessions where user_id = $1 and provider = $2
       order by created_at desc limit 1`,
      [userId, provider],
    );
    return rows[0]?.session_id ?? null;
  }
}
