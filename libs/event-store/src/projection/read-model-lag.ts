import { AsyncLocalStorage } from 'node:async_hooks';

type LagListener = (behind: readonly string[]) => void;

/**
 * What one request waited for and did not get: the read models that had not yet shown its write
 * when the bounded wait ran out. The write itself is durable (it committed); only its reflection in
 * those read models is late. The api listens per request and tells the client, so nothing pretends
 * to be caught up when it is not (api/src/infrastructure/read-model-lag-header.ts).
 */
const requests = new AsyncLocalStorage<{ behind: Set<string>; listener: LagListener }>();

export const readModelLag = {
  /** Runs one request's work; `listener` hears every report, with all read models found behind so far. */
  track<T>(listener: LagListener, work: () => T): T {
    return requests.run({ behind: new Set(), listener }, work);
  },
  /** Called by a wait that ran out. Outside a tracked request (a job, a reactor) it is a no-op. */
  report(readModels: readonly string[]): void {
    const request = requests.getStore();
    if (!request) return;
    for (const name of readModels) request.behind.add(name);
    request.listener([...request.behind].sort());
  },
};
