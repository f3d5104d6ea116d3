export * from './test-database.js';
export * from './catch-up.js';
export * from './unused-port.js';
export * from './race.js';
export * from './redis-server.js';
export * from './tcp-proxy.js';
export * from './projection-equivalence.js';
export * from './final-log.js';
