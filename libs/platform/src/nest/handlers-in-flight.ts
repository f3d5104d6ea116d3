import { Injectable } from '@nestjs/common';

/**
 * Counts the route handlers still running, so a process that stops waits for them before it closes its
 * PostgreSQL pool and Redis (PlatformModule). Closing the HTTP server is not enough: it waits for open
 * connections only, and a client that leaves (a closed tab, a load test that ends) takes its connection
 * with it while its handler runs on, which then met a closed pool ("Cannot use a pool after calling end
 * on the pool") and half-did its work. The api's router counts every route it runs, from its guards to
 * its answer (api/src/infrastructure/route-tree-adapter.ts): a Nest interceptor would have put RxJS into
 * every request (+26% api CPU a profile read, 6 interleaved rounds; docs/performance.md, 2026-11-29).
 */
@Injectable()
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
