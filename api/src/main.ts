// First: V8's flags for the heap apply only to what is allocated after them.
import './heap-tuning.js';
import cluster from 'node:cluster';
import { apiConfigProblems, ConfigError, createLogger, loadConfigOrExit, type AppConfig } from '@app/platform';
import { createApiApp } from './create-api-app.js';

async function serve(config: AppConfig): Promise<void> {
  const app = await createApiApp();
  await app.listen(config.PORT, config.HOST);
  if (cluster.isPrimary) {
    createLogger('api', config.LOG_LEVEL).info({ url: config.PUBLIC_URL, port: config.PORT }, 'api listening');
  }
}

/**
 * API_PROCESSES > 1: this process only forks that many api processes, which share the port (node:cluster
 * hands each new connection to one of them), restarts one that dies, and stops them all on SIGTERM or
 * SIGINT. A Node process runs its JavaScript on one core; on a machine with cores to spare, one api process
 * per core is what lets the api use them. Each process keeps its own caches, which are safe to have
 * several of (session-cache.ts, catalog-read-cache.ts).
 */
function superviseProcesses(config: AppConfig): void {
  const logger = createLogger('api', config.LOG_LEVEL);
  let stopping = false;
  for (let i = 0; i < config.API_PROCESSES; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'api process exited; starting another');
    cluster.fork();
  });
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === config.API_PROCESSES) {
      logger.info({ url: config.PUBLIC_URL, port: config.PORT, processes: config.API_PROCESSES }, 'api listening');
    }
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    });
  }
}

function bootstrap(): void {
  const config = loadConfigOrExit();
  const problems = apiConfigProblems(config);
  if (problems.length > 0) {
    console.error(new ConfigError(problems).message);
    process.exit(1);
  }
  if (cluster.isPrimary && config.API_PROCESSES > 1) superviseProcesses(config);
  else void serve(config);
}

bootstrap();
