export { PayolaModule } from './payola.module.js';
export { payolaLedgerProjection, PAYOLA_LEDGER_PROJECTION } from './projections/payola-ledger.projection.js';
export {
  createVerificationRewardReactor,
  VERIFICATION_REWARD_REACTOR,
} from './reactors/verification-reward.reactor.js';
export { awardPayola, payolaStreamId, type Award } from './application/award-payola.js';
export { activeMembershipsProjection } from './projections/active-memberships.projection.js';
export {
  grantMonthlyMembership,
  MONTHLY_GRANT_JOB,
  MONTHLY_GRANT_QUEUE,
  MONTHLY_GRANT_SCHEDULE,
} from './jobs/monthly-membership-grant.js';
