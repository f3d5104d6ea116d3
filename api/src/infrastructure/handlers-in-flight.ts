/** How long a stopping api waits for its running handlers before it closes its pools anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Counts the route handlers still running, so a stopping api waits for them before Nest's shutdown hooks
 * close its PostgreSQL pool, Redis and queues (RouteTreeAdapter.close). Closing the HTTP server is not
 * enough: it waits for open connections only, and a client that leaves (a closed tab, a load test that
 * ends) takes its connection with it while its handler runs on, which then met a closed pool ("Cannot use
 * a pool after calling end on the pool") and half-did its work. The api's router counts every route it
 * runs, from its guards to its answer: a Nest interceptor would have put RxJS into every request (+26% api
 * CPU a profile read, 6 interleaved rounds; docs/performance.md, 2026-11-29).
 */
export class HandlersInFlight {
  private running = 0;
  private readonly waiting = new Set<() => void>();

  get count(): number {
    return this.running;
  }

  /** A handler starts; `end` follows once it is done, whether it answered, failed, or nobody was left to read it. */
  begin(): void {
    this.running += 1;
  }

  end(): void {
    this.running -= 1;
    if (this.running > 0) return;
    for (const onIdle of [...this.waiting]) onIdle();
  }

  /** Resolves true once no handler runs, or false after `timeoutMs` with some still running. */
  settled(timeoutMs: number): Promise<boolean> {
    if (this.running === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (settled: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(onIdle);
        resolve(settled);
      };
      const onIdle = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.waiting.add(onIdle);
    });
  }
}
