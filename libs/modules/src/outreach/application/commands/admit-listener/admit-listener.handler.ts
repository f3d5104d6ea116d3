import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LISTENER_MESSAGES } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { EventStore } from '@app/event-store';
import { HumanCheck } from '../../services/human-check.js';
import { listenerMembershipOpen } from '../../services/listener-membership-gate.js';
import { AdmitListener } from './admit-listener.command.js';

@CommandHandler(AdmitListener)
export class AdmitListenerHandler implements ICommandHandler<AdmitListener> {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(HumanCheck) private readonly humanCheck: HumanCheck,
  ) {}

  async execute({ recaptchaToken, remoteIp }: AdmitListener): Promise<void> {
    // The gate first: before the milestone nobody need solve a captcha for a sign-up that cannot succeed.
    // Once open it never closes, so checking before the account's append cannot let one through early.
    if (!(await listenerMembershipOpen(this.store))) throw new RefusedError('forbidden', LISTENER_MESSAGES.notYetOpen);
    if (!recaptchaToken) throw new RefusedError('invalid', LISTENER_MESSAGES.captchaRequired);
    await this.humanCheck.verify(recaptchaToken, remoteIp);
  }
}
