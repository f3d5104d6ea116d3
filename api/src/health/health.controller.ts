import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import type { THealthResponse } from '@app/contracts';
import { checkPostgres, checkRedis, InjectPool, InjectRedis, type Pool } from '@app/platform';

const startedAt = Date.now();

@Controller('health')
export class HealthController {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  /** 200 when PostgreSQL and Redis answer, 503 otherwise (load balancers take the replica out). */
  @Get()
  @HttpCode(200)
  async health(@Res({ passthrough: true }) res: Response): Promise<THealthResponse> {
    const [postgres, redis] = await Promise.all([checkPostgres(this.pool), checkRedis(this.redis)]);
    const status = postgres.status === 'up' && redis.status === 'up' ? 'ok' : 'degraded';
    if (status !== 'ok') res.status(503);
    return {
      status,
      service: 'api',
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      dependencies: { postgres, redis },
    };
  }
}
