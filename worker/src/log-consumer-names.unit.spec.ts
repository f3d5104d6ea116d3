import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { LOG_CONSUMER_NAMES } from '@app/modules/operators';
import type { Pool } from '@app/platform';
import { createLogConsumers } from './log-consumers.js';

describe("the console's list of log consumers", () => {
  it('names exactly the projections and reactors the worker runs', () => {
    // Building the consumers touches no database: the pool is only held for later.
    const store = new EventStore({} as Pool, createDomainEventRegistry());
    expect([...LOG_CONSUMER_NAMES].sort()).toEqual(
      createLogConsumers(store)
        .map((consumer) => consumer.name)
        .sort(),
    );
  });
});
