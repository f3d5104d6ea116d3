export { OutreachModule } from './outreach.module.js';
export {
  MILESTONE_PROGRESS_PROJECTION,
  MILESTONE_RECORDER_REACTOR,
  LISTENER_INVITATIONS_REACTOR,
} from './outreach-names.js';
export { milestoneProgressProjection } from './projections/milestone-progress.projection.js';
export { createMilestoneRecorderReactor } from './reactors/milestone-recorder.reactor.js';
export { listenerInvitationsReactor } from './reactors/listener-invitations.reactor.js';
export { sendListenerInvitations, LISTENER_INVITATION_CHUNK } from './jobs/listener-invitations.js';
export { milestoneStreamId, type Milestone } from './domain/milestones.js';
export { waitlistStreamId } from './domain/waitlist.js';
export { listenerMembershipOpen } from './application/services/listener-membership-gate.js';
