import { z } from 'zod';

const DEVELOPMENT_SESSION_SECRET = 'development-only-session-secret-change-me!';
/** s3rver's fixed credentials: the local S3 server `npm start` and the tests run. */
const LOCAL_S3_KEY = 'S3RVER';

/** The thresholds the product promises (docs/product.md: 10,000 and 100,000 of each). */
const PRODUCT_MILESTONES = {
  MILESTONE_LISTENER_FANS: 10_000,
  MILESTONE_LISTENER_ARTISTS: 10_000,
  MILESTONE_UTILITY_TOKEN_FANS: 100_000,
  MILESTONE_UTILITY_TOKEN_ARTISTS: 100_000,
} as const;

const port = z.coerce.number().int().min(1).max(65535);
const positiveInt = z.coerce.number().int().positive();
/** Milliseconds; 0 turns the bound off. */
const milliseconds = z.coerce.number().int().min(0);
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Every environment variable the api, worker and ops tools read. The configuration table of docs/operations.md
 * mirrors this schema; keep both in step.
 */
export const ZConfig = z.object({
  // Production unless said otherwise: the launcher (`npm start`, `npm run dev`) says development.
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /**
   * The reverse proxies whose X-Forwarded-For the api believes (Express's `trust proxy`: addresses, CIDRs or
   * loopback / linklocal / uniquelocal, comma-separated). None by default: the client is the socket's peer.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => {
      const list = (value ?? '').trim();
      return list === '' || list === 'false' || list === 'none' ? false : list;
    })
    .refine((value) => value !== 'true' && value !== '*', {
      message:
        'must name the proxies (addresses, CIDRs, loopback, uniquelocal...): trusting every hop lets any client pick its address',
    }),
  DATABASE_URL: z
    .string({ error: 'is required (the PostgreSQL connection string, e.g. postgres://postgres@127.0.0.1:5432/payola)' })
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string'),
  DB_POOL_SIZE: positiveInt.default(10),
  /** How long getting a PostgreSQL connection may take (waiting for a free one included). */
  DB_CONNECT_TIMEOUT_MS: milliseconds.default(3000),
  /** The api's statement_timeout; the client gives up a second later (a stopped server cancels nothing). */
  DB_STATEMENT_TIMEOUT_MS: milliseconds.default(2500),
  /** The worker's: projection batches and read-model migrations may take long; only a dead connection should not hang it. */
  WORKER_STATEMENT_TIMEOUT_MS: milliseconds.default(300_000),
  /** The longest the api works on a request before it answers 503 (a backstop: the database bounds answer sooner). */
  API_REQUEST_TIMEOUT_MS: milliseconds.default(15_000),
  /** How many api processes share the port (node:cluster): one per core the api may use. */
  API_PROCESSES: positiveInt.default(1),
  /** Multiplies the attempts every rate limit allows (end-to-end runs sign up many accounts from one address). */
  RATE_LIMIT_FACTOR: positiveInt.default(1),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// connection string')
    .default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/, 'may contain only letters, digits, "-" and "_"')
    .default('payola'),
  SERVE_WEB: booleanFlag.default(true),
  /** Whether the web app's .map files are served: unset, everywhere but in production. */
  SERVE_SOURCE_MAPS: booleanFlag.optional(),
  WEB_DIST_DIR: z.string().optional(),
  WORKER_HEALTH_PORT: port.default(3001),
  PROJECTION_POLL_INTERVAL_MS: positiveInt.default(1000),
  PROJECTION_BATCH_SIZE: positiveInt.max(50_000).default(1000),
  /** The least time between two passes of one projector (its wake-ups meanwhile become one pass). */
  PROJECTION_MIN_PASS_INTERVAL_MS: z.coerce.number().int().min(0).max(1000).default(25),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_SESSION_SECRET),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Payola <no-reply@payola.local>'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must be a Stripe secret key (sk_...)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must be a Stripe publishable key (pk_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_VERIFICATION_FEE: z.string().optional(),
  STRIPE_API_HOST: z.string().optional(),
  // Identity checks: Veriff when an API key is set, otherwise the built-in test mode.
  VERIFF_API_KEY: z.string().optional(),
  VERIFF_SHARED_SECRET: z.string().optional(),
  VERIFF_BASE_URL: z.url().default('https://stationapi.veriff.com'),
  // Human verification on the waitlist and contact forms: reCAPTCHA when a secret key is set, else the built-in check.
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Where contact-form messages are forwarded. */
  SUPPORT_EMAIL: z.email('must be an email address').default('support@payola.local'),
  /** Production refuses the built-in payment and identity test modes unless this says otherwise (demos). */
  ALLOW_TEST_MODES_IN_PRODUCTION: booleanFlag.default(false),
  // Object storage over the S3 protocol (uploads). The defaults are the local s3rver of `npm start`.
  S3_ENDPOINT: z.url().default('http://127.0.0.1:4568'),
  /** Where browsers reach the storage (presigned URLs are signed for this host); defaults to S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name')
    .default('payola-media'),
  S3_ACCESS_KEY: z.string().min(1).default(LOCAL_S3_KEY),
  S3_SECRET_KEY: z.string().min(1).default(LOCAL_S3_KEY),
  S3_REGION: z.string().min(1).default('us-east-1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The milestones' thresholds (docs/decisions.md, Counting milestones). Only a laptop demo and the tests
   * set them, so a handful of verified fans and artists can open the Listener membership; production
   * refuses any value but the product's (see milestoneConfigProblems).
   */
  MILESTONE_LISTENER_FANS: positiveInt.default(PRODUCT_MILESTONES.MILESTONE_LISTENER_FANS),
  MILESTONE_LISTENER_ARTISTS: positiveInt.default(PRODUCT_MILESTONES.MILESTONE_LISTENER_ARTISTS),
  MILESTONE_UTILITY_TOKEN_FANS: positiveInt.default(PRODUCT_MILESTONES.MILESTONE_UTILITY_TOKEN_FANS),
  MILESTONE_UTILITY_TOKEN_ARTISTS: positiveInt.default(PRODUCT_MILESTONES.MILESTONE_UTILITY_TOKEN_ARTISTS),
});

export type AppConfig = z.infer<typeof ZConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset, so `FOO=` in an env file falls back to the default.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZConfig.safeParse(present);
  if (result.success) {
    const problems = milestoneConfigProblems(result.data);
    if (problems.length > 0) throw new ConfigError(problems);
    return result.data;
  }
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  throw new ConfigError(problems);
}

/**
 * Production opens the Listener membership and redemption at the product's thresholds and no others:
 * a stray demo setting would otherwise open them to everyone. Every process refuses (the worker records
 * the milestone, the api gates on it).
 */
export function milestoneConfigProblems(config: AppConfig): string[] {
  if (config.NODE_ENV !== 'production') return [];
  return Object.entries(PRODUCT_MILESTONES)
    .filter(([name, value]) => config[name as keyof typeof PRODUCT_MILESTONES] !== value)
    .map(
      ([name, value]) =>
        `${name}: must be ${value} in production (other thresholds are for demos and tests, with NODE_ENV=development or test)`,
    );
}

/** The milestones' thresholds as configured, in the order of the milestones (listener membership, then utility token). */
export function milestoneThresholds(config: AppConfig) {
  return [
    {
      id: 'listener-membership',
      verifiedFans: config.MILESTONE_LISTENER_FANS,
      verifiedArtists: config.MILESTONE_LISTENER_ARTISTS,
    },
    {
      id: 'utility-token',
      verifiedFans: config.MILESTONE_UTILITY_TOKEN_FANS,
      verifiedArtists: config.MILESTONE_UTILITY_TOKEN_ARTISTS,
    },
  ] as const;
}

/**
 * What only the api needs: a real session secret outside development and tests, all of Stripe's
 * settings once a Stripe key is set, and Veriff's shared secret once a Veriff key is set.
 */
export function apiConfigProblems(config: AppConfig): string[] {
  const problems: string[] = [];
  if (config.NODE_ENV === 'production' && config.SESSION_SECRET === DEVELOPMENT_SESSION_SECRET) {
    problems.push('SESSION_SECRET: is required in production (a random string of at least 32 characters)');
  }
  if (config.NODE_ENV === 'production' && !config.ALLOW_TEST_MODES_IN_PRODUCTION) {
    // In test mode anyone could "pay" with a test card or approve their own identity.
    if (!config.STRIPE_SECRET_KEY)
      problems.push(
        'STRIPE_SECRET_KEY: is required in production (or set ALLOW_TEST_MODES_IN_PRODUCTION=true for a demo)',
      );
    if (!config.VERIFF_API_KEY)
      problems.push(
        'VERIFF_API_KEY: is required in production (or set ALLOW_TEST_MODES_IN_PRODUCTION=true for a demo)',
      );
    if (!config.RECAPTCHA_SECRET_KEY)
      problems.push(
        'RECAPTCHA_SECRET_KEY: is required in production (or set ALLOW_TEST_MODES_IN_PRODUCTION=true for a demo)',
      );
  }
  if (config.NODE_ENV === 'production' && config.S3_SECRET_KEY === LOCAL_S3_KEY) {
    problems.push('S3_ACCESS_KEY, S3_SECRET_KEY: are required in production (the object storage credentials)');
  }
  if (config.STRIPE_SECRET_KEY) {
    for (const name of [
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_MONTHLY',
      'STRIPE_PRICE_VERIFICATION_FEE',
    ] as const) {
      if (!config[name]) problems.push(`${name}: is required when STRIPE_SECRET_KEY is set`);
    }
  }
  if (config.VERIFF_API_KEY && !config.VERIFF_SHARED_SECRET) {
    problems.push('VERIFF_SHARED_SECRET: is required when VERIFF_API_KEY is set (it signs requests and webhooks)');
  }
  if (config.RECAPTCHA_SECRET_KEY && !config.RECAPTCHA_SITE_KEY) {
    problems.push('RECAPTCHA_SITE_KEY: is required when RECAPTCHA_SECRET_KEY is set (the widget renders with it)');
  }
  return problems;
}

/** For process entry points: load the configuration or print what is wrong and exit. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
