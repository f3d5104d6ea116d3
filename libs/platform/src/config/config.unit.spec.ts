import { ConfigError, loadConfig } from './config.js';

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
