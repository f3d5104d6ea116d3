import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { EmailOutbox, InjectLogger, stageEmail, type Logger } from '@app/platform';
import { decideJoinWaitlist, waitlistEmailKey, waitlistFold, waitlistStreamId } from '../../../domain/waitlist.js';
import { waitlistConfirmationEmail } from '../../emails/outreach.emails.js';
import { HumanCheck } from '../../services/human-check.js';
import { JoinWaitlist } from './join-waitlist.command.js';

@CommandHandler(JoinWaitlist)
export class JoinWaitlistHandler implements ICommandHandler<JoinWaitlist> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(HumanCheck) private readonly humanCheck: HumanCheck,
    @Inject(EmailOutbox) private readonly outbox: EmailOutbox,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ entry, remoteIp, requestId }: JoinWaitlist): Promise<void> {
    await this.humanCheck.verify(entry.recaptchaToken, remoteIp);
    const { recaptchaToken: _token, ...fields } = entry;
    const entryId = randomUUID();
    // A second sign-up of the address (or a double submit losing the race) decides again and
    // records nothing: the caller gets the same answer either way.
    const { result: outboxId } = await this.repository.execute(
      waitlistStreamId(entry.email),
      waitlistFold,
      async (state, tx) => {
        const events = decideJoinWaitlist(state, { entryId, ...fields });
        if (events.length === 0) return { events, result: null };
        // Who the milestone email goes to, committed with the event.
        await tx.query(
          'insert into waitlist_entries (email_key, entry_id, email, first_name) values ($1, $2, $3, $4)',
          [waitlistEmailKey(entry.email), entryId, entry.email, entry.firstName],
        );
        const staged = await stageEmail(tx, waitlistConfirmationEmail(entry.email, entry.firstName));
        return { events, result: staged };
      },
      { metadata: { requestId }, maxAttempts: 3 },
    );
    if (outboxId !== null) await this.outbox.relaySoon([outboxId], this.logger);
  }
}
