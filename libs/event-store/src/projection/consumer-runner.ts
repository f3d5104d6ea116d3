import pg from 'pg';
import type { Logger, Pool } from '@app/platform';
import { readBatchToHead } from '../event-store.js';
import { compareLogPositions, formatLogPosition, type LogPosition } from '../log-position.js';
import {
  beginBatchSql,
  ensureCheckpoint,
  moveCheckpointAndCommitSql,
  readCheckpoint,
  skipCheckpoint,
} from './checkpoints.js';
import { settle, type LogConsumer } from './log-consumer.js';
import {
  openProjectionTransaction,
  openProjectionTransactionIds,
  PROJECTION_BATCH_SQL,
} from './open-projection-transactions.js';
import { LateLook } from './late-look.js';
import { requestIdsOf } from './project-batch.js';

export interface ConsumerRunnerOptions {
  databaseUrl: string;
  batchSize: number;
  pollIntervalMs: number;
  logger: Logger;
  /** How often a standby instance tries to take over ownership. */
  ownershipRetryMs?: number;
  /**
   * The least time between the starts of two passes. Under steady traffic every append wakes every
   * consumer; spacing the passes lets a pass take what arrived meanwhile as one batch instead of many.
   */
  minPassIntervalMs?: number;
  /** Called after a batch that handled events has committed (a reactor's appends wake the others). */
  afterCommit?: (handled: number) => void;
}

/**
 * Keeps one log consumer up to date. Several worker replicas may run the same consumer: a
 * PostgreSQL session advisory lock makes one of them the owner, and the others stand by until that
 * owner's connection goes away. The checkpoint's transaction lock makes even a second owner harmless.
 */
export class ConsumerRunner {
  private ownerConnection: pg.Client | null = null;
  private running: Promise<void> | null = null;
  private rerunRequested = false;
  private stopped = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private ownershipTimer: NodeJS.Timeout | null = null;
  private readonly lateLook = new LateLook(() => this.requestPass(false));
  private spacingTimer: NodeJS.Timeout | null = null;
  private lastPassStartedAt = 0;
  private checkpointReady = false;
  /** Where the checkpoint stands, as this runner last read or moved it; null: read it again. */
  private position: LogPosition | null = null;

  constructor(
    private readonly pool: Pool,
    readonly consumer: LogConsumer,
    private readonly options: ConsumerRunnerOptions,
  ) {}

  get owned(): boolean {
    return this.ownerConnection !== null;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.tryTakeOwnership();
    // A poll is not a wake-up: no commit raced it, so no late look after it.
    this.pollTimer = setInterval(() => this.requestPass(false), this.options.pollIntervalMs);
    this.pollTimer.unref();
  }

  /** Asks for a catch-up pass soon; cheap to call often (calls during a pass merge into one more pass). */
  poke(): void {
    this.requestPass(true);
  }

  /**
   * A wake-up can race with the commit that caused it: it gets a late look (late-look.ts). Only a
   * wake-up: the late look itself does not, or every runner would look again every 50 ms for as long as
   * it ran (20 reads a second each, with nothing appended).
   */
  private requestPass(withLateLook: boolean): void {
    if (this.stopped || !this.owned) return;
    if (withLateLook) this.lateLook.request();
    if (this.running || this.spacingTimer) {
      this.rerunRequested = true;
      return;
    }
    const wait = this.untilNextPass();
    if (wait > 0) {
      this.spacingTimer = setTimeout(() => {
        this.spacingTimer = null;
        this.requestPass(false);
      }, wait);
      this.spacingTimer.unref();
      return;
    }
    this.running = this.catchUpLoop().finally(() => {
      this.running = null;
    });
  }

  /**
   * Processes batches until the consumer has reached the head of the log as its last read saw it. A step
   * that ends at that head is the last: another read would only find what was appended since, and each
   * append wakes the runner again (poke). That read was one statement per pass of every runner, most of
   * them finding nothing (docs/performance.md, real lag).
   */
  async catchUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const { moved, handled, atHead } = await this.processBatch();
      total += handled;
      if (!moved || atHead || this.stopped) return total;
    }
  }

  /**
   * One pass step. The read (the head and the next events of the consumer's types, one statement) runs
   * outside any transaction. Events are handled in one transaction with the checkpoint's move: its lock
   * and where it stands (with BEGIN, one round trip; the lock waits while a replay swaps or a verify
   * compares), the handler, then the move with COMMIT (one round trip). A step that finds only other
   * types moves the checkpoint with one statement.
   *
   * The checkpoint is kept in memory between steps (this runner owns the consumer); a batch that finds it
   * elsewhere under the lock (a second instance, a replay) rolls back before handling anything, and the
   * next step reads it again.
   */
  async processBatch(): Promise<{ moved: boolean; handled: number; atHead: boolean }> {
    const name = this.consumer.name;
    if (!this.checkpointReady) {
      await ensureCheckpoint(this.pool, name);
      this.checkpointReady = true;
    }
    const from = (this.position ??= await readCheckpoint(this.pool, name));
    const limit = this.options.batchSize;
    const { head, events } = await readBatchToHead(this.pool, from, {
      limit,
      types: this.consumer.eventTypes,
      passOver: openProjectionTransactionIds(),
    });
    if (compareLogPositions(head, from) <= 0) return { moved: false, handled: 0, atHead: true };
    // A full batch may have more behind it; a partial one means everything up to the head is done.
    const last = events.length === limit ? events.at(-1) : undefined;
    const next = last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : head;

    if (events.length === 0) {
      const moved = await skipCheckpoint(this.pool, name, from, next);
      this.position = moved ? next : null;
      return { moved: true, handled: 0, atHead: moved };
    }

    const client = await this.pool.connect();
    let ended = (): unknown => undefined;
    try {
      // A projection's rows and checkpoint are derived and move together: a crash that loses its last
      // commits (asynchronous commit) rolls both back, and the runner applies those events again. Not
      // waiting for the disk leaves the WAL flushes to the appends. A reactor's effects wait for it.
      // A projection's batch takes its xid at once and tells this process's readers to pass over it: it
      // cannot append (open-projection-transactions.ts).
      const projection = this.consumer.kind === 'projection';
      const setup = projection ? ['set local synchronous_commit to off', PROJECTION_BATCH_SQL] : [];
      const results = (await client.query(beginBatchSql(name, setup, projection))) as unknown as pg.QueryResult<{
        transaction_id: string;
        global_position: number;
        xid?: string;
      }>[];
      const stands = results.at(-1)?.rows[0];
      if (projection) {
        if (!stands?.xid) throw new Error(`${name}: the batch's transaction got no id`);
        ended = openProjectionTransaction(stands.xid);
      }
      // Moved since this runner read it (a replay's swap, another instance): read it again next step.
      if (
        !stands ||
        compareLogPositions({ transactionId: stands.transaction_id, globalPosition: stands.global_position }, from) !==
          0
      ) {
        await client.query('ROLLBACK');
        this.position = null;
        return { moved: true, handled: 0, atHead: false };
      }
      // The checkpoint's move and COMMIT go behind the handler's last writes, in their round trip.
      const tail = await this.consumer.handle(events, client);
      await settle(tail, client.query(moveCheckpointAndCommitSql(name, next, events.length)));
      this.position = next;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      this.position = null;
      throw error;
    } finally {
      ended();
      client.release();
    }
    this.options.afterCommit?.(events.length);
    this.options.logger.debug(
      { consumer: name, handled: events.length, position: formatLogPosition(next), requestIds: requestIdsOf(events) },
      'projected batch',
    );
    // A partial batch ended at the head this read saw; a full one may have more behind it.
    return { moved: true, handled: events.length, atHead: !last };
  }

  /** Finishes the batch in flight, then releases ownership. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of [this.pollTimer, this.spacingTimer]) if (timer) clearTimeout(timer);
    this.lateLook.cancel();
    if (this.ownershipTimer) clearTimeout(this.ownershipTimer);
    await this.running;
    await this.releaseOwnership();
  }

  private untilNextPass(): number {
    return this.lastPassStartedAt + (this.options.minPassIntervalMs ?? 0) - performance.now();
  }

  private async catchUpLoop(): Promise<void> {
    do {
      const wait = this.untilNextPass();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.lastPassStartedAt = performance.now();
      this.rerunRequested = false;
      try {
        await this.catchUp();
      } catch (error) {
        this.options.logger.error({ err: error, consumer: this.consumer.name }, 'projection batch failed; will retry');
        return;
      }
    } while (this.rerunRequested && !this.stopped);
  }

  private async tryTakeOwnership(): Promise<void> {
    if (this.stopped) return;
    const connection = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: `owner:${this.consumer.name}`,
    });
    try {
      await connection.connect();
      const { rows } = await connection.query<{ owned: boolean }>(
        "select pg_try_advisory_lock(hashtextextended('log-consumer:' || $1, 0)) as owned",
        [this.consumer.name],
      );
      // stop() may have run while we were connecting: keeping the lock would block every other instance.
      if (rows[0]?.owned && !this.stopped) {
        this.ownerConnection = connection;
        // Losing the connection loses the lock: stand by and try again.
        connection.on('error', () => this.loseOwnership());
        connection.on('end', () => this.loseOwnership());
        this.options.logger.info({ consumer: this.consumer.name }, 'owning log consumer');
        this.poke();
        return;
      }
      await connection.end();
    } catch (error) {
      this.options.logger.warn({ err: error, consumer: this.consumer.name }, 'could not contend for ownership');
      await connection.end().catch(() => undefined);
    }
    this.scheduleOwnershipRetry();
  }

  private loseOwnership(): void {
    if (!this.ownerConnection) return;
    this.ownerConnection = null;
    if (!this.stopped) {
      this.options.logger.warn({ consumer: this.consumer.name }, 'lost ownership of log consumer');
      this.scheduleOwnershipRetry();
    }
  }

  private scheduleOwnershipRetry(): void {
    if (this.stopped) return;
    this.ownershipTimer = setTimeout(() => void this.tryTakeOwnership(), this.options.ownershipRetryMs ?? 2000);
    this.ownershipTimer.unref();
  }

  private async releaseOwnership(): Promise<void> {
    const connection = this.ownerConnection;
    this.ownerConnection = null;
    if (connection) await connection.end().catch(() => undefined);
  }
}
