import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { sendListenerInvitations } from '@app/modules/outreach';
import { InjectConfig, InjectLogger, InjectPool, type AppConfig, type Logger, type Pool } from '@app/platform';
import { EmailOutboxRelay } from './email-outbox-relay.js';

const INVITATION_INTERVAL_MS = 2000;

/**
 * Once the Listener milestone is reached, emails the waitlist (and anyone who joins later) that the
 * membership is open. Each pass claims addresses in committed chunks with their emails staged, then
 * hands them to the outbox relay; a crash mid-way leaves the rest for the next pass, never a repeat.
 */
@Injectable()
export class ListenerInvitationSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectPool() private readonly pool: Pool,
    @InjectLogger() private readonly logger: Logger,
    @Inject(EmailOutboxRelay) private readonly relay: EmailOutboxRelay,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), INVITATION_INTERVAL_MS);
  }

  tick(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<void> {
    try {
      const staged = await sendListenerInvitations(this.pool, this.config.PUBLIC_URL);
      if (staged === 0) return;
      this.logger.info({ staged }, 'Listener membership invitations staged');
      await this.relay.tick();
    } catch (error) {
      this.logger.warn({ err: error }, 'Listener invitations failed; the next pass carries on');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
