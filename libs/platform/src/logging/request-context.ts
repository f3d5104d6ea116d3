import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the HTTP request whose work is running now: the api sets it per request, the worker per
 * event or job that a request caused. Loggers add it to every line, the event store to the metadata of
 * every event appended, and staged emails carry it to the worker, so one id follows a request through
 * the api, the log, the worker and their logs.
 */
const current = new AsyncLocalStorage<string | undefined>();

/** What an incoming `X-Request-Id` may be: ids from proxies and tracers, nothing that could forge a log line. */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:=+/-]{0,127}$/;

export const requestContext = {
  /** Runs `work` on behalf of `requestId` (undefined: on behalf of no request, even inside one). */
  run<T>(requestId: string | undefined, work: () => T): T {
    return current.run(requestId, work);
  },
  requestId(): string | undefined {
    return current.getStore();
  },
};

/** The incoming header's value when it is a plausible request id, else undefined (a new one is made). */
export function acceptedRequestId(header: unknown): string | undefined {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : undefined;
}
