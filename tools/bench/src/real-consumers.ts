import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EventStore, LogConsumer, Projection } from '@app/event-store';
import { REPO_ROOT } from './bench-util.js';

/** What worker/src/log-consumers.ts exports. */
interface WorkerLogConsumers {
  projections: readonly Projection[];
  createLogConsumers(store: EventStore): LogConsumer[];
}

let loaded: Promise<WorkerLogConsumers> | null = null;

/**
 * The worker's own list of projections and reactors, from its build (`npm run bench` builds the server
 * first). The worker is not a library the bench can import at compile time, and a copy of the list here
 * would miss the next projection someone adds to the worker; this is exactly what the worker runs and
 * the ops CLI replays.
 */
export function workerLogConsumers(): Promise<WorkerLogConsumers> {
  loaded ??= import(
    pathToFileURL(path.join(REPO_ROOT, 'worker/dist/log-consumers.js')).href
  ) as Promise<WorkerLogConsumers>;
  return loaded;
}
