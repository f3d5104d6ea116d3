// What other modules may ask outreach, as query classes that import nothing of the modules: the
// operators' console shows the milestone counters. Handlers are registered by OutreachModule.
export { GetMilestoneProgress } from './application/queries/get-milestone-progress/get-milestone-progress.query.js';
