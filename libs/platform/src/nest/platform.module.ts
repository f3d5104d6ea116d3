import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { loadConfigOrExit, type AppConfig } from '../config/config.js';
import { createPool, type Pool } from '../database/pool.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { createRedis } from '../queue/redis.js';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.js';
import { S3ObjectStorage } from '../storage/s3-object-storage.js';

export const APP_CONFIG = Symbol('APP_CONFIG');
export const PG_POOL = Symbol('PG_POOL');
export const REDIS = Symbol('REDIS');
export const LOGGER = Symbol('LOGGER');

export const InjectConfig = () => Inject(APP_CONFIG);
export const InjectPool = () => Inject(PG_POOL);
export const InjectRedis = () => Inject(REDIS);
export const InjectLogger = () => Inject(LOGGER);
export const InjectObjectStorage = () => Inject(OBJECT_STORAGE);

class PlatformLifecycle implements OnApplicationShutdown {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    // Once: a test may close an app it has already closed.
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
        PlatformLifecycle,
      ],
      exports: [APP_CONFIG, LOGGER, PG_POOL, REDIS, OBJECT_STORAGE],
    };
  }
}
