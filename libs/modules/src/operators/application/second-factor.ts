import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { TSecondFactorSetup, TSecondFactorVerified } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { EventSourcedRepository, type Loaded } from '@app/event-store';
import { InjectConfig, InjectPool, InjectRedis, type AppConfig, type Pool, type Queryable } from '@app/platform';
import { decideEnrol, operatorFold, operatorStreamId, type OperatorState } from '../domain/operator.js';
import { hashRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes.js';

/** The issuer authenticator apps show next to the account. */
const ISSUER = 'Payola Ops';
/** Wrong codes allowed per operator in the window, before 429 (a 6-digit code is 1 in a million a guess). */
export const SECOND_FACTOR_FAILURES = { points: 5, seconds: 15 * 60 };
/** One 30 s step either side of the server's clock: phones drift, and typing takes time. */
const CLOCK_TOLERANCE_SECONDS = 30;

export const SECOND_FACTOR_MESSAGES = {
  wrongCode: 'That code is not right, or it was already used. Wait for the next code and try again.',
  wrongRecoveryCode: 'That recovery code is not right, or it was already used.',
  noPendingSetup: 'Start the set-up again: there is no authenticator waiting to be confirmed.',
  notEnrolled: 'Set up your authenticator first.',
  tooManyAttempts: 'Too many wrong codes. Please wait a few minutes and try again.',
} as const;

/** The operator guessed too often: the controller answers 429 with Retry-After. */
export class TooManySecondFactorAttemptsError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(SECOND_FACTOR_MESSAGES.tooManyAttempts);
  }
}

/**
 * The operators' TOTP second factor (RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app
 * expects). The secret lives only in operator_second_factors, never on the log. A code is accepted at
 * most once: the accepted time step is stored, and only a later step passes (a conditional UPDATE, so
 * two requests with one code cannot both win). Wrong codes count against the operator in Redis.
 */
@Injectable()
export class SecondFactor {
  private readonly failures: RateLimiterRedis;

  constructor(
    @InjectPool() private readonly pool: Pool,
    @InjectRedis() redis: Redis,
    @InjectConfig() config: AppConfig,
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
  ) {
    const points = SECOND_FACTOR_FAILURES.points * config.RATE_LIMIT_FACTOR;
    this.failures = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.QUEUE_PREFIX}-rl-ops-second-factor`,
      points,
      duration: SECOND_FACTOR_FAILURES.seconds,
      insuranceLimiter: new RateLimiterMemory({ points, duration: SECOND_FACTOR_FAILURES.seconds }),
    });
  }

  state(userId: string, db: Queryable = this.pool): Promise<Loaded<OperatorState>> {
    return this.repository.load(operatorStreamId(userId), operatorFold, db);
  }

  /** A new pending secret (replacing an unconfirmed one); refused once enrolled. */
  async setup(userId: string, accountLabel: string): Promise<TSecondFactorSetup> {
    const secret = generateSecret();
    const { rowCount } = await this.pool.query(
      `insert into operator_second_factors (user_id, secret) values ($1, $2)
       on conflict (user_id) do update set secret = excluded.secret, last_time_step = 0, created_at = now()
         where operator_second_factors.enrolled_at is null`,
      [userId, secret],
    );
    if (rowCount !== 1) throw new RefusedError('conflict', 'Your authenticator is already set up.');
    const otpauthUri = generateURI({ issuer: ISSUER, label: accountLabel, secret });
    const qrCodeSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    return { secret, otpauthUri, qrCodeSvg };
  }

  /**
   * The first code proves the app holds the secret: enrolment is recorded, and the recovery codes are
   * made, stored hashed and returned this once, all in one transaction.
   */
  async confirm(userId: string, code: string, requestId?: string): Promise<string[]> {
    await this.refuseIfLimited(userId);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const accepted = await this.repository.execute(
      operatorStreamId(userId),
      operatorFold,
      async (state, tx) => {
        const events = decideEnrol(state, userId, recoveryCodes.length);
        const { rows } = await tx.query<{ secret: string; last_time_step: string }>(
          'select secret, last_time_step from operator_second_factors where user_id = $1 and enrolled_at is null for update',
          [userId],
        );
        const pending = rows[0];
        if (!pending) throw new RefusedError('conflict', SECOND_FACTOR_MESSAGES.noPendingSetup);
        const step = await acceptedTimeStep(pending.secret, code, Number(pending.last_time_step));
        if (step === null) return { events: [], result: false };
        await tx.query(
          'update operator_second_factors set enrolled_at = now(), last_time_step = $2 where user_id = $1',
          [userId, step],
        );
        await tx.query(
          `insert into operator_recovery_codes (user_id, code_hash)
           select $1, unnest($2::text[])`,
          [userId, recoveryCodes.map(hashRecoveryCode)],
        );
        return { events, result: true };
      },
      { metadata: { requestId, actingUserId: userId }, maxAttempts: 3 },
    );
    if (!accepted.result) await this.fail(userId, SECOND_FACTOR_MESSAGES.wrongCode);
    return recoveryCodes;
  }

  /** A session passes with a code from the app (once per time step) or a recovery code (once ever). */
  async verify(
    userId: string,
    proof: { code: string } | { recoveryCode: string },
    requestId?: string,
  ): Promise<TSecondFactorVerified> {
    await this.refuseIfLimited(userId);
    const method: TSecondFactorVerified['method'] = 'code' in proof ? 'code' : 'recovery-code';
    const passed = await this.repository.execute(
      operatorStreamId(userId),
      operatorFold,
      async (state, tx) => {
        if (!state.operator || !state.enrolled) throw new RefusedError('conflict', SECOND_FACTOR_MESSAGES.notEnrolled);
        const spent =
          'code' in proof
            ? await spendCode(tx, userId, proof.code)
            : await spendRecoveryCode(tx, userId, proof.recoveryCode);
        if (!spent) return { events: [], result: null };
        const { rows } = await tx.query<{ left: number }>(
          'select count(*)::int as left from operator_recovery_codes where user_id = $1 and used_at is null',
          [userId],
        );
        const recoveryCodesLeft = rows[0]?.left ?? 0;
        return {
          events: [{ type: 'OperatorSecondFactorPassed' as const, data: { userId, method, recoveryCodesLeft } }],
          result: { method, recoveryCodesLeft },
        };
      },
      { metadata: { requestId, actingUserId: userId } },
    );
    if (!passed.result) {
      await this.fail(
        userId,
        method === 'code' ? SECOND_FACTOR_MESSAGES.wrongCode : SECOND_FACTOR_MESSAGES.wrongRecoveryCode,
      );
    }
    return passed.result as TSecondFactorVerified;
  }

  private async refuseIfLimited(userId: string): Promise<void> {
    const used = await this.failures.get(userId);
    if (used && used.remainingPoints <= 0)
      throw new TooManySecondFactorAttemptsError(Math.ceil(used.msBeforeNext / 1000));
  }

  private async fail(userId: string, message: string): Promise<never> {
    // A consume past the limit rejects with its verdict; the next attempt is refused by refuseIfLimited.
    await this.failures.consume(userId).catch(() => undefined);
    throw new RefusedError('invalid', message);
  }
}

/** The time step the code belongs to, if it is right and later than the last accepted one; else null. */
async function acceptedTimeStep(secret: string, code: string, lastTimeStep: number): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: CLOCK_TOLERANCE_SECONDS,
    ...(lastTimeStep > 0 ? { afterTimeStep: lastTimeStep } : {}),
  });
  // A TOTP verification answers the step it matched (an HOTP one would not; this is always TOTP).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

async function spendCode(tx: Queryable, userId: string, code: string): Promise<boolean> {
  const { rows } = await tx.query<{ secret: string; last_time_step: string }>(
    'select secret, last_time_step from operator_second_factors where user_id = $1 and enrolled_at is not null',
    [userId],
  );
  const factor = rows[0];
  if (!factor) return false;
  const step = await acceptedTimeStep(factor.secret, code, Number(factor.last_time_step));
  if (step === null) return false;
  // Conditional: of two requests carrying the same code, only one moves the step forward.
  const moved = await tx.query(
    'update operator_second_factors set last_time_step = $2 where user_id = $1 and last_time_step < $2',
    [userId, step],
  );
  return moved.rowCount === 1;
}

async function spendRecoveryCode(tx: Queryable, userId: string, recoveryCode: string): Promise<boolean> {
  // One statement finds and spends the code: a concurrent use waits on the row, then finds it used.
  const spent = await tx.query(
    'update operator_recovery_codes set used_at = now() where user_id = $1 and code_hash = $2 and used_at is null',
    [userId, hashRecoveryCode(recoveryCode)],
  );
  return spent.rowCount === 1;
}
