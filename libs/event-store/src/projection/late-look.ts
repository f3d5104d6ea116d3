/**
 * One look 50 ms after a wake-up: the commit that caused the wake-up may not have been visible yet, or
 * an older transaction still open held the head back. One pending covers every wake-up before it fires,
 * those merged into a pass or look already running too. What it calls must ask for no late look of its
 * own, or it would look again every 50 ms for good. A runner (consumer-runner.ts) and the wake-up
 * dispatcher (wakeup-dispatcher.ts) each keep one.
 */
export class LateLook {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly look: () => void,
    private readonly delayMs = 50,
  ) {}

  /** Schedules the look, unless one is pending. */
  request(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.look();
    }, this.delayMs);
    this.timer.unref();
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
