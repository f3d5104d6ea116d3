/** Names shared by the outreach module's write and read sides (consumer names are checkpoint names). */
export const MILESTONE_PROGRESS_PROJECTION = 'outreach-milestone-progress';
export const MILESTONE_RECORDER_REACTOR = 'outreach-milestone-recorder';
export const LISTENER_INVITATIONS_REACTOR = 'outreach-listener-invitations';
