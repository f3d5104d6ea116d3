import { createLogger, loadConfigOrExit } from '@app/platform';
import { createApiApp } from './create-api-app.js';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApiApp();
  await app.listen(config.PORT, config.HOST);
  createLogger('api', config.LOG_LEVEL).info({ url: config.PUBLIC_URL, port: config.PORT }, 'api listening');
}

void bootstrap();
