import { apiConfigProblems, ConfigError, createLogger, loadConfigOrExit } from '@app/platform';
import { createApiApp } from './create-api-app.js';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const problems = apiConfigProblems(config);
  if (problems.length > 0) {
    console.error(new ConfigError(problems).message);
    process.exit(1);
  }
  const app = await createApiApp();
  await app.listen(config.PORT, config.HOST);
  createLogger('api', config.LOG_LEVEL).info({ url: config.PUBLIC_URL, port: config.PORT }, 'api listening');
}

void bootstrap();
