import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { CSRF_TOKENS, createCsrfTokens } from '@app/modules/identity';
import { APP_CONFIG, EmailOutbox, EmailQueue, PG_POOL, type AppConfig, type Pool } from '@app/platform';

/** Signed webhooks authenticate by signature, not by session, so they skip CSRF checks. */
export const CSRF_EXEMPT_PATHS: readonly string[] = ['/api/stripe/webhook', '/api/veriff/webhook'];
/** Probed every few seconds by load balancers, which need no cookies. */
export const CSRF_TOKENLESS_PATHS: readonly string[] = ['/api/health'];

class EmailQueueLifecycle implements OnApplicationShutdown {
  constructor(@Inject(EmailQueue) private readonly emails: EmailQueue) {}

  onApplicationShutdown(): Promise<void> {
    return this.emails.close();
  }
}

/** Api-wide services the modules share: the email queue and its outbox, and the CSRF tokens. */
@Global()
@Module({
  providers: [
    {
      provide: EmailQueue,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new EmailQueue(config.REDIS_URL, config.QUEUE_PREFIX),
    },
    {
      provide: EmailOutbox,
      inject: [PG_POOL, EmailQueue],
      useFactory: (pool: Pool, emails: EmailQueue) => new EmailOutbox(pool, emails),
    },
    {
      provide: CSRF_TOKENS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createCsrfTokens(config, CSRF_EXEMPT_PATHS, CSRF_TOKENLESS_PATHS),
    },
    EmailQueueLifecycle,
  ],
  exports: [EmailQueue, EmailOutbox, CSRF_TOKENS],
})
export class SharedApiModule {}
