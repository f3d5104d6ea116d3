import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { loadConfigOrExit, type AppConfig } from '../config/config.js';
import { createPool, type Pool } from '../database/pool.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { createRedis } from '../queue/redis.js';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.js';
import { S3ObjectStorage } from '../storage/s3-object-storage.js';
import { HandlersInFlight } from './handlers-in-flight.js';

export const APP_CONFIG = Symbol('APP_CONFIG');
export const PG_POOL = Symbol('PG_POOL');
export const REDIS = Symbol('REDIS');
export const LOGGER = Symbol('LOGGER');

export const InjectConfig = () => Inject(APP_CONFIG);
export const InjectPool = () => Inject(PG_POOL);
export const InjectRedis = () => Inject(REDIS);
export const InjectLogger = () => Inject(LOGGER);
export const InjectObjectStorage = () => Inject(OBJECT_STORAGE);

/** How long a stopping process waits for its running handlers before it closes its pool anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;

class PlatformLifecycle implements OnApplicationShutdown {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @InjectRedis() private readonly redis: Redis,
    @Inject(HandlersInFlight) private readonly handlers: HandlersInFlight,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    // The HTTP server is closed by now (Nest closes it before these hooks): no new request starts,
    // and the ones whose clients left finish their work on an open pool.
    if (!(await this.handlers.settled(SHUTDOWN_GRACE_MS))) {
      this.logger.warn(
        { running: this.handlers.count, graceMs: SHUTDOWN_GRACE_MS },
        'handlers still running at shutdown; closing the database pool anyway',
      );
    }
    if (!this.pool.ending) await this.pool.end();
    this.redis.disconnect();
  }
}

/**
 * Configuration, the PostgreSQL pool, a Redis client, object storage and the logger, shared by the api and the worker.
 * `service` names the process in logs and in connections.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(service: 'api' | 'worker') {
    return {
      module: PlatformModule,
      providers: [
        { provide: APP_CONFIG, useFactory: () => loadConfigOrExit() },
        {
          provide: LOGGER,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig): Logger => createLogger(service, config.LOG_LEVEL),
        },
        {
          provide: PG_POOL,
          inject: [APP_CONFIG, LOGGER],
          useFactory: (config: AppConfig, logger: Logger): Pool =>
            createPool({
              connectionString: config.DATABASE_URL,
              max: config.DB_POOL_SIZE,
              applicationName: service,
              connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
              statementTimeoutMs:
                service === 'api' ? config.DB_STATEMENT_TIMEOUT_MS : config.WORKER_STATEMENT_TIMEOUT_MS,
              onIdleError: (error) => logger.warn({ err: error }, 'idle PostgreSQL connection failed; it was dropped'),
            }),
        },
        {
          provide: REDIS,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig): Redis => createRedis(config.REDIS_URL, 'client'),
        },
        {
          provide: OBJECT_STORAGE,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig): ObjectStorage => new S3ObjectStorage(config),
        },
        HandlersInFlight,
        PlatformLifecycle,
      ],
      exports: [APP_CONFIG, LOGGER, PG_POOL, REDIS, OBJECT_STORAGE, HandlersInFlight],
    };
  }
}
