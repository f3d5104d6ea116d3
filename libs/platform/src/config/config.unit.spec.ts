import { apiConfigProblems, ConfigError, loadConfig, milestoneThresholds } from './config.js';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/payola' };

describe('loadConfig', () => {
  it('fills in the embedded defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      PORT: 3000,
      REDIS_URL: 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: 'payola',
      WORKER_HEALTH_PORT: 3001,
      PROJECTION_POLL_INTERVAL_MS: 1000,
      SERVE_WEB: true,
    });
  });

  it('bounds waits on PostgreSQL and on requests by default; 0 turns a bound off', () => {
    expect(loadConfig(base)).toMatchObject({
      DB_CONNECT_TIMEOUT_MS: 3000,
      DB_STATEMENT_TIMEOUT_MS: 2500,
      WORKER_STATEMENT_TIMEOUT_MS: 300_000,
      API_REQUEST_TIMEOUT_MS: 15_000,
    });
    expect(loadConfig({ ...base, DB_STATEMENT_TIMEOUT_MS: '0' }).DB_STATEMENT_TIMEOUT_MS).toBe(0);
    expect(() => loadConfig({ ...base, DB_CONNECT_TIMEOUT_MS: '-1' })).toThrow(/DB_CONNECT_TIMEOUT_MS/);
  });

  it('names a missing DATABASE_URL and says what it should be', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(/DATABASE_URL: is required \(the PostgreSQL connection string/);
  });

  it('names every invalid variable at once', () => {
    try {
      loadConfig({ ...base, PORT: 'eighty', REDIS_URL: 'http://x', QUEUE_PREFIX: 'a:b' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^PORT: /m);
      expect(problems).toMatch(/^REDIS_URL: must be a redis:\/\/ connection string$/m);
      expect(problems).toMatch(/^QUEUE_PREFIX: may contain only letters/m);
    }
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ ...base, PORT: '' }).PORT).toBe(3000);
  });

  it('parses boolean flags strictly', () => {
    expect(loadConfig({ ...base, SERVE_WEB: 'false' }).SERVE_WEB).toBe(false);
    expect(() => loadConfig({ ...base, SERVE_WEB: 'nope' })).toThrow(/SERVE_WEB/);
  });
});

describe('milestone thresholds', () => {
  it("are the product's 10,000 and 100,000 of each unless configured", () => {
    expect(milestoneThresholds(loadConfig(base))).toEqual([
      { id: 'listener-membership', verifiedFans: 10_000, verifiedArtists: 10_000 },
      { id: 'utility-token', verifiedFans: 100_000, verifiedArtists: 100_000 },
    ]);
  });

  it('take small values outside production, so a laptop demo and the tests can reach them', () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: 'development',
      MILESTONE_LISTENER_FANS: '2',
      MILESTONE_LISTENER_ARTISTS: '1',
      MILESTONE_UTILITY_TOKEN_FANS: '4',
      MILESTONE_UTILITY_TOKEN_ARTISTS: '3',
    });
    expect(milestoneThresholds(config)).toEqual([
      { id: 'listener-membership', verifiedFans: 2, verifiedArtists: 1 },
      { id: 'utility-token', verifiedFans: 4, verifiedArtists: 3 },
    ]);
    expect(() => loadConfig({ ...base, NODE_ENV: 'test', MILESTONE_LISTENER_FANS: '0' })).toThrow(
      /MILESTONE_LISTENER_FANS/,
    );
  });

  it("are refused in production unless they are the product's, naming each variable", () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', MILESTONE_LISTENER_FANS: '10000' })).not.toThrow();
    try {
      loadConfig({ ...base, MILESTONE_LISTENER_FANS: '2', MILESTONE_UTILITY_TOKEN_ARTISTS: '5' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'MILESTONE_LISTENER_FANS: must be 10000 in production (other thresholds are for demos and tests, with NODE_ENV=development or test)',
        'MILESTONE_UTILITY_TOKEN_ARTISTS: must be 100000 in production (other thresholds are for demos and tests, with NODE_ENV=development or test)',
      ]);
    }
  });
});

describe('apiConfigProblems', () => {
  const base = {
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/payola',
    S3_ACCESS_KEY: 'storage-user',
    S3_SECRET_KEY: 'storage-secret',
  };

  it("refuses the local S3 server's credentials in production", () => {
    const { S3_ACCESS_KEY: _key, S3_SECRET_KEY: _secret, ...withoutStorage } = base;
    const config = loadConfig({
      ...withoutStorage,
      SESSION_SECRET: 'x'.repeat(40),
      ALLOW_TEST_MODES_IN_PRODUCTION: 'true',
    });
    expect(config.S3_ENDPOINT).toBe('http://127.0.0.1:4568');
    expect(apiConfigProblems(config)).toEqual([
      'S3_ACCESS_KEY, S3_SECRET_KEY: are required in production (the object storage credentials)',
    ]);
  });

  it('refuses the built-in session secret in production, the default environment', () => {
    const demo = { ...base, ALLOW_TEST_MODES_IN_PRODUCTION: 'true' };
    expect(apiConfigProblems(loadConfig(demo))).toEqual([
      'SESSION_SECRET: is required in production (a random string of at least 32 characters)',
    ]);
    expect(apiConfigProblems(loadConfig({ ...base, NODE_ENV: 'development' }))).toEqual([]);
    expect(apiConfigProblems(loadConfig({ ...demo, SESSION_SECRET: 'x'.repeat(40) }))).toEqual([]);
  });

  it('refuses the payment, identity and captcha test modes in production unless allowed for a demo', () => {
    const problems = apiConfigProblems(loadConfig({ ...base, SESSION_SECRET: 'x'.repeat(40) }));
    expect(problems).toEqual([
      'STRIPE_SECRET_KEY: is required in production (or set ALLOW_TEST_MODES_IN_PRODUCTION=true for a demo)',
      'VERIFF_API_KEY: is required in production (or set ALLOW_TEST_MODES_IN_PRODUCTION=true for a demo)',
      'RECAPTCHA_SECRET_KEY: is required in production (or set ALLOW_TEST_MODES_IN_PRODUCTION=true for a demo)',
    ]);
  });

  it('asks for the reCAPTCHA site key once a secret key is set', () => {
    const problems = apiConfigProblems(loadConfig({ ...base, NODE_ENV: 'development', RECAPTCHA_SECRET_KEY: 's' }));
    expect(problems).toEqual([
      'RECAPTCHA_SITE_KEY: is required when RECAPTCHA_SECRET_KEY is set (the widget renders with it)',
    ]);
  });

  it('asks for every Stripe setting once a Stripe key is set', () => {
    const problems = apiConfigProblems(
      loadConfig({ ...base, NODE_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_123' }),
    );
    expect(problems).toEqual([
      'STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set',
      'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_MONTHLY: is required when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_VERIFICATION_FEE: is required when STRIPE_SECRET_KEY is set',
    ]);
  });
});
