export * from './config/config.js';
export * from './logging/logger.js';
export * from './database/pool.js';
export * from './database/migrate.js';
export * from './queue/redis.js';
export * from './queue/queues.js';
export * from './nest/platform.module.js';
export * from './health/dependency-health.js';
