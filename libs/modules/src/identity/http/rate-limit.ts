import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { InjectConfig, InjectRedis, type AppConfig } from '@app/platform';
import { normalizeEmail } from '../domain/user.js';

interface Limit {
  points: number;
  seconds: number;
}

/**
 * Attempts allowed per window, per client address and per email address; for the calls that check a
 * signed-in user's current password, per user (a stolen session must not become a password oracle).
 */
export const RATE_LIMITS = {
  login: { perIp: { points: 50, seconds: 15 * 60 }, perEmail: { points: 10, seconds: 15 * 60 } },
  'create-account': { perIp: { points: 30, seconds: 60 * 60 }, perEmail: { points: 5, seconds: 60 * 60 } },
  'forgot-password': { perIp: { points: 20, seconds: 60 * 60 }, perEmail: { points: 5, seconds: 60 * 60 } },
  // The outreach forms (waitlist, contact): a person sends a few; a script sending many is stopped.
  waitlist: { perIp: { points: 20, seconds: 60 * 60 }, perEmail: { points: 5, seconds: 60 * 60 } },
  contact: { perIp: { points: 10, seconds: 60 * 60 }, perEmail: { points: 5, seconds: 60 * 60 } },
  'change-email': { perIp: { points: 30, seconds: 60 * 60 }, perUser: { points: 10, seconds: 60 * 60 } },
  'change-password': { perIp: { points: 30, seconds: 60 * 60 }, perUser: { points: 10, seconds: 60 * 60 } },
  // Deleting the account asks for the password again: as guarded as a password change.
  'delete-account': { perIp: { points: 30, seconds: 60 * 60 }, perUser: { points: 10, seconds: 60 * 60 } },
  // Reports of artists and venues: a member reports a few; a script reporting hundreds is stopped.
  report: { perIp: { points: 60, seconds: 60 * 60 }, perUser: { points: 20, seconds: 60 * 60 } },
  // The shop's door (check a code, mark it used): a busy door checks a few hundred codes an evening; a
  // script trying codes by the thousand is stopped long before it could find one (~40 random bits each).
  'shop-code': { perIp: { points: 600, seconds: 15 * 60 }, perUser: { points: 300, seconds: 15 * 60 } },
} as const satisfies Record<string, { perIp: Limit; perEmail?: Limit; perUser?: Limit }>;
export type RateLimitedAction = keyof typeof RATE_LIMITS;

const RATE_LIMIT_KEY = 'rate-limit';
export const RateLimit = (action: RateLimitedAction) => SetMetadata(RATE_LIMIT_KEY, action);

/**
 * Counts attempts in Redis (shared by every api replica); if Redis is unreachable, each replica
 * keeps counting in memory instead of letting everything through.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @InjectRedis() private readonly redis: Redis,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    for (const [action, limits] of Object.entries(RATE_LIMITS)) {
      for (const [scope, limit] of Object.entries<Limit>(limits)) {
        const points = limit.points * config.RATE_LIMIT_FACTOR;
        const seconds = limit.seconds;
        this.limiters.set(
          `${action}:${scope}`,
          new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `${config.QUEUE_PREFIX}-rl-${action}-${scope}`,
            points,
            duration: seconds,
            insuranceLimiter: new RateLimiterMemory({ points, duration: seconds }),
          }),
        );
      }
    }
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const action = this.reflector.get<RateLimitedAction | undefined>(RATE_LIMIT_KEY, context.getHandler());
    if (!action) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const email = emailOf(request.body);
    const userId = request.isAuthenticated?.() ? request.user?.id : undefined;
    let spent: RateLimiterRes | null = null;
    try {
      await this.limiter(action, 'perIp').consume(request.ip ?? 'unknown');
      if ('perUser' in RATE_LIMITS[action]) {
        await this.limiter(action, 'perUser').consume(userId ?? 'anonymous');
      } else if (email && action === 'login') {
        // Only failed logins count against an email, so nobody can lock a member out by guessing.
        const used = await this.limiter('login', 'perEmail').get(email);
        if (used && used.consumedPoints >= RATE_LIMITS.login.perEmail.points * this.config.RATE_LIMIT_FACTOR) {
          spent = used;
        }
      } else if (email) {
        await this.limiter(action, 'perEmail').consume(email);
      }
    } catch (rejection) {
      // rate-limiter-flexible rejects with its verdict when the points are spent.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      spent = rejection;
    }
    if (spent) {
      const response = context.switchToHttp().getResponse<Response>();
      response.setHeader('Retry-After', String(Math.ceil(spent.msBeforeNext / 1000)));
      throw new HttpException(ACCOUNT_MESSAGES.tooManyAttempts, HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }

  /** Counts a failed login against the email it tried. */
  async recordFailedLogin(email: string): Promise<void> {
    await this.limiter('login', 'perEmail')
      .consume(normalizeEmail(email))
      .catch(() => undefined);
  }

  private limiter(action: RateLimitedAction, scope: 'perIp' | 'perEmail' | 'perUser'): RateLimiterRedis {
    const limiter = this.limiters.get(`${action}:${scope}`);
    if (!limiter) throw new Error(`No ${scope} rate limit is set for ${action}`);
    return limiter;
  }
}

/** The normalised email a form body names, or '' (the body is whatever JSON the client sent). */
function emailOf(body: unknown): string {
  const email = typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined;
  return typeof email === 'string' ? normalizeEmail(email) : '';
}
