import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { EmailOutbox, InjectConfig, InjectLogger, stageEmail, type AppConfig, type Logger } from '@app/platform';
import { decideJoinWaitlist, waitlistEmailKey, waitlistFold, waitlistStreamId } from '../../../domain/waitlist.js';
import { LISTENER_MEMBERSHIP } from '../../../domain/milestones.js';
import { listenerMembershipOpenEmail, waitlistConfirmationEmail } from '../../emails/outreach.emails.js';
import { HumanCheck } from '../../services/human-check.js';
import { issueListenerInvitation } from '../../services/listener-invitation-tokens.js';
import { JoinWaitlist } from './join-waitlist.command.js';

@CommandHandler(JoinWaitlist)
export class JoinWaitlistHandler implements ICommandHandler<JoinWaitlist> {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
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
        // Once the Listener membership is open, a newcomer hears that right away instead of "we'll notify you".
        const open = await tx.query('select 1 from outreach_invitation_campaigns where milestone = $1', [
          LISTENER_MEMBERSHIP,
        ]);
        const alreadyOpen = (open.rowCount ?? 0) > 0;
        // Who the milestone email goes to, committed with the event.
        await tx.query(
          `insert into waitlist_entries (email_key, entry_id, email, first_name, listener_invited_at)
           values ($1, $2, $3, $4, case when $5 then now() end)`,
          [waitlistEmailKey(entry.email), entryId, entry.email, entry.firstName, alreadyOpen],
        );
        const email = alreadyOpen
          ? listenerMembershipOpenEmail(
              entry.email,
              entry.firstName,
              await issueListenerInvitation(tx, waitlistEmailKey(entry.email), this.config.PUBLIC_URL),
            )
          : waitlistConfirmationEmail(entry.email, entry.firstName);
        const staged = await stageEmail(tx, email);
        return { events, result: staged };
      },
      { metadata: { requestId }, maxAttempts: 3 },
    );
    if (outboxId !== null) await this.outbox.relaySoon([outboxId], this.logger);
  }
}
