import type { Pool } from '@app/platform';
import { readTypesToHead } from '../event-store.js';
import { LOG_START, type LogPosition } from '../log-position.js';
import type { ConsumerRunner } from './consumer-runner.js';
import { LateLook } from './late-look.js';
import { openProjectionTransactionIds } from './open-projection-transactions.js';

type Wakeable = Pick<ConsumerRunner, 'consumer' | 'poke'>;

export interface WakeupDispatcherOptions {
  /** More new events than this since the last look: every runner is woken, not looked through. */
  scanLimit?: number;
  /** How soon a runner that an append did not concern is woken anyway (its checkpoint then passes it). */
  sweepMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Wakes the runners that an append concerns, not all of them. Every wake-up (an append anywhere, a
 * reactor's commit) made each runner read the log; most found none of their types and only moved their
 * checkpoint, and at 500 events/s those reads were most of the database's statements (~1,500 a second
 * for 15 runners) and held everyone's batches back. Here one read per wake-up finds which types came
 * since the last one (readTypesToHead, with the runners' horizon), and wakes at once the runners that
 * have one of them, and those of every type. The others are woken by a sweep within `sweepMs`, so their
 * checkpoints still pass the new events soon (a read-your-writes wait names them too), at a tenth of the
 * rate. It only decides who reads now: each runner still reads for itself, and polls on its own.
 */
export class WakeupDispatcher {
  private position: LogPosition | null = null;
  private running: Promise<void> | null = null;
  private rerunRequested = false;
  private readonly lateLook = new LateLook(() => this.requestLook(false));
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly unswept = new Set<Wakeable>();
  private stopped = false;

  constructor(
    private readonly pool: Pool,
    private readonly runners: readonly Wakeable[],
    private readonly options: WakeupDispatcherOptions = {},
  ) {}

  /** Something was appended: cheap to call often (calls during a look merge into one more look). */
  wake(): void {
    this.requestLook(true);
  }

  /** As a runner does (consumer-runner.ts): a wake-up gets a late look (late-look.ts), the late look none. */
  private requestLook(withLateLook: boolean): void {
    if (this.stopped) return;
    if (withLateLook) this.lateLook.request();
    if (this.running) {
      this.rerunRequested = true;
      return;
    }
    this.running = this.lookLoop().finally(() => {
      this.running = null;
    });
  }

  /** Settles the look in flight and cancels the timers. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.lateLook.cancel();
    await this.running;
  }

  private async lookLoop(): Promise<void> {
    do {
      this.rerunRequested = false;
      try {
        await this.look();
      } catch (error) {
        // The database is away: wake everyone, whose own reads and polls deal with it.
        for (const runner of this.runners) runner.poke();
        this.options.onError?.(error);
        return;
      }
    } while (this.rerunRequested && !this.stopped);
  }

  private async look(): Promise<void> {
    if (!this.position) {
      // The first look knows nothing of what came before: everyone reads.
      const { head } = await readTypesToHead(this.pool, LOG_START, {
        limit: 0,
        passOver: openProjectionTransactionIds(),
      });
      for (const runner of this.runners) runner.poke();
      this.position = head;
      return;
    }
    const { head, types } = await readTypesToHead(this.pool, this.position, {
      limit: this.options.scanLimit ?? 1000,
      passOver: openProjectionTransactionIds(),
    });
    if (types !== null && types.length === 0) return;
    const arrived = types && new Set(types);
    for (const runner of this.runners) {
      const wanted = runner.consumer.eventTypes;
      if (!arrived || !wanted || wanted.some((type) => arrived.has(type))) {
        runner.poke();
        this.unswept.delete(runner);
      } else {
        this.unswept.add(runner);
      }
    }
    this.position = head;
    this.scheduleSweep();
  }

  private scheduleSweep(): void {
    if (this.sweepTimer || this.unswept.size === 0) return;
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = null;
      if (this.stopped) return;
      for (const runner of this.unswept) runner.poke();
      this.unswept.clear();
    }, this.options.sweepMs ?? 100);
    this.sweepTimer.unref();
  }
}
