export { PayolaModule } from './payola.module.js';
export { payolaLedgerProjection, PAYOLA_LEDGER_PROJECTION } from './projections/payola-ledger.projection.js';
export {
  awardPayola,
  awardDecision,
  awardMetadata,
  payolaAccountFold,
  spendPayola,
  spendStateOf,
  payolaStreamLockSql,
  refundPayola,
  payolaBalanceOf,
  type Awarded,
  type Spent,
  type ClaimInStatement,
} from './application/award-payola.js';
export {
  GetRewardPreview,
  type RewardPreview,
} from './application/queries/get-reward-preview/get-reward-preview.query.js';
export {
  payolaStreamId,
  decideAward,
  decideSpend,
  decideRefund,
  SpendRefusedError,
  type AwardRequest,
  type AmountFor,
  type SpendRequest,
  type RefundRequest,
} from './domain/payola-account.js';
export {
  grantMonthlyMembership,
  MONTHLY_GRANT_JOB,
  MONTHLY_GRANT_QUEUE,
  MONTHLY_GRANT_SCHEDULE,
} from './jobs/monthly-membership-grant.js';
