export { PayolaModule } from './payola.module.js';
export { payolaLedgerProjection, PAYOLA_LEDGER_PROJECTION } from './projections/payola-ledger.projection.js';
export {
  awardPayola,
  awardDecision,
  awardMetadata,
  payolaAccountFold,
  type Awarded,
} from './application/award-payola.js';
export {
  GetRewardPreview,
  type RewardPreview,
} from './application/queries/get-reward-preview/get-reward-preview.query.js';
export { payolaStreamId, decideAward, type AwardRequest, type AmountFor } from './domain/payola-account.js';
export {
  grantMonthlyMembership,
  MONTHLY_GRANT_JOB,
  MONTHLY_GRANT_QUEUE,
  MONTHLY_GRANT_SCHEDULE,
} from './jobs/monthly-membership-grant.js';
