import type { EventOfType } from '@app/contracts';
import { defineReactor } from '@app/event-store';
import { LISTENER_MEMBERSHIP } from '../domain/milestones.js';
import { LISTENER_INVITATIONS_REACTOR } from '../outreach-names.js';

/**
 * When the Listener milestone is reached, opens the invitation campaign; the worker's
 * `sendListenerInvitations` then emails the waitlist in small committed chunks. A reactor, so a replay
 * never starts it again.
 */
export const listenerInvitationsReactor = defineReactor<EventOfType<'MilestoneReached'>>({
  kind: 'reactor',
  name: LISTENER_INVITATIONS_REACTOR,
  eventTypes: ['MilestoneReached'],
  async handle(events, db) {
    for (const event of events) {
      if (event.data.milestone !== LISTENER_MEMBERSHIP) continue;
      await db.query(
        'insert into outreach_invitation_campaigns (milestone, milestone_event) values ($1, $2) on conflict do nothing',
        [event.data.milestone, event.globalPosition],
      );
    }
  },
});
