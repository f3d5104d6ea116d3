import pg from 'pg';
import type { Logger, Pool } from '@app/platform';
import { formatLogPosition } from '../log-position.js';
import { ensureCheckpoint, lockCheckpoint, saveCheckpoint } from './checkpoints.js';
import type { LogConsumer } from './log-consumer.js';
import { projectBatch } from './project-batch.js';

export interface ConsumerRunnerOptions {
  databaseUrl: string;
  batchSize: number;
  pollIntervalMs: number;
  logger: Logger;
  /** How often a standby instance tries to take over ownership. */
  ownershipRetryMs?: number;
  /** Called after a batch that handled events has committed (a reactor's appends wake the others). */
  afterCommit?: (handled: number) => void;
}

/**
 * Keeps one log consumer up to date. Several worker replicas may run the same consumer: a
 * PostgreSQL session advisory lock makes one of them the owner, and the others stand by until that
 * owner's connection goes away. The checkpoint row lock makes even a second owner harmless.
 */
export class ConsumerRunner {
  private ownerConnection: pg.Client | null = null;
  private running: Promise<void> | null = null;
  private rerunRequested = false;
  private stopped = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private ownershipTimer: NodeJS.Timeout | null = null;
  private trailingTimer: NodeJS.Timeout | null = null;
  private checkpointReady = false;

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
    this.pollTimer = setInterval(() => this.poke(), this.options.pollIntervalMs);
    this.pollTimer.unref();
  }

  /** Asks for a catch-up pass soon; cheap to call often (calls during a pass merge into one more pass). */
  poke(): void {
    if (this.stopped || !this.owned) return;
    if (this.running) {
      this.rerunRequested = true;
      return;
    }
    this.running = this.catchUpLoop().finally(() => {
      this.running = null;
    });
    // A wake-up can race with the commit that caused it; one late look closes that window cheaply.
    if (!this.trailingTimer) {
      this.trailingTimer = setTimeout(() => {
        this.trailingTimer = null;
        if (!this.running) this.poke();
      }, 50);
      this.trailingTimer.unref();
    }
  }

  /** Processes batches until the consumer has reached the head of the log. */
  async catchUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const { moved, handled } = await this.processBatch();
      total += handled;
      if (!moved || this.stopped) return total;
    }
  }

  /** One transaction: lock the checkpoint, handle the next batch, move the checkpoint. */
  async processBatch(): Promise<{ moved: boolean; handled: number }> {
    if (!this.checkpointReady) {
      await ensureCheckpoint(this.pool, this.consumer.name);
      this.checkpointReady = true;
    }
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const from = await lockCheckpoint(client, this.consumer.name);
      const result = await projectBatch(client, this.consumer, from, { limit: this.options.batchSize });
      if (!result.moved) {
        await client.query('ROLLBACK');
        return { moved: false, handled: 0 };
      }
      await saveCheckpoint(client, this.consumer.name, result.next, result.handled);
      await client.query('COMMIT');
      if (result.handled > 0) this.options.afterCommit?.(result.handled);
      if (result.handled > 0) {
        this.options.logger.debug(
          {
            consumer: this.consumer.name,
            handled: result.handled,
            position: formatLogPosition(result.next),
            requestIds: result.requestIds,
          },
          'projected batch',
        );
      }
      return { moved: true, handled: result.handled };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Finishes the batch in flight, then releases ownership. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of [this.pollTimer, this.trailingTimer]) if (timer) clearTimeout(timer);
    if (this.ownershipTimer) clearTimeout(this.ownershipTimer);
    await this.running;
    await this.releaseOwnership();
  }

  private async catchUpLoop(): Promise<void> {
    do {
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
