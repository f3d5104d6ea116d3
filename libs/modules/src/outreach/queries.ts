// What other modules may ask outreach, as query classes that import nothing of the modules: the
// operators' console shows the milestone counters; identity's data export asks for the member's
// waitlist sign-up; identity's create-account asks it to admit a Listener (the milestone gate and the
// human check: a command class, as import-free as the queries). Handlers are registered by OutreachModule.
export { GetMilestoneProgress } from './application/queries/get-milestone-progress/get-milestone-progress.query.js';
export { ExportOutreachData } from './application/queries/export-outreach-data/export-outreach-data.query.js';
export { AdmitListener } from './application/commands/admit-listener/admit-listener.command.js';
