export * from './test-database.js';
export * from './catch-up.js';
export * from './unused-port.js';
export * from './race.js';
export * from './redis-server.js';
export * from './tcp-proxy.js';
export * from './projection-equivalence.js';
// The event store's own wait, which the bench uses too.
export { waitForFinalLog } from '@app/event-store';
