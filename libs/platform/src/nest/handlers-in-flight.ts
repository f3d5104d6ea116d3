import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { finalize, type Observable } from 'rxjs';

/**
 * Counts the route handlers still running, so a process that stops waits for them before it closes its
 * PostgreSQL pool and Redis (PlatformModule). Closing the HTTP server is not enough: it waits for open
 * connections only, and a client that leaves (a closed tab, a load test that ends) takes its connection
 * with it while its handler runs on, which then met a closed pool ("Cannot use a pool after calling end
 * on the pool") and half-did its work. The api installs it as a global interceptor (create-api-app.ts).
 */
@Injectable()
export class HandlersInFlight implements NestInterceptor {
  private running = 0;
  private readonly waiting = new Set<() => void>();

  get count(): number {
    return this.running;
  }

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    this.running += 1;
    // finalize runs once, whether the handler answers, throws, or nobody is left to read its answer.
    return next.handle().pipe(finalize(() => this.finished()));
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

  private finished(): void {
    this.running -= 1;
    if (this.running > 0) return;
    for (const onIdle of [...this.waiting]) onIdle();
  }
}
