import http from 'node:http';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  checkPostgres,
  checkRedis,
  InjectConfig,
  InjectLogger,
  InjectPool,
  InjectRedis,
  type AppConfig,
  type Logger,
  type Pool,
} from '@app/platform';
import type { THealthResponse } from '@app/contracts';
import { EmailOutboxRelay } from '../jobs/email-outbox-relay.js';
import { ProjectionSupervisor } from '../projection/projection-supervisor.js';

/** GET /health on WORKER_HEALTH_PORT: dependencies and each projector's lag. */
@Injectable()
export class HealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: http.Server | null = null;
  private readonly startedAt = Date.now();

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectPool() private readonly pool: Pool,
    @InjectRedis() private readonly redis: Redis,
    @InjectLogger() private readonly logger: Logger,
    private readonly supervisor: ProjectionSupervisor,
    @Inject(EmailOutboxRelay) private readonly emailRelay: EmailOutboxRelay,
  ) {}

  async report(): Promise<THealthResponse> {
    const [postgres, redis] = await Promise.all([checkPostgres(this.pool), checkRedis(this.redis)]);
    const [projectors, emailOutboxPending] =
      postgres.status === 'up'
        ? await Promise.all([this.supervisor.lag(), this.emailRelay.outbox.pending()])
        : [[], undefined];
    return {
      status: postgres.status === 'up' && redis.status === 'up' ? 'ok' : 'degraded',
      service: 'worker',
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      dependencies: { postgres, redis },
      projectors,
      ...(emailOutboxPending === undefined ? {} : { emailOutboxPending }),
    };
  }

  onApplicationBootstrap(): Promise<void> {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || !req.url?.startsWith('/health')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
        return;
      }
      this.report().then(
        (body) =>
          res
            .writeHead(body.status === 'ok' ? 200 : 503, { 'content-type': 'application/json' })
            .end(JSON.stringify(body)),
        (error: unknown) =>
          res
            .writeHead(503, { 'content-type': 'application/json' })
            .end(JSON.stringify({ status: 'degraded', error: String(error) })),
      );
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.WORKER_HEALTH_PORT, this.config.HOST, () => {
        this.logger.info({ port: this.config.WORKER_HEALTH_PORT }, 'worker health endpoint listening');
        resolve();
      });
    });
  }

  onApplicationShutdown(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
